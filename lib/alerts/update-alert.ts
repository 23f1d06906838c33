import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/db/client';
import { alerts } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError } from '@/lib/errors';
import { lockAlert } from './lock-alert';
import type { AlertRow } from './serialize';

export const UNKNOWN_STATUS = 'unknown status';
export const CLOSE_THROUGH_CLOSURE = 'status can only be open or in_review here; close alerts through /closure';
export const ASSIGNED_TO_EMPTY = 'assigned_to cannot be empty';
export const ASSIGNED_TO_TOO_LONG = 'assigned_to must be at most 200 characters';
export const ASSIGNED_TO_NUL = 'assigned_to cannot contain NUL characters';
export const NOTHING_TO_CHANGE = 'send status, assigned_to or both';
export const ALERT_NOT_EDITABLE = 'alert is pending closure or closed';

const EDITABLE = ['open', 'in_review'] as const;

/** PATCH /v1/alerts/{id} body, with the interface's messages also for a wrong type. */
export const updateAlertBody = z
  .object({
    status: z
      .unknown()
      .optional()
      .transform((v, ctx): 'open' | 'in_review' | undefined => {
        if (v === undefined || v === 'open' || v === 'in_review') return v;
        const message = v === 'pending_closure' || v === 'closed' ? CLOSE_THROUGH_CLOSURE : UNKNOWN_STATUS;
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }),
    assigned_to: z
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
      }),
  })
  .refine((b) => b.status !== undefined || b.assigned_to !== undefined, { message: NOTHING_TO_CHANGE });

export interface AlertUpdate {
  status?: 'open' | 'in_review';
  assignedTo?: string;
}

/**
 * Moves an open alert to in_review or back, and/or assigns it, with one audit entry per change
 * (`alert.status_changed`, `alert.assigned`). Refused with a 409 once the alert is pending closure or
 * closed. Values equal to the current ones change nothing and write no entry.
 */
export async function updateAlert(db: Database, actor: Actor, id: string, input: AlertUpdate): Promise<AlertRow> {
  return db.transaction(async (tx) => {
    const before = await lockAlert(tx, actor, id);
    if (!(EDITABLE as readonly string[]).includes(before.status)) throw new ConflictError(ALERT_NOT_EDITABLE);
    const newStatus = input.status !== undefined && input.status !== before.status ? input.status : undefined;
    const newAssignee = input.assignedTo !== undefined && input.assignedTo !== before.assignedTo ? input.assignedTo : undefined;
    if (newStatus === undefined && newAssignee === undefined) return before;

    const [row] = await tx
      .update(alerts)
      .set({
        ...(newStatus !== undefined ? { status: newStatus } : {}),
        ...(newAssignee !== undefined ? { assignedTo: newAssignee } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(alerts.orgId, actor.orgId), eq(alerts.id, id), inArray(alerts.status, [...EDITABLE])))
      .returning();
    if (!row) throw new ConflictError(ALERT_NOT_EDITABLE);

    if (newStatus !== undefined) {
      await recordAudit(tx, actor, {
        action: 'alert.status_changed',
        targetType: 'alert',
        targetId: id,
        changes: { status: { from: before.status, to: newStatus } },
      });
    }
    if (newAssignee !== undefined) {
      await recordAudit(tx, actor, {
        action: 'alert.assigned',
        targetType: 'alert',
        targetId: id,
        changes: { assigned_to: { from: before.assignedTo, to: newAssignee } },
      });
    }
    return row;
  });
}
