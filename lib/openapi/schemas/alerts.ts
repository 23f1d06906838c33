import { z } from 'zod';
import { ALERT_STATUSES, DISPOSITIONS } from '@/db/schema/alerts';
import { Amount, DateTime, Integer, KeyId, nextCursor, Uuid } from './common';

export const Alert = z
  .object({
    id: Uuid,
    number: Integer.min(1).meta({ description: 'Short reference, shown as ALR-<number>' }),
    decision_id: Uuid.optional().meta({ description: 'Highest-scoring decision on the alert; absent on screening alerts' }),
    event_id: Uuid.optional().meta({ description: 'Event behind that decision; absent on screening alerts' }),
    status: z.enum(ALERT_STATUSES),
    priority: z.enum(['medium', 'high']),
    occurrences: Integer.min(1).meta({ description: 'Review or block decisions on this alert' }),
    last_event_at: DateTime,
    due_at: DateTime.meta({ description: 'created_at plus the SLA of the priority' }),
    assigned_to: z.string().optional(),
    disposition: z.enum(DISPOSITIONS).optional().meta({ description: 'Set once closure is requested' }),
    closure_requested_by: KeyId.optional(),
    closed_by: KeyId.optional(),
    created_at: DateTime,
    updated_at: DateTime,
  })
  .meta({ id: 'Alert' });

export const AlertReason = z
  .object({
    rule: z.string().meta({ description: 'Rule key; `screening_<category>` on a screening alert' }),
    version: Integer.optional().meta({ description: 'Absent on screening alerts' }),
    detail: z.string(),
    weight: Integer.optional().meta({ description: 'Absent on older decisions and on screening alerts' }),
  })
  .meta({ id: 'AlertReason' });

/** An alert with the list fields (GET /v1/alerts, GET /v1/alerts/{id}). */
export const AlertView = Alert.extend({
  decision: z.enum(['review', 'block']).optional().meta({ description: 'Always review on screening alerts' }),
  risk_score: Integer.min(0).max(100),
  decided_in_ms: Integer.min(0).optional(),
  reasons: z.array(AlertReason),
  source: z
    .object({ id: z.string(), kind: z.string().optional(), name: z.string().optional() })
    .optional()
    .meta({ description: "The alert's subject: kind and name when registered with a name (screening alerts: the screened subject)" }),
  event: z
    .object({
      type: z.string().meta({ description: '`screening` on screening alerts' }),
      occurred_at: DateTime,
      amount: Amount.optional(),
      rail: z.string().optional(),
      source_id: z.string().optional(),
    })
    .optional(),
  screening_id: Uuid.optional().meta({ description: 'Only on screening alerts' }),
}).meta({ id: 'AlertView' });

export const AlertPage = z.object({ alerts: z.array(AlertView), next_cursor: nextCursor }).meta({ id: 'AlertPage' });

export const AlertCounts = z
  .object({
    open: Integer.meta({ description: 'Open alerts, in_review included' }),
    in_review: Integer,
    pending_closure: Integer,
    closed: Integer,
    mine: Integer.meta({ description: 'Open or in_review alerts assigned to `assigned_to`; 0 without it' }),
    overdue: Integer.meta({ description: 'Open alerts past due_at' }),
    near_sla: Integer.meta({ description: 'Open alerts due within the hour' }),
    median_close_minutes: Integer.optional().meta({ description: 'Alerts closed in the last 7 days; absent when none' }),
  })
  .meta({ id: 'AlertCounts' });

export const AlertFlow = z
  .object({
    entity_id: z.string().optional().meta({ description: "The alert's source; absent when the event named none" }),
    currency: z.string().optional(),
    since: DateTime,
    until: DateTime,
    hours: z.array(z.object({ hour: DateTime, in: z.number(), out: z.number() })).meta({ description: 'Only hours with money moving' }),
  })
  .meta({ id: 'AlertFlow' });

export const AlertNote = z
  .object({ id: Uuid, alert_id: Uuid, author: KeyId, body: z.string(), created_at: DateTime })
  .meta({ id: 'AlertNote' });

export const AlertNotes = z.object({ notes: z.array(AlertNote) }).meta({ id: 'AlertNotes' });
