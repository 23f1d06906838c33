import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '@/db/client';
import { alerts } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit/record';
import { authorize } from '@/lib/auth/policy';
import { ConflictError } from '@/lib/errors';
import { parseInput } from '@/lib/validation';
import { lockAlert } from './lock-alert';
import { alertUpdateInput } from './schemas';
import type { AlertRow } from './serialize';

export {
  ASSIGNED_TO_EMPTY,
  ASSIGNED_TO_NUL,
  ASSIGNED_TO_TOO_LONG,
  CLOSE_THROUGH_CLOSURE,
  NOTHING_TO_CHANGE,
  UNKNOWN_STATUS,
  alertUpdateBody as updateAlertBody,
} from './schemas';
export const ALERT_NOT_EDITABLE = 'alert is pending closure or closed';

const EDITABLE = ['open', 'in_review'] as const;

export type AlertUpdate = z.input<typeof alertUpdateInput>;

/**
 * Moves an open alert to in_review or back, and/or assigns it, with one audit entry per change
 * (`alert.status_changed`, `alert.assigned`). Refused with a 409 once the alert is pending closure or
 * closed. Values equal to the current ones change nothing and write no entry.
 */
export async function updateAlert(db: Database, actor: Actor, id: string, update: AlertUpdate): Promise<AlertRow> {
  authorize(actor, 'work');
  const input = parseInput(alertUpdateInput, update);
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
