import { z } from 'zod';
import { ALERT_STATUSES, DISPOSITIONS } from '@/db/schema';
import { pageParams } from '@/lib/paging';
import { optionalQueryValue } from '@/lib/validation';

// The inputs of the alert verbs, each one schema: the verb parses with it (lib/validation.ts), /v1
// parses its query or body with it and the OpenAPI document is generated from it.

export const NOTE_MAX = 5000;
export const NOTE_BODY_MESSAGE = `body must be 1 to ${NOTE_MAX} characters`;
export const NOTE_NUL_MESSAGE = 'body cannot contain NUL characters';

/** A note's text, 1 to 5000 characters counted as code points (an emoji counts once); missing or not a string gets the same message. */
const noteText = (field: string) => {
  const message = `${field} must be 1 to ${NOTE_MAX} characters`;
  return z
    .string({ error: message })
    .refine((s) => {
      const n = [...s].length;
      return n >= 1 && n <= NOTE_MAX;
    }, message)
    .refine((s) => !s.includes('\u0000'), `${field} cannot contain NUL characters`)
    .meta({ minLength: 1, maxLength: NOTE_MAX });
};

/** addNote; POST /v1/alerts/{id}/notes body. */
export const noteInput = z.object({ body: noteText('body') });

export const UNKNOWN_DISPOSITION = 'unknown disposition';
const disposition = z.enum(DISPOSITIONS, { error: UNKNOWN_DISPOSITION });

/**
 * requestClosure: the disposition and, optionally, a note saying why (stored as an alert note in the
 * closure's transaction; the console requires one).
 */
export const closureRequestInput = z.object({ disposition, note: noteText('note').optional() });

/** POST /v1/alerts/{id}/closure body: the interface's `{disposition}`. */
export const closureRequestBody = closureRequestInput.pick({ disposition: true });

export const UNKNOWN_STATUS = 'unknown status';
export const CLOSE_THROUGH_CLOSURE = 'status can only be open or in_review here; close alerts through /closure';

/** A new status, with the interface's messages also for a wrong type. */
const newStatus = z
  .unknown()
  .optional()
  .transform((v, ctx): 'open' | 'in_review' | undefined => {
    if (v === undefined || v === 'open' || v === 'in_review') return v;
    const message = v === 'pending_closure' || v === 'closed' ? CLOSE_THROUGH_CLOSURE : UNKNOWN_STATUS;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

export const ASSIGNED_TO_EMPTY = 'assigned_to cannot be empty';
export const ASSIGNED_TO_TOO_LONG = 'assigned_to must be at most 200 characters';
export const ASSIGNED_TO_NUL = 'assigned_to cannot contain NUL characters';

/** A new assignee: a non-blank string of at most 200 characters. */
const newAssignee = z
  .unknown()
  .optional()
  .transform((v, ctx): string | undefined => {
    if (v === undefined) return undefined;
    if (typeof v !== 'string' || v.trim() === '') {
      ctx.addIssue({ code: 'custom', message: ASSIGNED_TO_EMPTY });
      return z.NEVER;
    }
    if (v.includes('\u0000')) {
      ctx.addIssue({ code: 'custom', message: ASSIGNED_TO_NUL });
      return z.NEVER;
    }
    if ([...v].length > 200) {
      ctx.addIssue({ code: 'custom', message: ASSIGNED_TO_TOO_LONG });
      return z.NEVER;
    }
    return v;
  });

/** updateAlert: `status`, `assignedTo` or both (neither changes nothing). */
export const alertUpdateInput = z.object({ status: newStatus, assignedTo: newAssignee });

export const NOTHING_TO_CHANGE = 'send status, assigned_to or both';

/** PATCH /v1/alerts/{id} body: the same fields under the interface's names, at least one of them. */
export const alertUpdateBody = z
  .object({ status: newStatus, assigned_to: newAssignee })
  .refine((b) => b.status !== undefined || b.assigned_to !== undefined, { message: NOTHING_TO_CHANGE })
  .transform((b) => ({ status: b.status, assignedTo: b.assigned_to }));

export const ALERT_QUEUES = ['open', 'pending_closure', 'closed'] as const;
export type AlertQueue = (typeof ALERT_QUEUES)[number];
export type AlertStatus = (typeof ALERT_STATUSES)[number];

export const QUEUE_MESSAGE = 'queue must be open, pending_closure or closed';
export const STATUS_FILTER_MESSAGE = 'status must be open, in_review, pending_closure or closed';
export const DECISION_FILTER_MESSAGE = 'decision must be review or block';
export const NUMBER_FILTER_MESSAGE = 'number must be an alert number such as ALR-12 or 12';

/** `ALR-12`, `alr-12` or `12` to 12; null for anything else. */
export function parseAlertNumber(text: string): number | null {
  const m = /^(?:ALR-)?(\d{1,10})$/i.exec(text.trim());
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** GET /v1/alerts query, as listAlerts' filter. */
export const alertListQuery = z
  .object({
    ...pageParams,
    queue: optionalQueryValue(z.enum(ALERT_QUEUES, { error: QUEUE_MESSAGE })),
    status: optionalQueryValue(z.enum(ALERT_STATUSES, { error: STATUS_FILTER_MESSAGE })),
    assigned_to: optionalQueryValue(z.string()),
    decision: optionalQueryValue(z.enum(['review', 'block'], { error: DECISION_FILTER_MESSAGE })),
    number: optionalQueryValue(
      z.string().transform((v, ctx) => {
        const n = parseAlertNumber(v);
        if (n === null) {
          ctx.addIssue({ code: 'custom', message: NUMBER_FILTER_MESSAGE });
          return z.NEVER;
        }
        return n;
      }),
    ),
  })
  .transform(({ assigned_to, ...rest }) => ({ ...rest, assignedTo: assigned_to }));

/** GET /v1/alerts/counts query, as countAlerts' input. */
export const alertCountsQuery = z
  .object({
    assigned_to: z
      .string()
      .refine((v) => !v.includes('\u0000'), 'assigned_to cannot contain NUL characters')
      .optional(),
  })
  .transform((q) => ({ assignedTo: q.assigned_to }));
