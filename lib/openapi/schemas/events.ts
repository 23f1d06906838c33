import { z } from 'zod';
import { Amount, DateTime, DecisionOutcome, Integer, nextCursor, Uuid } from './common';
import { Reason } from './decisions';

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
