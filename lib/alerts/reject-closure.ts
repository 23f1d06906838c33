import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { alerts } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError } from '@/lib/errors';
import { NOT_PENDING_CLOSURE } from './approve-closure';
import { lockAlert } from './lock-alert';
import type { AlertRow } from './serialize';

/**
 * Sends a `pending_closure` alert back to `in_review`, clearing the disposition and the requester
 * (audit `alert.closure_rejected`). Any key may reject, the requester included.
 */
export async function rejectClosure(db: Database, actor: Actor, id: string): Promise<AlertRow> {
  return db.transaction(async (tx) => {
    const before = await lockAlert(tx, actor, id);
    if (before.status !== 'pending_closure') throw new ConflictError(NOT_PENDING_CLOSURE);
    const [row] = await tx
      .update(alerts)
      .set({ status: 'in_review', disposition: null, closureRequestedBy: null, updatedAt: sql`now()` })
      .where(and(eq(alerts.orgId, actor.orgId), eq(alerts.id, id), eq(alerts.status, 'pending_closure')))
      .returning();
    if (!row) throw new ConflictError(NOT_PENDING_CLOSURE);
    await recordAudit(tx, actor, {
      action: 'alert.closure_rejected',
      targetType: 'alert',
      targetId: id,
      changes: {
        status: { from: 'pending_closure', to: 'in_review' },
        disposition: before.disposition,
        closure_requested_by: before.closureRequestedBy,
      },
    });
    return row;
  });
}
