import type { strReports } from '@/db/schema';
import type { StrCheck } from './types';

export type StrRow = typeof strReports.$inferSelect;

const iso = (d: Date): string => d.toISOString();

/** DESIGN's "STR record"; `checks` only where they were computed (GET), fields with no value are null. */
export function serializeStr(row: StrRow, checks?: StrCheck[]) {
  return {
    id: row.id,
    number: row.number,
    case_id: row.caseId,
    status: row.status,
    subject: row.subject,
    transactions: row.transactions,
    reason: row.reason,
    action: row.action,
    indicators: row.indicators,
    attachments: row.attachments,
    ...(checks !== undefined ? { checks } : {}),
    drafted_by: row.draftedBy,
    sent_for_review_by: row.sentForReviewBy,
    filed_by: row.filedBy,
    filing: row.filing,
    last_rejection: row.lastRejection,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}
