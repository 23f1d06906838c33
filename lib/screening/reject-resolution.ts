import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { screeningResolutions } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError } from '@/lib/errors';
import { lockedResolution } from './approve-resolution';
import type { ResolutionRow } from './serialize';
import { settleReview } from './settle-review';

export const NOT_WAITING_REJECT = 'only a cleared match waiting for approval can be sent back';

/**
 * Sends a clearing back (any key, the one that cleared it included; audit
 * `screening.resolution_rejected`): the decision becomes `rejected` and the match has no standing
 * decision again, so the review is recomputed (usually back to `open`).
 */
export async function rejectResolution(db: Database, actor: Actor, screeningId: string, resolutionId: string): Promise<ResolutionRow> {
  return db.transaction(async (tx) => {
    const { screening, resolution } = await lockedResolution(tx, actor, screeningId, resolutionId);
    if (resolution.status !== 'pending_approval') throw new ConflictError(NOT_WAITING_REJECT);
    const [rejected] = await tx
      .update(screeningResolutions)
      .set({ status: 'rejected', decidedBy: actor.actorId, decidedAt: sql`now()` })
      .where(
        and(
          eq(screeningResolutions.orgId, actor.orgId),
          eq(screeningResolutions.id, resolutionId),
          eq(screeningResolutions.status, 'pending_approval'),
        ),
      )
      .returning();
    if (!rejected) throw new ConflictError(NOT_WAITING_REJECT);
    const settled = await settleReview(tx, actor, screening);
    await recordAudit(tx, actor, {
      action: 'screening.resolution_rejected',
      targetType: 'screening',
      targetId: screeningId,
      changes: {
        resolution_id: resolutionId,
        list: rejected.list,
        entry_ref: rejected.entryRef,
        outcome: rejected.outcome,
        status: { from: 'pending_approval', to: 'rejected' },
        resolved_by: rejected.resolvedBy,
        ...(settled.from !== settled.to ? { review: { from: settled.from, to: settled.to } } : {}),
      },
    });
    return rejected;
  });
}
