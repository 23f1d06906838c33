import type { Queryable } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { auditCursorOf, readAuditEntries, type AuditEntryRow, type AuditFilter } from './list-entries';
import type { Cursor } from '@/lib/paging';

/** Entries read per query while exporting: the most the export holds at once. */
export const EXPORT_BATCH = 2_000;

export const AUDIT_CSV_COLUMNS = ['at', 'actor', 'actor_kind', 'action', 'target_type', 'target_id', 'request_id', 'changes'] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A field that a spreadsheet would
 * run as a formula (starting with `=`, `+`, `-`, `@`, tab or carriage return) gets a leading `'`, so an entry's
 * text cannot execute in the program an auditor opens the export with.
 */
export function csvField(value: string | null | undefined): string {
  let v = value ?? '';
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export function auditCsvLine(r: AuditEntryRow): string {
  return `${[r.at.toISOString(), r.actor, r.actorKind, r.action, r.targetType, r.targetId, r.requestId, JSON.stringify(r.changes ?? {})].map(csvField).join(',')}\r\n`;
}

/**
 * The filtered audit entries as CSV, newest first, streamed: each pull reads the next EXPORT_BATCH entries with a
 * keyset query, so an export of millions of entries holds one batch at a time and no database connection between
 * batches. Entries written after the export began are left out (`until` is capped at its start), so the file is
 * the log as it stood at one instant. Reviewers and admins only; refused before anything is streamed.
 */
export function exportAuditCsv(db: Queryable, actor: Actor, filter: Omit<AuditFilter, 'limit' | 'cursor'>, batch = EXPORT_BATCH): ReadableStream<Uint8Array> {
  authorize(actor, 'read_audit');
  const startedAt = new Date();
  const bounded = { ...filter, until: filter.until && filter.until < startedAt ? filter.until : startedAt };
  const encoder = new TextEncoder();
  let after: Cursor | undefined;
  let headerSent = false;
  let done = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(`${AUDIT_CSV_COLUMNS.join(',')}\r\n`));
          return;
        }
        if (done) return;
        const rows = await readAuditEntries(db, actor.orgId, bounded, after, batch);
        if (rows.length > 0) {
          controller.enqueue(encoder.encode(rows.map(auditCsvLine).join('')));
          after = auditCursorOf(rows[rows.length - 1] as AuditEntryRow);
        }
        if (rows.length < batch) {
          done = true;
          controller.close();
        }
      },
    },
    // One batch waiting at most: the stream reads the next only when the client has taken the last.
    { highWaterMark: 1 },
  );
}
