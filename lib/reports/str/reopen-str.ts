import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { strReports } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError, NotFoundError } from '@/lib/errors';
import { NOT_REJECTED_MESSAGE, STR_NOT_FOUND } from './schemas';
import type { StrRow } from './serialize';

/**
 * POST /v1/reports/str/{id}/reopen: a rejected STR goes back to draft to be corrected and filed again (409 from
 * any other state). `last_rejection` stays, so the drafter sees what the filing system refused. One conditional
 * update: of two racing reopens one wins and the other answers 409. Audit: `str.reopened`.
 */
export async function reopenStr(db: Database, actor: Actor, id: string): Promise<StrRow> {
  authorize(actor, 'work');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(strReports)
      .set({ status: 'draft', updatedAt: sql`now()` })
      .where(and(eq(strReports.orgId, actor.orgId), eq(strReports.id, id), eq(strReports.status, 'rejected')))
      .returning();
    if (!row) {
      const [found] = await tx
        .select({ id: strReports.id })
        .from(strReports)
        .where(and(eq(strReports.orgId, actor.orgId), eq(strReports.id, id)));
      throw found ? new ConflictError(NOT_REJECTED_MESSAGE) : new NotFoundError(STR_NOT_FOUND);
    }
    await recordAudit(tx, actor, {
      action: 'str.reopened',
      targetType: 'str',
      targetId: row.id,
      changes: { from: 'rejected', to: 'draft', last_rejection_at: row.lastRejection?.at ?? null },
    });
    return row;
  });
}
