import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { organisations } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError, NotFoundError } from '@/lib/errors';
import { parseInput } from '@/lib/validation';
import type { OrganisationRow } from './create-organisation';
import { FILING_FIELDS, filingDetailsSchema, type FilingField, type FilingFieldNames } from './schemas';

export const CHANGE_FILING_DETAILS_MESSAGE = "only an admin can change the organisation's filing details";
export const FILING_DETAILS_RACE_MESSAGE = "the organisation's filing details were changed meanwhile; reload and try again";

export interface UpdateFilingDetailsOptions {
  /** How refusals name the fields: the command line's names by default, the screen's words in the console. */
  fieldNames?: FilingFieldNames;
}

/**
 * Sets the actor's organisation's institution, licence reference and regulator (they head its regulatory
 * filings; setup asks for them, `service-admin orgs create` and the bootstrap settings leave them empty).
 * Fields not given keep their value. Admins and the command line only. The update holds only if the row
 * still has the values it was read with (a concurrent change is a 409, never overwritten), and its audit
 * entry (`organisation.updated`, each changed field `{from, to}`) commits with it. Values equal to the
 * stored ones change nothing and write no entry.
 */
export async function updateFilingDetails(
  db: Database,
  actor: Actor,
  input: unknown,
  options: UpdateFilingDetailsOptions = {},
): Promise<OrganisationRow> {
  authorize(actor, 'administer', CHANGE_FILING_DETAILS_MESSAGE);
  const wanted = parseInput(filingDetailsSchema(options.fieldNames), input);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(organisations).where(eq(organisations.id, actor.orgId));
    if (!before) throw new NotFoundError('organisation not found');

    const set: Partial<Record<FilingField, string>> = {};
    const changes: Partial<Record<FilingField, { from: string | null; to: string }>> = {};
    for (const field of FILING_FIELDS) {
      const to = wanted[field];
      if (to === undefined || to === before[field]) continue;
      set[field] = to;
      changes[field] = { from: before[field], to };
    }
    if (Object.keys(set).length === 0) return before;

    const [after] = await tx
      .update(organisations)
      .set(set)
      .where(
        and(
          eq(organisations.id, actor.orgId),
          ...FILING_FIELDS.map((f) => sql`${organisations[f]} IS NOT DISTINCT FROM ${before[f]}`),
        ),
      )
      .returning();
    if (!after) throw new ConflictError(FILING_DETAILS_RACE_MESSAGE);
    await recordAudit(tx, actor, { action: 'organisation.updated', targetType: 'organisation', targetId: after.id, changes });
    return after;
  });
}
