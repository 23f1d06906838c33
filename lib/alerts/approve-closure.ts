import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { alerts } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { isSameOwner } from '@/lib/auth/owners';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError, ForbiddenError } from '@/lib/errors';
import { lockAlert } from './lock-alert';
import type { AlertRow } from './serialize';

export const NOT_PENDING_CLOSURE = 'alert is not pending closure';
export const OWN_CLOSURE = 'the person who requested closure cannot approve it';

/**
 * Second step of four-eyes closure: an actor with another owner than the requester's closes a `pending_closure`
 * alert (audit `alert.closed`). The update is conditional on the status and on the requester, so
 * an approval racing a rejection cannot both succeed.
 */
export async function approveClosure(db: Database, actor: Actor, id: string): Promise<AlertRow> {
  return db.transaction(async (tx) => {
    const before = await lockAlert(tx, actor, id);
    if (before.status !== 'pending_closure') throw new ConflictError(NOT_PENDING_CLOSURE);
    if (await isSameOwner(tx, actor, before.closureRequestedBy)) throw new ForbiddenError(OWN_CLOSURE);
    const [row] = await tx
      .update(alerts)
      .set({ status: 'closed', closedBy: actor.actorId, closedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(alerts.orgId, actor.orgId),
          eq(alerts.id, id),
          eq(alerts.status, 'pending_closure'),
          sql`${alerts.closureRequestedBy} IS DISTINCT FROM ${actor.actorId}`,
        ),
      )
      .returning();
    if (!row) throw new ConflictError(NOT_PENDING_CLOSURE);
    await recordAudit(tx, actor, {
      action: 'alert.closed',
      targetType: 'alert',
      targetId: id,
      changes: {
        status: { from: 'pending_closure', to: 'closed' },
        disposition: row.disposition,
        closure_requested_by: row.closureRequestedBy,
      },
    });
    return row;
  });
}
