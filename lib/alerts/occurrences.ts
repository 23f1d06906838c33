import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { decisions, events, type DecisionReason } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';

export interface AlertOccurrence {
  decisionId: string;
  decision: 'allow' | 'review' | 'block';
  riskScore: number;
  reasons: DecisionReason[];
  decidedAt: Date;
  eventId: string;
  type: string;
  occurredAt: Date;
  amount: string | null;
  currency: string | null;
  rail: string | null;
  sourceId: string | null;
  destinationId: string | null;
}

/** At most this many occurrences are shown on an alert page; `occurrences` on the alert gives the count. */
export const OCCURRENCES_SHOWN = 100;

/**
 * The review and block decisions an alert holds (its occurrences) with their events, latest event
 * first, read on decisions_alert_idx. Another organisation's alert has none.
 */
export async function listAlertOccurrences(db: Queryable, actor: Actor, alertId: string, limit = OCCURRENCES_SHOWN): Promise<AlertOccurrence[]> {
  authorize(actor, 'work');
  return db
    .select({
      decisionId: decisions.id,
      decision: decisions.decision,
      riskScore: decisions.riskScore,
      reasons: decisions.reasons,
      decidedAt: decisions.createdAt,
      eventId: events.id,
      type: events.type,
      occurredAt: events.occurredAt,
      amount: events.amount,
      currency: events.currency,
      rail: events.rail,
      sourceId: events.sourceId,
      destinationId: events.destinationId,
    })
    .from(decisions)
    .innerJoin(events, and(eq(events.orgId, decisions.orgId), eq(events.id, decisions.eventId)))
    .where(and(eq(decisions.orgId, actor.orgId), eq(decisions.alertId, alertId)))
    .orderBy(desc(events.occurredAt), desc(events.id))
    .limit(limit);
}
