import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { alerts } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { isSameOwner } from '@/lib/auth/owners';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError, ForbiddenError } from '@/lib/errors';
import { lockAlert } from './lock-alert';
import type { AlertRow } from './serialize';

export const NOT_PENDING_CLOSURE = 'alert is not pending closure';
export const OWN_CLOSURE = 'the person who requested closure cannot approve it';

/**
 * The second step of four-eyes closure, either way: a reviewer, an admin, a key or the command line
 * approves (the alert closes) or rejects (it returns to in_review with its disposition and requester
 * cleared) a `pending_closure` alert. Only an actor with another owner than the requester's may
 * approve; anyone allowed to approve may reject, the requester included. The update is conditional on
 * the status (and, to approve, on the requester), so an approval racing a rejection cannot both succeed.
 */
export async function decideClosure(db: Database, actor: Actor, id: string, outcome: 'approve' | 'reject'): Promise<AlertRow> {
  authorize(actor, 'approve');
  const approve = outcome === 'approve';
  return db.transaction(async (tx) => {
    const before = await lockAlert(tx, actor, id);
    if (before.status !== 'pending_closure') throw new ConflictError(NOT_PENDING_CLOSURE);
    if (approve && (await isSameOwner(tx, actor, before.closureRequestedBy))) throw new ForbiddenError(OWN_CLOSURE);
    const [row] = await tx
      .update(alerts)
      .set(
        approve
          ? { status: 'closed', closedBy: actor.actorId, closedAt: sql`now()`, updatedAt: sql`now()` }
          : { status: 'in_review', disposition: null, closureRequestedBy: null, updatedAt: sql`now()` },
      )
      .where(
        and(
          eq(alerts.orgId, actor.orgId),
          eq(alerts.id, id),
          eq(alerts.status, 'pending_closure'),
          approve ? sql`${alerts.closureRequestedBy} IS DISTINCT FROM ${actor.actorId}` : undefined,
        ),
      )
      .returning();
    if (!row) throw new ConflictError(NOT_PENDING_CLOSURE);
    await recordAudit(tx, actor, {
      action: approve ? 'alert.closed' : 'alert.closure_rejected',
      targetType: 'alert',
      targetId: id,
      changes: {
        status: { from: 'pending_closure', to: row.status },
        disposition: before.disposition,
        closure_requested_by: before.closureRequestedBy,
      },
    });
    return row;
  });
}
