import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { alerts, screenings } from '@/db/schema';
import { lockAlert } from '@/lib/alerts/lock-alert';
import type { Actor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError } from '@/lib/errors';
import { resolutionsOf } from './lock-screening';
import { computeReview, type ReviewState } from './review';
import type { ResolutionRow, ScreeningRow } from './serialize';

export interface SettledReview {
  screening: ScreeningRow;
  resolutions: ResolutionRow[];
  from: ReviewState;
  to: ReviewState;
  /** Set when this change closed the screening's alert. */
  closedAlertId?: string;
}

/**
 * After a decision changed, in the same transaction and under the screening's row lock: recomputes
 * the review state from every decision and stores it (a conditional update). When the review turns
 * `cleared` because `approval` made the last clearing final, the screening's alert closes with
 * disposition `false_positive`, `closure_requested_by` the key that cleared that match and
 * `closed_by` the approving key (audit `alert.closed`); an alert already pending closure or closed is
 * left as it is.
 */
export async function settleReview(
  tx: Tx,
  actor: Actor,
  locked: ScreeningRow,
  approval?: { clearedBy: string; approvedBy: string },
): Promise<SettledReview> {
  const resolutions = await resolutionsOf(tx, actor.orgId, locked.id);
  const from = locked.review;
  const to = computeReview(locked, resolutions);
  let screening = locked;
  if (to !== from) {
    const [row] = await tx
      .update(screenings)
      .set({ review: to })
      .where(and(eq(screenings.orgId, actor.orgId), eq(screenings.id, locked.id), eq(screenings.review, from)))
      .returning();
    // The row is locked by this transaction, so this only fails if the lock was not taken.
    if (!row) throw new ConflictError('the screening changed meanwhile; try again');
    screening = row;
  }
  let closedAlertId: string | undefined;
  if (to === 'cleared' && from !== 'cleared' && approval && screening.alertId) {
    const alert = await lockAlert(tx, actor, screening.alertId);
    const [closed] = await tx
      .update(alerts)
      .set({
        status: 'closed',
        disposition: 'false_positive',
        closureRequestedBy: approval.clearedBy,
        closedBy: approval.approvedBy,
        closedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(alerts.orgId, actor.orgId), eq(alerts.id, alert.id), inArray(alerts.status, ['open', 'in_review'])))
      .returning();
    if (closed) {
      closedAlertId = closed.id;
      await recordAudit(tx, actor, {
        action: 'alert.closed',
        targetType: 'alert',
        targetId: closed.id,
        changes: {
          status: { from: alert.status, to: 'closed' },
          disposition: 'false_positive',
          closure_requested_by: approval.clearedBy,
          closed_by: approval.approvedBy,
          screening_id: screening.id,
          reason: 'every match of the screening cleared as false positive and approved',
        },
      });
    }
  }
  return { screening, resolutions, from, to, closedAlertId };
}
