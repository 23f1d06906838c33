import { parseInput } from '@/lib/validation';
import { eventInput } from './schemas';

export { AMOUNT_MESSAGE, OCCURRED_AT_RANGE_MESSAGE, REQUIRED_MESSAGE } from './schemas';

/** The fields of an event the service works with; the payload is kept exactly as sent besides. */
export interface EventInput {
  type: string;
  idempotencyKey: string;
  occurredAt: Date;
  amount: number | null;
  currency: string | null;
  rail: string | null;
  sourceId: string | null;
  destinationId: string | null;
  deviceId: string | null;
  payload: Record<string, unknown>;
  /** The body's text as received, stored as the payload so the record is what was sent, byte for byte. */
  payloadText?: string;
}

/**
 * Parses a posted event with its schema (lib/events/schemas.ts), with the interface's messages. The payload
 * is the body exactly as sent (and `text`, its bytes as received, when the caller has them).
 */
export function parseEventInput(body: unknown, text?: string): EventInput {
  const e = parseInput(eventInput, body);
  return {
    type: e.type,
    idempotencyKey: e.idempotency_key,
    occurredAt: new Date(e.occurred_at),
    amount: e.amount ? e.amount.value : null,
    currency: e.amount ? e.amount.currency.toUpperCase() : null,
    rail: e.rail ?? null,
    sourceId: e.source?.entity_id ?? null,
    destinationId: e.destination?.entity_id ?? null,
    deviceId: e.device?.id ?? null,
    payload: body as Record<string, unknown>,
    payloadText: text,
  };
}
