import type { Queryable, Tx } from '@/db/client';
import type { filings } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import type { FilingAttachment, FilingError } from './client';

/** One row of `filings`: a report's filing and the filing worker's queue entry. */
export type FilingRow = typeof filings.$inferSelect;

/**
 * A report's view of its latest filing, in the API's shape (DESIGN "STR record", `filing`). Written to the
 * report's `filing` column by `filingView` whenever the filing row changes, in the same transaction.
 */
export interface FilingView {
  state: FilingRow['state'];
  reference: string | null;
  fiu_ref: string | null;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  xml_sha256: string;
  sent_at: string | null;
  acknowledged_at: string | null;
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** The one mapping of a filing row to the report's `filing` view. */
export function filingView(row: FilingRow): FilingView {
  return {
    state: row.state,
    reference: row.reference,
    fiu_ref: row.fiuRef,
    attempts: row.attempts,
    last_error: row.lastError,
    next_attempt_at: iso(row.nextAttemptAt),
    xml_sha256: row.xmlSha256,
    sent_at: iso(row.sentAt),
    acknowledged_at: iso(row.acknowledgedAt),
  };
}

/** `filings.last_error` keeps at most this many characters of a refusal's reasons. */
export const MAX_LAST_ERROR_CHARS = 2_000;

/** A refusal's reasons in one line for `last_error` (`line N: ` where the filing system named one), cut to MAX_LAST_ERROR_CHARS. */
export function refusalSummary(errors: readonly FilingError[]): string {
  const text = `refused: ${errors.map((e) => (e.line ? `line ${e.line}: ${e.message}` : e.message)).join('; ')}`;
  return text.length > MAX_LAST_ERROR_CHARS ? `${text.slice(0, MAX_LAST_ERROR_CHARS - 1)}…` : text;
}

/**
 * What just happened to a filing, for the report it files. `claimed` and `polled` change only bookkeeping
 * (attempts, the next poll); the others move the report or are worth an audit entry.
 */
export type FilingChange =
  | { kind: 'queued' }
  | { kind: 'claimed' }
  | { kind: 'accepted' }
  | { kind: 'refused'; errors: FilingError[] }
  /** No answer, or none the protocol knows: the report may still have arrived (see attempt-filing.ts). */
  | { kind: 'unreachable'; error: string }
  | { kind: 'polled' }
  | { kind: 'acknowledged' };

/**
 * What the filing machinery needs from one kind of report (`filings.report_kind`): the files sent with it, and
 * how the report follows its filing. Each kind keeps its status rules in its own domain folder.
 */
export interface FiledReportKind {
  /** The files sent after the XML, in a stable order. */
  attachments(db: Queryable, filing: FilingRow): Promise<FilingAttachment[]>;
  /**
   * Keeps the report in step with its filing: writes `filingView(filing)` to the report, moves its status and
   * writes the audit entry where the change calls for one. Runs in the transaction that changed the filing row.
   */
  onFilingChange(tx: Tx, actor: Actor, filing: FilingRow, change: FilingChange): Promise<void>;
}
