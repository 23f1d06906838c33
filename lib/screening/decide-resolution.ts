import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database, Tx } from '@/db/client';
import { screeningResolutions } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { isSameOwner } from '@/lib/auth/owners';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError, ForbiddenError, NotFoundError } from '@/lib/errors';
import { lockScreening, RESOLUTION_NOT_FOUND } from './lock-screening';
import type { ResolutionRow, ScreeningRow } from './serialize';
import { settleReview } from './settle-review';

export const OWN_CLEARING = "the person who cleared a match can't approve it";
export const NOT_WAITING_APPROVE = 'only a cleared match waiting for approval can be approved';
export const NOT_WAITING_REJECT = 'only a cleared match waiting for approval can be sent back';

/** The screening (locked) and one of its decisions; an unknown screening or decision is `resolution not found`. */
export async function lockedResolution(
  tx: Tx,
  actor: Actor,
  screeningId: string,
  resolutionId: string,
): Promise<{ screening: ScreeningRow; resolution: ResolutionRow }> {
  const screening = await lockScreening(tx, actor, screeningId, RESOLUTION_NOT_FOUND);
  const [resolution] = await tx
    .select()
    .from(screeningResolutions)
    .where(
      and(
        eq(screeningResolutions.orgId, actor.orgId),
        eq(screeningResolutions.screeningId, screeningId),
        eq(screeningResolutions.id, resolutionId),
      ),
    );
  if (!resolution) throw new NotFoundError(RESOLUTION_NOT_FOUND);
  return { screening, resolution };
}

/**
 * The second step of four-eyes clearing, either way: a reviewer, an admin, a key or the command line
 * approves a `false_positive` decision waiting for approval (it becomes final; audit
 * `screening.resolution_approved`) or sends it back (`rejected`, the match has no standing decision
 * again; audit `screening.resolution_rejected`). Only an actor with another owner than the clearer's may
 * approve; anyone allowed to approve may send back, the clearer included. The review is recomputed in
 * the same transaction: an approval of the last match to clear makes it `cleared` and closes the
 * screening's alert.
 */
export async function decideResolution(
  db: Database,
  actor: Actor,
  screeningId: string,
  resolutionId: string,
  outcome: 'approve' | 'reject',
): Promise<ResolutionRow> {
  authorize(actor, 'approve');
  const approve = outcome === 'approve';
  const notWaiting = approve ? NOT_WAITING_APPROVE : NOT_WAITING_REJECT;
  return db.transaction(async (tx) => {
    const { screening, resolution } = await lockedResolution(tx, actor, screeningId, resolutionId);
    if (resolution.status !== 'pending_approval') throw new ConflictError(notWaiting);
    if (approve && (await isSameOwner(tx, actor, resolution.resolvedBy))) throw new ForbiddenError(OWN_CLEARING);
    const [decided] = await tx
      .update(screeningResolutions)
      .set({ status: approve ? 'final' : 'rejected', decidedBy: actor.actorId, decidedAt: sql`now()` })
      .where(
        and(
          eq(screeningResolutions.orgId, actor.orgId),
          eq(screeningResolutions.id, resolutionId),
          eq(screeningResolutions.status, 'pending_approval'),
          approve ? ne(screeningResolutions.resolvedBy, actor.actorId) : undefined,
        ),
      )
      .returning();
    if (!decided) throw new ConflictError(notWaiting);
    const settled = await settleReview(tx, actor, screening, approve ? { clearedBy: decided.resolvedBy, approvedBy: actor.actorId } : undefined);
    await recordAudit(tx, actor, {
      action: approve ? 'screening.resolution_approved' : 'screening.resolution_rejected',
      targetType: 'screening',
      targetId: screeningId,
      changes: {
        resolution_id: resolutionId,
        list: decided.list,
        entry_ref: decided.entryRef,
        outcome: decided.outcome,
        status: { from: 'pending_approval', to: decided.status },
        resolved_by: decided.resolvedBy,
        ...(settled.from !== settled.to ? { review: { from: settled.from, to: settled.to } } : {}),
        ...(settled.closedAlertId ? { closed_alert_id: settled.closedAlertId } : {}),
      },
    });
    return decided;
  });
}
