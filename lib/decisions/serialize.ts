import type { decisions } from '@/db/schema';

export type DecisionRow = typeof decisions.$inferSelect;

/** Milliseconds shown for a decision: the engine's time, rounded to a whole millisecond. */
export const decidedInMs = (us: number | null): number | undefined => (us === null ? undefined : Math.round(us / 1000));

/** The Decision resource of the interface. */
export function serializeDecision(d: DecisionRow) {
  const ms = decidedInMs(d.decidedInUs);
  return {
    id: d.id,
    event_id: d.eventId,
    decision: d.decision,
    risk_score: d.riskScore,
    ...(d.alertId ? { alert_id: d.alertId } : {}),
    ...(ms !== undefined ? { decided_in_ms: ms } : {}),
    reasons: d.reasons,
    created_at: d.createdAt.toISOString(),
  };
}
