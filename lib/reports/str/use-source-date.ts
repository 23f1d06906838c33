import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { strReports } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError, NotFoundError, UnprocessableError } from '@/lib/errors';
import { parseInput } from '@/lib/validation';
import { noSourceDateMessage, NOT_A_DRAFT_MESSAGE, STR_NOT_FOUND, transactionIndex, transactionNotFoundMessage } from './schemas';
import type { StrRow } from './serialize';

/**
 * POST /v1/reports/str/{id}/transactions/{index}/use-source-date: puts back a transaction's `date` from its
 * `source_date` (the `occurred_at` the source ledger sent), for a date that was wrong. 400 for an index that is
 * not a whole number, 404 for one the STR does not have, 422 when the ledger sent no date, 409 once not a draft.
 * Audit: `str.updated` with the transaction's date before and after.
 */
export async function useStrSourceDate(db: Database, actor: Actor, id: string, index: number): Promise<StrRow> {
  authorize(actor, 'work');
  const at = parseInput(transactionIndex, index);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(strReports)
      .where(and(eq(strReports.orgId, actor.orgId), eq(strReports.id, id)))
      .for('update');
    if (!before) throw new NotFoundError(STR_NOT_FOUND);
    if (before.status !== 'draft') throw new ConflictError(NOT_A_DRAFT_MESSAGE);
    const target = before.transactions.find((t) => t.index === at);
    if (!target) throw new NotFoundError(transactionNotFoundMessage(at));
    if (target.source_date === null) throw new UnprocessableError(noSourceDateMessage(at));

    const transactions = before.transactions.map((t) => (t.index === at ? { ...t, date: target.source_date as string } : t));
    const [row] = await tx
      .update(strReports)
      .set({ transactions, updatedAt: sql`now()` })
      .where(and(eq(strReports.orgId, actor.orgId), eq(strReports.id, id), eq(strReports.status, 'draft')))
      .returning();
    if (!row) throw new ConflictError(NOT_A_DRAFT_MESSAGE);
    await recordAudit(tx, actor, {
      action: 'str.updated',
      targetType: 'str',
      targetId: row.id,
      changes: {
        fields: ['transactions'],
        transaction_indexes: [at],
        source_date_used: { index: at, event_id: target.event_id, before: target.date, after: target.source_date },
      },
    });
    return row;
  });
}
