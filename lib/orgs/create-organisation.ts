import type { Database } from '@/db/client';
import { organisations } from '@/db/schema';
import { systemActor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit/record';
import { InvalidInputError, ConflictError } from '@/lib/errors';
import { isUniqueViolation } from '@/db/errors';

export type OrganisationRow = typeof organisations.$inferSelect;

/** Creates an organisation (a tenant). Names are unique so that `-org <name>` is unambiguous. */
export async function createOrganisation(db: Database, input: { name: string }, actorId = 'service-admin'): Promise<OrganisationRow> {
  const name = input.name.trim();
  if (name.length < 1 || name.length > 200) throw new InvalidInputError('name must be 1 to 200 characters');
  try {
    return await db.transaction(async (tx) => {
      const [org] = await tx.insert(organisations).values({ name }).returning();
      if (!org) throw new Error('organisation insert returned no row');
      await recordAudit(tx, systemActor(org.id, actorId), {
        action: 'organisation.created',
        targetType: 'organisation',
        targetId: org.id,
        changes: { name },
      });
      return org;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'organisations_name_key')) throw new ConflictError(`an organisation named "${name}" already exists`);
    throw err;
  }
}
