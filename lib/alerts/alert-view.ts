import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { alerts, decisions, entities, events, screenings } from '@/db/schema';

/** The entity an alert is about: its subject entity, or for a screening alert the screening's reference. */
const subjectEntityId = sql`coalesce(${alerts.entityId}, ${screenings.reference})`;

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
