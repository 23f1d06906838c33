import type { decisions, events } from '@/db/schema';
import { decidedInMs } from '@/lib/decisions/serialize';

export type EventRow = typeof events.$inferSelect;
type DecisionRow = typeof decisions.$inferSelect;

/** An event as listed (GET /v1/events, entity timeline). */
export function serializeEvent(e: EventRow, d: DecisionRow | null) {
  return {
    id: e.id,
    idempotency_key: e.idempotencyKey,
    type: e.type,
    occurred_at: e.occurredAt.toISOString(),
    received_at: e.receivedAt.toISOString(),
    ...(e.amount !== null ? { amount: { value: Number(e.amount), currency: e.currency } } : {}),
    ...(e.rail !== null ? { rail: e.rail } : {}),
    ...(e.sourceId !== null ? { source_id: e.sourceId } : {}),
    ...(e.destinationId !== null ? { destination_id: e.destinationId } : {}),
    ...(d ? { decision: { id: d.id, decision: d.decision, risk_score: d.riskScore } } : {}),
  };
}

/** One event with its payload as sent and the reasons of its decision. */
export function serializeEventDetail(e: EventRow, d: DecisionRow | null) {
  const ms = d ? decidedInMs(d.decidedInUs) : undefined;
  return {
    ...serializeEvent(e, d),
    payload: e.payload,
    reasons: d ? d.reasons : [],
    ...(ms !== undefined ? { decided_in_ms: ms } : {}),
  };
}
