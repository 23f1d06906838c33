import { and, eq } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { organisations, people, strReports } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { settings } from '@/lib/config';
import { NotFoundError } from '@/lib/errors';
import { checkStr, configuredFilingSchema } from './checks';
import { STR_NOT_FOUND } from './schemas';
import type { StrRow } from './serialize';
import type { StrCheck, StrDraft, StrFilingHeader } from './types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One STR of the actor's organisation, or 404 (another organisation's included). */
export async function readStr(db: Queryable, actor: Actor, id: string): Promise<StrRow> {
  const [row] = await db
    .select()
    .from(strReports)
    .where(and(eq(strReports.orgId, actor.orgId), eq(strReports.id, id)));
  if (!row) throw new NotFoundError(STR_NOT_FOUND);
  return row;
}

export const draftOf = (row: StrRow): StrDraft => ({
  subject: row.subject,
  transactions: row.transactions,
  reason: row.reason,
  action: row.action,
  indicators: row.indicators,
  attachments: row.attachments,
});

/**
 * The header the STR is filed under now: the organisation's institution, licence and regulator,
 * `SERVICE_FILING_ENTITY_ID`, the report's reference and the drafter as reporting person.
 */
export async function strHeader(db: Queryable, row: StrRow, now: Date): Promise<StrFilingHeader> {
  const [org] = await db
    .select({ institution: organisations.institution, licence: organisations.licence, regulator: organisations.regulator })
    .from(organisations)
    .where(eq(organisations.id, row.orgId));
  const [person] = UUID.test(row.draftedBy)
    ? await db
        .select({ name: people.name })
        .from(people)
        .where(and(eq(people.orgId, row.orgId), eq(people.id, row.draftedBy)))
    : [];
  const name = (person?.name ?? '').trim();
  const space = name.indexOf(' ');
  return {
    entity_id: settings().filingEntityId ?? null,
    institution: org?.institution ?? null,
    licence: org?.licence ?? null,
    regulator: org?.regulator ?? null,
    reference: `STR-${row.number}`,
    submission_date: now.toISOString(),
    currency_local: settings().reportCurrency,
    reporting_person: space > 0 ? { first_name: name.slice(0, space), last_name: name.slice(space + 1) } : { first_name: name, last_name: name },
  };
}

/** The checks the filing system would run on the STR now (DESIGN: computed on every read). */
export async function strChecks(db: Queryable, row: StrRow, now = new Date()): Promise<StrCheck[]> {
  const header = await strHeader(db, row, now);
  const { checks } = await checkStr(draftOf(row), header, { schema: await configuredFilingSchema(), now });
  return checks;
}

/** GET /v1/reports/str/{id}: the STR with its live checks. Anyone signed in can read. */
export async function getStr(db: Queryable, actor: Actor, id: string): Promise<{ str: StrRow; checks: StrCheck[] }> {
  authorize(actor, 'work');
  const str = await readStr(db, actor, id);
  return { str, checks: await strChecks(db, str) };
}
