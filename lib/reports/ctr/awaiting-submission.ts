import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { ctrBatches } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';

/** A draft CTR batch with rows, waiting for a reviewer or admin to submit it. */
export interface CtrAwaitingSubmission {
  id: string;
  number: number;
  date: string;
  rowsTotal: number;
  /** Rows with no customer ID: to fix before they can be filed. */
  rowsAttention: number;
  /** Included rows with a customer ID: what submitting files now. */
  rowsToFile: number;
  builtBy: string;
  editedBy: string[];
  createdAt: Date;
  /** The filing's state when a submission was queued (the filing system was unreachable). */
  filingState: string | null;
}

/** Draft batches that have rows: an empty day's batch has nothing to submit and waits for nobody. */
const waiting = (orgId: string) => and(eq(ctrBatches.orgId, orgId), eq(ctrBatches.status, 'draft'), sql`${ctrBatches.rowsTotal} > 0`);

/**
 * The organisation's draft CTR batches with rows, oldest day first (ties by id), up to `limit`, with their attention
 * and to-file counts. Anyone signed in can read them; who may submit is decided by submitCtr (and shown by ctrRefusals).
 */
export async function listCtrsAwaitingSubmission(db: Queryable, actor: Actor, input: { limit: number }): Promise<CtrAwaitingSubmission[]> {
  authorize(actor, 'work');
  const rows = await db
    .select({
      id: ctrBatches.id,
      number: ctrBatches.number,
      date: ctrBatches.date,
      rowsTotal: ctrBatches.rowsTotal,
      builtBy: ctrBatches.builtBy,
      editedBy: ctrBatches.editedBy,
      createdAt: ctrBatches.createdAt,
      filing: ctrBatches.filing,
      attention: sql<number>`(SELECT count(*)::int FROM ctr_rows r WHERE r.org_id = ctr_batches.org_id AND r.batch_id = ctr_batches.id AND r.customer_id IS NULL)`,
      toFile: sql<number>`(SELECT count(*)::int FROM ctr_rows r WHERE r.org_id = ctr_batches.org_id AND r.batch_id = ctr_batches.id AND r.included AND r.customer_id IS NOT NULL)`,
    })
    .from(ctrBatches)
    .where(waiting(actor.orgId))
    .orderBy(asc(ctrBatches.date), asc(ctrBatches.id))
    .limit(input.limit);
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    date: r.date,
    rowsTotal: r.rowsTotal,
    rowsAttention: Number(r.attention),
    rowsToFile: Number(r.toFile),
    builtBy: r.builtBy,
    editedBy: r.editedBy,
    createdAt: r.createdAt,
    filingState: typeof r.filing?.state === 'string' ? r.filing.state : null,
  }));
}
