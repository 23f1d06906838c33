import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database, Tx } from '@/db/client';
import { screeningResolutions } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { isSameOwner } from '@/lib/auth/owners';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError, ForbiddenError, NotFoundError } from '@/lib/errors';
import { lockScreening, RESOLUTION_NOT_FOUND } from './lock-screening';
import type { ResolutionRow, ScreeningRow } from './serialize';
import { settleReview } from './settle-review';

export const OWN_CLEARING = "the person who cleared a match can't approve it";
export const NOT_WAITING_APPROVE = 'only a cleared match waiting for approval can be approved';

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
 * Second step of four-eyes clearing: an actor with another owner than the clearer's makes the
 * `false_positive` decision final (audit `screening.resolution_approved`). When that was the last
 * match to clear, the review becomes `cleared` and the screening's alert closes, in this transaction.
 */
export async function approveResolution(db: Database, actor: Actor, screeningId: string, resolutionId: string): Promise<ResolutionRow> {
  return db.transaction(async (tx) => {
    const { screening, resolution } = await lockedResolution(tx, actor, screeningId, resolutionId);
    if (resolution.status !== 'pending_approval') throw new ConflictError(NOT_WAITING_APPROVE);
    if (await isSameOwner(tx, actor, resolution.resolvedBy)) throw new ForbiddenError(OWN_CLEARING);
    const [approved] = await tx
      .update(screeningResolutions)
      .set({ status: 'final', decidedBy: actor.actorId, decidedAt: sql`now()` })
      .where(
        and(
          eq(screeningResolutions.orgId, actor.orgId),
          eq(screeningResolutions.id, resolutionId),
          eq(screeningResolutions.status, 'pending_approval'),
          ne(screeningResolutions.resolvedBy, actor.actorId),
        ),
      )
      .returning();
    if (!approved) throw new ConflictError(NOT_WAITING_APPROVE);
    const settled = await settleReview(tx, actor, screening, { clearedBy: approved.resolvedBy, approvedBy: actor.actorId });
    await recordAudit(tx, actor, {
      action: 'screening.resolution_approved',
      targetType: 'screening',
      targetId: screeningId,
      changes: {
        resolution_id: resolutionId,
        list: approved.list,
        entry_ref: approved.entryRef,
        outcome: approved.outcome,
        status: { from: 'pending_approval', to: 'final' },
        resolved_by: approved.resolvedBy,
        ...(settled.from !== settled.to ? { review: { from: settled.from, to: settled.to } } : {}),
        ...(settled.closedAlertId ? { closed_alert_id: settled.closedAlertId } : {}),
      },
    });
    return approved;
  });
}
