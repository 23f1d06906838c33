import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { organisations, people } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { settings } from '@/lib/config';
import { subjectFromAttributes } from '@/lib/reports/str/draft-from-case';
import { buildCtrXml, type CtrDocumentRow, type CtrFilingHeader } from './build-xml';
import { readCtr } from './get-ctr';
import type { CtrBatchRow } from './serialize';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The header a batch is filed under by `reporterId`: the organisation's institution, SERVICE_FILING_ENTITY_ID, the
 * batch's reference, and the reporting person. `submission_date` is the batch's `updated_at`, not the clock, and the
 * reporting person is the one who submits it (for GET .../xml, the person reading), so the reviewer about to submit
 * reads exactly the bytes that submitting sends: every change to the batch moves `updated_at`.
 */
export async function ctrHeader(db: Queryable, batch: CtrBatchRow, reporterId: string): Promise<CtrFilingHeader> {
  const [org] = await db.select({ institution: organisations.institution }).from(organisations).where(eq(organisations.id, batch.orgId));
  const [person] = UUID.test(reporterId)
    ? await db
        .select({ name: people.name })
        .from(people)
        .where(and(eq(people.orgId, batch.orgId), eq(people.id, reporterId)))
    : [];
  const name = (person?.name ?? '').trim();
  const space = name.indexOf(' ');
  return {
    entity_id: settings().filingEntityId ?? null,
    institution: org?.institution ?? null,
    reference: `CTR-${batch.number}`,
    submission_date: batch.updatedAt.toISOString(),
    currency_local: settings().reportCurrency,
    reporting_person: space > 0 ? { first_name: name.slice(0, space), last_name: name.slice(space + 1) } : { first_name: name, last_name: name },
    date: batch.date,
  };
}

interface FiledRow extends Record<string, unknown> {
  event_id: string;
  occurred_at: string | Date;
  direction: 'in' | 'out';
  amount: string;
  currency: string;
  customer_id: string;
  entity_id: string;
  type: string | null;
  kind: string | null;
  attributes: Record<string, unknown> | null;
  other_id: string | null;
  other_name: string | null;
}

/** The rows a submission files now: included, with a customer ID, in (occurred_at, id) order, with what the document says of each. */
export async function ctrFiledRows(db: Queryable, batch: CtrBatchRow): Promise<CtrDocumentRow[]> {
  const { rows } = await db.execute<FiledRow>(sql`
    SELECT r.event_id, r.occurred_at, r.direction, r.amount::text AS amount, r.currency, r.customer_id, r.entity_id,
      ev.type, en.kind, en.attributes, side.other_id, nullif(btrim(oth.attributes->>'name'), '') AS other_name
    FROM ctr_rows r
    LEFT JOIN events ev ON ev.org_id = r.org_id AND ev.id = r.event_id
    LEFT JOIN entities en ON en.org_id = r.org_id AND en.id = r.entity_id
    CROSS JOIN LATERAL (
      SELECT nullif(CASE WHEN r.direction = 'in' THEN ev.source_id ELSE ev.destination_id END, r.entity_id) AS other_id
    ) side
    LEFT JOIN entities oth ON oth.org_id = r.org_id AND oth.id = side.other_id
    WHERE r.org_id = ${batch.orgId} AND r.batch_id = ${batch.id} AND r.included AND r.customer_id IS NOT NULL
    ORDER BY r.occurred_at, r.id`);
  return rows.map((r) => ({
    eventId: r.event_id,
    occurredAt: r.occurred_at instanceof Date ? r.occurred_at : new Date(r.occurred_at),
    direction: r.direction,
    amount: Number(r.amount),
    currency: r.currency,
    customerId: r.customer_id,
    type: r.type,
    otherParty: r.other_name ?? r.other_id,
    customer: subjectFromAttributes(r.entity_id, r.kind, r.attributes ?? {}),
  }));
}

/** The goAML document of a batch as `reporterId` would file it now, and how many rows it holds. */
export async function ctrDocument(db: Queryable, batch: CtrBatchRow, reporterId: string): Promise<{ xml: string; rows: number }> {
  const [header, rows] = await Promise.all([ctrHeader(db, batch, reporterId), ctrFiledRows(db, batch)]);
  return { xml: buildCtrXml(header, rows), rows: rows.length };
}

/**
 * GET /v1/reports/ctr/{id}/xml: the document that submitting the batch would send now, with the reader as reporting
 * person, in any state. Another organisation's batch is 404.
 */
export async function ctrXml(db: Queryable, actor: Actor, id: string): Promise<string> {
  authorize(actor, 'work');
  const batch = await readCtr(db, actor, id);
  return (await ctrDocument(db, batch, actor.actorId)).xml;
}
