import { z } from 'zod';
import { pageParams } from '@/lib/paging';
import { instant } from '@/lib/validation';

// The inputs of the event verbs, each one schema: the service parses with it (lib/validation.ts) and the
// OpenAPI document is generated from it.

export const REQUIRED_MESSAGE = 'type and idempotency_key are required';
export const AMOUNT_MESSAGE = 'amount needs a non-negative value and a 3-letter currency';
export const OCCURRED_AT_RANGE_MESSAGE = 'occurred_at must be a date-time from 1970 up to one day ahead';
export const NOT_AN_OBJECT_MESSAGE = 'the event must be a JSON object';

const EARLIEST_OCCURRED_AT = Date.UTC(1970, 0, 1);
/** How far ahead of receipt an event may say it happened (clocks drift; time zones are in the offset). */
const LATEST_AHEAD_MS = 24 * 3_600_000;

/** `type` and `idempotency_key`: non-blank strings; missing, blank or not a string is the interface's one message. */
const requiredText = (field: string, max: number) =>
  z
    .string({ error: REQUIRED_MESSAGE })
    .min(1, REQUIRED_MESSAGE)
    .refine((v) => v.trim() !== '', REQUIRED_MESSAGE)
    .max(max, `${field} must be at most ${max} characters`);

const entityRef = (name: string, side: string) =>
  z
    .looseObject(
      {
        entity_id: z
          .string({ error: `${name}.entity_id must be a string` })
          .min(1, `${name}.entity_id must not be empty`)
          .max(200, `${name}.entity_id must be at most 200 characters`)
          .optional()
          .meta({ description: `The ${side}'s entity id` }),
        account_id: z.unknown().optional().meta({ description: 'Stored as sent' }),
      },
      { error: `${name} must be an object` },
    )
    .optional()
    .meta({ description: `The ${side}; other keys are stored as sent` });

/**
 * POST /v1/events body. `occurred_at` must lie between 1970 and a day after receipt: PostgreSQL would
 * store a year 0000 as 1 BC, and no real payment happens there or years ahead. Any further field is
 * kept in the event's payload.
 */
export const eventInput = z
  .looseObject(
    {
      type: requiredText('type', 100).meta({ description: 'Event type, for example transfer, card_authorization, cash_out or login' }),
      idempotency_key: requiredText('idempotency_key', 200).meta({ description: "Caller's unique ID: a replay returns the original answer" }),
      occurred_at: z.iso
        .datetime({
          offset: true,
          error: (issue) => (issue.input === undefined ? 'occurred_at is required (RFC 3339 date-time)' : 'occurred_at must be an RFC 3339 date-time'),
        })
        .refine((v) => {
          const at = Date.parse(v);
          return at >= EARLIEST_OCCURRED_AT && at <= Date.now() + LATEST_AHEAD_MS;
        }, OCCURRED_AT_RANGE_MESSAGE)
        .meta({ description: "When it happened on the caller's side (RFC 3339)" }),
      amount: z
        .looseObject(
          {
            value: z
              .number({ error: AMOUNT_MESSAGE })
              .finite(AMOUNT_MESSAGE)
              .nonnegative(AMOUNT_MESSAGE)
              .max(1e15, AMOUNT_MESSAGE)
              .meta({ description: 'Non-negative amount in the currency' }),
            currency: z
              .string({ error: AMOUNT_MESSAGE })
              .regex(/^[A-Za-z]{3}$/, AMOUNT_MESSAGE)
              .meta({ description: 'Three-letter ISO 4217 code' }),
          },
          { error: AMOUNT_MESSAGE },
        )
        .optional()
        .meta({ description: 'Present on money events; both fields required' }),
      rail: z
        .string({ error: 'rail must be a string' })
        .max(100, 'rail must be at most 100 characters')
        .optional()
        .meta({ description: 'mobile_money, card, bank_transfer, instant_payment, stablecoin, cash …' }),
      source: entityRef('source', 'sender'),
      destination: entityRef('destination', 'receiver'),
      device: z
        .looseObject(
          {
            id: z
              .string({ error: 'device.id must be a string' })
              .min(1, 'device.id must not be empty')
              .max(200, 'device.id must be at most 200 characters')
              .optional(),
          },
          { error: 'device must be an object' },
        )
        .optional()
        .meta({ description: 'Recorded as a uses_device link from the sender' }),
    },
    { error: NOT_AN_OBJECT_MESSAGE },
  )
  .meta({ id: 'EventInput', description: 'An event; any further fields are kept in its payload' });

export const EVENT_DECISION_MESSAGE = 'decision must be allow, review, block or unscored';

/** GET /v1/events query, as listEvents' filter. */
export const eventListQuery = z.object({
  ...pageParams,
  type: z.string().optional(),
  entity: z.string().optional(),
  decision: z.enum(['allow', 'review', 'block', 'unscored'], { error: EVENT_DECISION_MESSAGE }).optional(),
  since: instant('since'),
  until: instant('until'),
});

/** POST /v1/events query: sync scores at once, async (the default) only stores. */
export const ingestModeQuery = z.object({ mode: z.enum(['sync', 'async'], { error: 'mode must be sync or async' }).default('async') });
