import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { strReports } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError, NotFoundError, UnprocessableError } from '@/lib/errors';
import { strChecks } from './get-str';
import { CHECKS_FAIL_MESSAGE, NOT_A_DRAFT_TO_REVIEW, STR_NOT_FOUND } from './schemas';
import type { StrRow } from './serialize';

/**
 * Sends a finished draft to a second person: draft to `awaiting_approval` (409 from any other state),
 * only when no check is an error (422 with `{error, checks}` otherwise). The row is locked while its
 * checks run, so the draft checked is the draft sent. Audit: `str.sent_for_review`.
 */
export async function sendStrForReview(db: Database, actor: Actor, id: string): Promise<StrRow> {
  authorize(actor, 'work');
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(strReports)
      .where(and(eq(strReports.orgId, actor.orgId), eq(strReports.id, id)))
      .for('update');
    if (!before) throw new NotFoundError(STR_NOT_FOUND);
    if (before.status !== 'draft') throw new ConflictError(NOT_A_DRAFT_TO_REVIEW);
    const checks = await strChecks(tx, before);
    if (checks.some((c) => c.severity === 'error')) throw new UnprocessableError(CHECKS_FAIL_MESSAGE, { checks });
    const [row] = await tx
      .update(strReports)
      .set({ status: 'awaiting_approval', sentForReviewBy: actor.actorId, updatedAt: sql`now()` })
      .where(and(eq(strReports.orgId, actor.orgId), eq(strReports.id, id), eq(strReports.status, 'draft')))
      .returning();
    if (!row) throw new ConflictError(NOT_A_DRAFT_TO_REVIEW);
    await recordAudit(tx, actor, {
      action: 'str.sent_for_review',
      targetType: 'str',
      targetId: row.id,
      changes: { from: 'draft', to: 'awaiting_approval', warnings: checks.length },
    });
    return row;
  });
}
