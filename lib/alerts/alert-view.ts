import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { alerts, decisions, entities, events, screenings } from '@/db/schema';

/** The entity an alert is about: its subject entity, or for a screening alert the screening's reference. */
const subjectEntityId = sql`coalesce(${alerts.entityId}, ${screenings.reference})`;

/**
 * The near misses of a clear screening that were confirmed as true matches (at any time): the
 * entries its alert was raised for, since a clear screening has no matches to show. Read only for a
 * clear screening, so the alerts of potential matches cost nothing more.
 */
const confirmedNear = sql<unknown>`CASE WHEN ${screenings.status} = 'clear' THEN (
  SELECT coalesce(jsonb_agg(n.m ORDER BY n.i), '[]'::jsonb)
  FROM jsonb_array_elements(${screenings.near}) WITH ORDINALITY AS n(m, i)
  WHERE EXISTS (SELECT 1 FROM screening_resolutions r
                WHERE r.org_id = ${screenings.orgId} AND r.screening_id = ${screenings.id} AND r.outcome = 'true_match'
                  AND r.list = n.m->>'list' AND r.entry_ref = n.m->>'entry_ref')) END`;

/**
 * One query for alerts with everything their list fields need: the decision and event behind the
 * alert, the screening of a screening alert and the subject entity's kind and name. Callers add
 * the conditions, order and limit; a page costs one query, never one per row.
 */
export function selectAlertViews(db: Queryable) {
  return db
    .select({
      alert: alerts,
      decision: {
        decision: decisions.decision,
        riskScore: decisions.riskScore,
        reasons: decisions.reasons,
        decidedInUs: decisions.decidedInUs,
      },
      event: {
        type: events.type,
        occurredAt: events.occurredAt,
        amount: events.amount,
        currency: events.currency,
        rail: events.rail,
        sourceId: events.sourceId,
      },
      // Drizzle decides whether a left-joined object is null by its first field: always a NOT NULL column.
      screening: {
        createdAt: screenings.createdAt,
        reference: screenings.reference,
        subject: screenings.subject,
        matches: screenings.matches,
        confirmedNear,
      },
      entity: {
        registered: entities.registered,
        kind: entities.kind,
        name: sql<string | null>`${entities.attributes}->>'name'`,
      },
    })
    .from(alerts)
    .leftJoin(decisions, and(eq(decisions.orgId, alerts.orgId), eq(decisions.id, alerts.decisionId)))
    .leftJoin(events, and(eq(events.orgId, alerts.orgId), eq(events.id, alerts.eventId)))
    .leftJoin(screenings, and(eq(screenings.orgId, alerts.orgId), eq(screenings.id, alerts.screeningId)))
    .leftJoin(entities, and(eq(entities.orgId, alerts.orgId), sql`${entities.id} = ${subjectEntityId}`))
    .$dynamic();
}
