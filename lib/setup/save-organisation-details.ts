import { eq } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { organisations } from '@/db/schema';
import { systemActor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit/record';
import type { OrganisationRow } from '@/lib/orgs/create-organisation';

export interface OrganisationDetails {
  institution: string;
  licence: string | null;
  regulator: string | null;
}

/**
 * The organisation setup works on: the one named like the institution when an operator already made it
 * with `service-admin orgs create` (nobody can sign in to it yet, or setup would be closed), else a new
 * one named after the institution. Its filing details are saved either way.
 */
export async function saveOrganisationDetails(
  tx: Queryable,
  details: OrganisationDetails,
  actorId: string,
  requestId?: string,
): Promise<OrganisationRow> {
  const values = { institution: details.institution, licence: details.licence, regulator: details.regulator };
  const [existing] = await tx.select().from(organisations).where(eq(organisations.name, details.institution)).for('update');
  if (existing) {
    const [updated] = await tx.update(organisations).set(values).where(eq(organisations.id, existing.id)).returning();
    if (!updated) throw new Error('organisation update returned no row');
    await recordAudit(tx, { ...systemActor(updated.id, actorId), requestId }, {
      action: 'organisation.updated',
      targetType: 'organisation',
      targetId: updated.id,
      changes: values,
    });
    return updated;
  }
  const [created] = await tx
    .insert(organisations)
    .values({ name: details.institution, ...values })
    .returning();
  if (!created) throw new Error('organisation insert returned no row');
  await recordAudit(tx, { ...systemActor(created.id, actorId), requestId }, {
    action: 'organisation.created',
    targetType: 'organisation',
    targetId: created.id,
    changes: { name: created.name, ...values },
  });
  return created;
}
