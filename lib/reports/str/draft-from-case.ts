import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { alerts, caseAlerts, decisions, entities, events } from '@/db/schema';
import type { CaseRow } from '@/lib/cases/serialize';
import type { StrAddress, StrParty, StrSubject, StrTransaction } from './types';

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

function address(v: unknown): StrAddress | null {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return null;
  const a = v as Record<string, unknown>;
  const out = { street: text(a.street), city: text(a.city), country: text(a.country) };
  return out.street === null && out.city === null && out.country === null ? null : out;
}

/**
 * The subject of a new STR from the case subject entity's `attributes` (DESIGN, "STR record": the same
 * field names). An entity of kind `business` (or `company`, `organisation`) gives a business subject,
 * anything else a person; fields the record lacks stay null for the drafter to fill.
 */
export function subjectFromAttributes(entityId: string | null, kind: string | null, attributes: Record<string, unknown>): StrSubject {
  const common = { entity_id: entityId, address: address(attributes.address), phone: text(attributes.phone), customer_id: text(attributes.customer_id) };
  if (kind !== null && ['business', 'company', 'organisation', 'organization'].includes(kind.toLowerCase())) {
    return {
      kind: 'business',
      ...common,
      name: text(attributes.name),
      registration_number: text(attributes.registration_number),
      incorporation_country: text(attributes.incorporation_country),
      incorporation_date: text(attributes.incorporation_date),
      director_first_name: text(attributes.director_first_name),
      director_last_name: text(attributes.director_last_name),
    };
  }
  return {
    kind: 'person',
    ...common,
    first_name: text(attributes.first_name),
    last_name: text(attributes.last_name),
    birth_date: text(attributes.birth_date),
    id_number: text(attributes.id_number),
    nationality: text(attributes.nationality),
    residence: text(attributes.residence),
    occupation: text(attributes.occupation),
  };
}

/** An RFC 3339 instant in the answers' form, or null when the ledger sent none we can read. */
function instantOrNull(v: string | null): string | null {
  if (v === null) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/**
 * The draft's subject and transactions from a case: one transaction per event behind the case's alerts
 * (the events of their decisions and each alert's own event), oldest first, `date` the event's
 * `occurred_at` and `source_date` the `occurred_at` of the stored payload. A side is `my_client` when it
 * is the case's subject.
 */
export async function draftFromCase(db: Queryable, c: CaseRow): Promise<{ subject: StrSubject; transactions: StrTransaction[] }> {
  const alertIds = db
    .select({ id: caseAlerts.alertId })
    .from(caseAlerts)
    .where(and(eq(caseAlerts.orgId, c.orgId), eq(caseAlerts.caseId, c.id)));
  const viaDecisions = db
    .select({ id: decisions.eventId })
    .from(decisions)
    .where(and(eq(decisions.orgId, c.orgId), inArray(decisions.alertId, alertIds)));
  const viaAlerts = db
    .select({ id: alerts.eventId })
    .from(alerts)
    .where(and(eq(alerts.orgId, c.orgId), inArray(alerts.id, alertIds)));
  const rows = await db
    .select({
      id: events.id,
      type: events.type,
      occurredAt: events.occurredAt,
      sourceDate: sql<string | null>`${events.payload}->>'occurred_at'`,
      amount: events.amount,
      currency: events.currency,
      rail: events.rail,
      sourceId: events.sourceId,
      destinationId: events.destinationId,
    })
    .from(events)
    .where(and(eq(events.orgId, c.orgId), or(inArray(events.id, viaDecisions), inArray(events.id, viaAlerts))))
    .orderBy(asc(events.occurredAt), asc(events.id));

  const ids = new Set<string>();
  if (c.subjectEntityId) ids.add(c.subjectEntityId);
  for (const r of rows) {
    if (r.sourceId) ids.add(r.sourceId);
    if (r.destinationId) ids.add(r.destinationId);
  }
  const known =
    ids.size === 0
      ? []
      : await db
          .select({ id: entities.id, kind: entities.kind, attributes: entities.attributes })
          .from(entities)
          .where(and(eq(entities.orgId, c.orgId), inArray(entities.id, [...ids])));
  const byId = new Map(known.map((e) => [e.id, e]));
  const party = (id: string | null): StrParty => ({
    entity_id: id,
    name: id ? text(byId.get(id)?.attributes.name) : null,
    my_client: id !== null && id === c.subjectEntityId,
  });
  const subjectRow = c.subjectEntityId ? byId.get(c.subjectEntityId) : undefined;
  const subject = subjectFromAttributes(c.subjectEntityId, subjectRow?.kind ?? null, subjectRow?.attributes ?? {});
  const transactions = rows.map(
    (r, index): StrTransaction => ({
      index,
      event_id: r.id,
      date: r.occurredAt.toISOString(),
      source_date: instantOrNull(r.sourceDate),
      amount: r.amount === null ? 0 : Number(r.amount),
      currency: r.currency ?? '',
      rail: r.rail,
      from: party(r.sourceId),
      to: party(r.destinationId),
      description: r.type,
    }),
  );
  return { subject, transactions };
}
