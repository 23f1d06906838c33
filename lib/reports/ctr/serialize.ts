import type { ctrBatches, ctrRows } from '@/db/schema';

export type CtrBatchRow = typeof ctrBatches.$inferSelect;
export type CtrRowRow = typeof ctrRows.$inferSelect;

/** A batch's figures, counted from its rows when read. */
export interface CtrFigures {
  rowsIncluded: number;
  /** Rows with no customer ID (included or not): the attention filter's rows. */
  rowsAttention: number;
  /** Included rows with a customer ID: what submit would file now. */
  rowsToFile: number;
  /** Included rows' amounts by currency; currencies are never added together. */
  totalAmount: Record<string, number>;
}

const iso = (d: Date): string => d.toISOString();

export function serializeCtrRow(r: CtrRowRow) {
  return {
    id: r.id,
    event_id: r.eventId,
    occurred_at: iso(r.occurredAt),
    entity_id: r.entityId,
    direction: r.direction,
    amount: Number(r.amount),
    currency: r.currency,
    customer_id: r.customerId,
    included: r.included,
  };
}

/** DESIGN's CTR batch; `rows` and `next_cursor` on GET /v1/reports/ctr/{id}. */
export function serializeCtr(b: CtrBatchRow, figures: CtrFigures, page?: { rows: CtrRowRow[]; nextCursor?: string }) {
  return {
    id: b.id,
    number: b.number,
    date: b.date,
    status: b.status,
    threshold: Number(b.threshold),
    rows_total: b.rowsTotal,
    rows_included: figures.rowsIncluded,
    rows_attention: figures.rowsAttention,
    rows_to_file: figures.rowsToFile,
    total_amount: figures.totalAmount,
    built_by: b.builtBy,
    edited_by: b.editedBy,
    submitted_by: b.submittedBy,
    filing: b.filing,
    last_rejection: b.lastRejection,
    created_at: iso(b.createdAt),
    updated_at: iso(b.updatedAt),
    ...(page ? { rows: page.rows.map(serializeCtrRow), ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}) } : {}),
  };
}
