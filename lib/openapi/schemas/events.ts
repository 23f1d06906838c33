import { z } from 'zod';
import { Amount, DateTime, DecisionOutcome, Integer, nextCursor, Uuid } from './common';
import { Reason } from './decisions';

const entityRef = (side: string) =>
  z
    .looseObject({
      entity_id: z.string().min(1).max(200).optional().meta({ description: `The ${side}'s entity id` }),
      account_id: z.string().optional(),
    })
    .meta({ description: `The ${side}; other keys are stored as sent` });

/** POST /v1/events body as documented (the handler validates it itself, with the interface's messages). */
export const EventInput = z
  .looseObject({
    type: z.string().min(1).max(100).meta({ description: 'Event type, for example transfer, card_authorization, cash_out or login' }),
    idempotency_key: z.string().min(1).max(200).meta({ description: "Caller's unique ID: a replay returns the original answer" }),
    occurred_at: DateTime.meta({ description: "When it happened on the caller's side (RFC 3339)" }),
    amount: Amount.optional().meta({ description: 'Present on money events; both fields required' }),
    rail: z.string().max(100).optional().meta({ description: 'mobile_money, card, bank_transfer, instant_payment, stablecoin, cash …' }),
    source: entityRef('sender').optional(),
    destination: entityRef('receiver').optional(),
    device: z.looseObject({ id: z.string().min(1).max(200).optional() }).optional().meta({ description: 'Recorded as a uses_device link from the sender' }),
  })
  .meta({ id: 'EventInput', description: 'An event; any further fields are kept in its payload' });

export const EventAccepted = z
  .object({ id: Uuid.meta({ description: 'Service ID of the stored event' }), received_at: DateTime })
  .meta({ id: 'EventAccepted', examples: [{ id: '7d1f0e52-2b7e-4f7a-8a0c-8f9b4b5f2c11', received_at: '2026-03-01T09:30:00.118Z' }] });

export const Event = z
  .object({
    id: Uuid,
    idempotency_key: z.string(),
    type: z.string(),
    occurred_at: DateTime,
    received_at: DateTime,
    amount: Amount.optional(),
    rail: z.string().optional(),
    source_id: z.string().optional(),
    destination_id: z.string().optional(),
    decision: z
      .object({ id: Uuid, decision: DecisionOutcome, risk_score: Integer.min(0).max(100) })
      .optional()
      .meta({ description: 'Present when the event was scored (sync mode)' }),
  })
  .meta({ id: 'Event' });

export const EventDetail = Event.extend({
  payload: z.record(z.string(), z.unknown()).meta({ description: 'The event exactly as sent' }),
  reasons: z.array(Reason).meta({ description: 'From its decision; empty when unscored or nothing fired' }),
  decided_in_ms: Integer.min(0).optional(),
}).meta({ id: 'EventDetail' });

export const EventPage = z.object({ events: z.array(Event), next_cursor: nextCursor }).meta({ id: 'EventPage' });
