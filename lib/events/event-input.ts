import { z } from 'zod';
import { InvalidInputError } from '@/lib/errors';

export const REQUIRED_MESSAGE = 'type and idempotency_key are required';
export const AMOUNT_MESSAGE = 'amount needs a non-negative value and a 3-letter currency';
export const OCCURRED_AT_RANGE_MESSAGE = 'occurred_at must be a date-time from 1970 up to one day ahead';

const EARLIEST_OCCURRED_AT = Date.UTC(1970, 0, 1);
/** How far ahead of receipt an event may say it happened (clocks drift; time zones are in the offset). */
const LATEST_AHEAD_MS = 24 * 3_600_000;

const entityRef = (name: string) =>
  z
    .object(
      {
        entity_id: z
          .string({ error: `${name}.entity_id must be a string` })
          .min(1, `${name}.entity_id must not be empty`)
          .max(200, `${name}.entity_id must be at most 200 characters`)
          .optional(),
      },
      { error: `${name} must be an object` },
    )
    .loose()
    .optional();

const eventSchema = z
  .object({
    type: z.string().max(100, 'type must be at most 100 characters'),
    idempotency_key: z.string().max(200, 'idempotency_key must be at most 200 characters'),
    occurred_at: z.iso.datetime({ offset: true, error: 'occurred_at must be an RFC 3339 date-time' }),
    amount: z
      .object(
        {
          value: z.number({ error: AMOUNT_MESSAGE }).finite(AMOUNT_MESSAGE).nonnegative(AMOUNT_MESSAGE).max(1e15, AMOUNT_MESSAGE),
          currency: z.string({ error: AMOUNT_MESSAGE }).regex(/^[A-Za-z]{3}$/, AMOUNT_MESSAGE),
        },
        { error: AMOUNT_MESSAGE },
      )
      .loose()
      .optional(),
    rail: z.string({ error: 'rail must be a string' }).max(100, 'rail must be at most 100 characters').optional(),
    source: entityRef('source'),
    destination: entityRef('destination'),
    device: z
      .object(
        {
          id: z
            .string({ error: 'device.id must be a string' })
            .min(1, 'device.id must not be empty')
            .max(200, 'device.id must be at most 200 characters')
            .optional(),
        },
        { error: 'device must be an object' },
      )
      .loose()
      .optional(),
  })
  .loose();

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
 * Validates a posted event. The two required strings are checked first, with the interface's message.
 * `occurred_at` must lie between 1970 and a day after `now` (receipt): PostgreSQL would store a year 0000
 * as 1 BC, and no real payment happens there or years ahead.
 */
export function parseEventInput(body: unknown, text?: string, now = Date.now()): EventInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new InvalidInputError('the event must be a JSON object');
  const raw = body as Record<string, unknown>;
  const nonEmpty = (v: unknown) => typeof v === 'string' && v.trim() !== '';
  if (!nonEmpty(raw.type) || !nonEmpty(raw.idempotency_key)) throw new InvalidInputError(REQUIRED_MESSAGE);
  if (raw.occurred_at === undefined) throw new InvalidInputError('occurred_at is required (RFC 3339 date-time)');
  const parsed = eventSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.map(String).join('.') ?? '';
    // zod's own texts (for fields whose schema gives none) are prefixed with the field.
    const message = issue?.message ?? 'invalid event';
    throw new InvalidInputError(message.includes(path.split('.')[0] ?? '') || message === AMOUNT_MESSAGE ? message : `${path}: ${message}`);
  }
  const e = parsed.data;
  const occurredAt = new Date(e.occurred_at);
  const at = occurredAt.getTime();
  if (!(at >= EARLIEST_OCCURRED_AT && at <= now + LATEST_AHEAD_MS)) throw new InvalidInputError(OCCURRED_AT_RANGE_MESSAGE);
  return {
    type: e.type,
    idempotencyKey: e.idempotency_key,
    occurredAt,
    amount: e.amount ? e.amount.value : null,
    currency: e.amount ? e.amount.currency.toUpperCase() : null,
    rail: e.rail ?? null,
    sourceId: e.source?.entity_id ?? null,
    destinationId: e.destination?.entity_id ?? null,
    deviceId: e.device?.id ?? null,
    payload: raw,
    payloadText: text,
  };
}
