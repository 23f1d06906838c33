import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { ctrBatches, ctrRows } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { InvalidInputError, NotFoundError } from '@/lib/errors';
import { dateKey, decodeCursor, LIMIT_MESSAGE, toPage } from '@/lib/paging';
import { CTR_NOT_FOUND } from './schemas';
import type { CtrBatchRow, CtrFigures, CtrRowRow } from './serialize';

/** One batch of the actor's organisation, or 404 (another organisation's included). */
export async function readCtr(db: Queryable, actor: Actor, id: string): Promise<CtrBatchRow> {
  const [row] = await db
    .select()
    .from(ctrBatches)
    .where(and(eq(ctrBatches.orgId, actor.orgId), eq(ctrBatches.id, id)));
  if (!row) throw new NotFoundError(CTR_NOT_FOUND);
  return row;
}

/** The batch's figures from its rows, in one pass over the batch's index entries and rows. */
export async function ctrFigures(db: Queryable, batch: CtrBatchRow): Promise<CtrFigures> {
  const { rows } = await db.execute<{ currency: string | null; included: number; attention: number; to_file: number; total: string | null }>(sql`
    SELECT ${ctrRows.currency} AS currency,
      count(*) FILTER (WHERE ${ctrRows.included})::int AS included,
      count(*) FILTER (WHERE ${ctrRows.customerId} IS NULL)::int AS attention,
      count(*) FILTER (WHERE ${ctrRows.included} AND ${ctrRows.customerId} IS NOT NULL)::int AS to_file,
      sum(${ctrRows.amount}) FILTER (WHERE ${ctrRows.included})::text AS total
    FROM ${ctrRows}
    WHERE ${ctrRows.orgId} = ${batch.orgId} AND ${ctrRows.batchId} = ${batch.id}
    GROUP BY ${ctrRows.currency}
    ORDER BY ${ctrRows.currency}`);
  const figures: CtrFigures = { rowsIncluded: 0, rowsAttention: 0, rowsToFile: 0, totalAmount: {} };
  for (const r of rows) {
    figures.rowsIncluded += Number(r.included);
    figures.rowsAttention += Number(r.attention);
    figures.rowsToFile += Number(r.to_file);
    if (r.currency !== null && r.total !== null) figures.totalAmount[r.currency] = Number(r.total);
  }
  return figures;
}

/** A page of the batch's rows in (occurred_at, id) order; with `attention` only rows lacking a customer ID. */
export async function ctrRowsPage(
  db: Queryable,
  batch: CtrBatchRow,
  query: { attention: boolean; limit: number; cursor?: string },
): Promise<{ items: CtrRowRow[]; nextCursor?: string }> {
  const cursor = decodeCursor(query.cursor);
  const after = cursor
    ? or(gt(ctrRows.occurredAt, new Date(cursor.key)), and(eq(ctrRows.occurredAt, new Date(cursor.key)), gt(ctrRows.id, cursor.id)))
    : undefined;
  const rows = await db
    .select()
    .from(ctrRows)
    .where(and(eq(ctrRows.orgId, batch.orgId), eq(ctrRows.batchId, batch.id), query.attention ? isNull(ctrRows.customerId) : undefined, after))
    .orderBy(asc(ctrRows.occurredAt), asc(ctrRows.id))
    .limit(query.limit + 1);
  return toPage(rows, query.limit, (r) => ({ key: dateKey(r.occurredAt), id: r.id }));
}

/** The rows asked for (GET /v1/reports/ctr/{id}'s query as `ctrRowsQuery` parses it). */
export interface CtrRowsFilter {
  attention?: boolean;
  /** 1 to 200, default 50. */
  limit?: number;
  cursor?: string;
}

/** GET /v1/reports/ctr/{id}: the batch, its figures and a page of its rows. Anyone signed in can read. */
export async function getCtr(
  db: Queryable,
  actor: Actor,
  id: string,
  input: CtrRowsFilter = {},
): Promise<{ batch: CtrBatchRow; figures: CtrFigures; rows: CtrRowRow[]; nextCursor?: string }> {
  authorize(actor, 'work');
  const limit = input.limit ?? 50;
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new InvalidInputError(LIMIT_MESSAGE, 'limit');
  const query = { attention: input.attention ?? false, limit, cursor: input.cursor };
  const batch = await readCtr(db, actor, id);
  const [figures, page] = await Promise.all([ctrFigures(db, batch), ctrRowsPage(db, batch, query)]);
  return { batch, figures, rows: page.items, nextCursor: page.nextCursor };
}
