import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '@/db/client';
import { strAttachments, strReports, type StrStatus } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit/record';
import type { FilingAttachment } from '@/lib/filing/client';
import { filingView, type FiledReportKind, type FilingChange, type FilingRow } from '@/lib/filing/filings';
import { log } from '@/lib/log';

/**
 * An STR follows its latest filing. The one place where a filing moves an STR:
 *
 *   change         STR status                         audit
 *   queued         stays awaiting_approval            str.filing_queued (by fileStr, with its own details)
 *   accepted       awaiting_approval → filed          str.filed
 *   refused        awaiting_approval → rejected       str.rejected, `last_rejection {at, reason, errors}`
 *   unreachable    stays awaiting_approval            str.filing_unreachable
 *   acknowledged   filed → acknowledged               str.acknowledged
 *   claimed/polled stays                              none (attempts and next poll only)
 *
 * Every change writes the filing's view to `str_reports.filing`. Status moves are conditional on the status they
 * leave, so a report moved meanwhile by something else is logged and left as it is, never overwritten.
 */
async function onStrFilingChange(tx: Tx, actor: Actor, filing: FilingRow, change: FilingChange): Promise<void> {
  const view = filingView(filing);
  const where = and(eq(strReports.orgId, filing.orgId), eq(strReports.id, filing.reportId));
  const move = async (from: StrStatus, to: StrStatus, extra: Partial<typeof strReports.$inferInsert> = {}) => {
    const [moved] = await tx
      .update(strReports)
      .set({ status: to, filing: { ...view }, updatedAt: sql`now()`, ...extra })
      .where(and(where, eq(strReports.status, from)))
      .returning({ id: strReports.id });
    if (!moved) {
      // Only a person's action could have moved it, and none moves an STR whose filing is under way; kept visible.
      log('warn', 'STR not in the status its filing expected', { org_id: filing.orgId, str_id: filing.reportId, filing_id: filing.id, expected: from, change: change.kind });
      await tx.update(strReports).set({ filing: { ...view } }).where(where);
    }
    return Boolean(moved);
  };
  const audit = (action: string, changes: Record<string, unknown>) =>
    recordAudit(tx, actor, { action, targetType: 'str', targetId: filing.reportId, changes: { filing_id: filing.id, xml_sha256: filing.xmlSha256, ...changes } });

  switch (change.kind) {
    case 'accepted':
      await move('awaiting_approval', 'filed');
      await audit('str.filed', { from: 'awaiting_approval', to: 'filed', reference: filing.reference, attempt: filing.attempts });
      return;
    case 'refused': {
      const lastRejection = {
        at: (filing.updatedAt ?? new Date()).toISOString(),
        // The first reason the filing system gave; all of them are in `errors`.
        reason: change.errors[0]?.message ?? 'the filing system refused the report',
        errors: change.errors,
      };
      await move('awaiting_approval', 'rejected', { lastRejection });
      await audit('str.rejected', { from: 'awaiting_approval', to: 'rejected', errors: change.errors.length, reason: lastRejection.reason, attempt: filing.attempts });
      return;
    }
    case 'acknowledged':
      await move('filed', 'acknowledged');
      await audit('str.acknowledged', { from: 'filed', to: 'acknowledged', reference: filing.reference, fiu_ref: filing.fiuRef });
      return;
    case 'unreachable':
      await tx.update(strReports).set({ filing: { ...view } }).where(where);
      await audit('str.filing_unreachable', {
        attempt: filing.attempts,
        error: change.error,
        next_attempt_at: view.next_attempt_at,
        // A timeout or a broken answer does not prove the filing system did not receive the report: should it show
        // up twice at the unit, the copies are recognised by this SHA-256 of the bytes sent.
        note: 'the filing system may have received the report; a duplicate carries the same xml_sha256',
      });
      return;
    case 'queued':
    case 'claimed':
    case 'polled':
      await tx.update(strReports).set({ filing: { ...view } }).where(where);
      return;
  }
}

/** The STR's attachments as sent after its XML, oldest first. */
async function strFilingAttachments(db: Queryable, filing: FilingRow): Promise<FilingAttachment[]> {
  const rows = await db
    .select({ name: strAttachments.name, type: strAttachments.type, bytes: strAttachments.bytes })
    .from(strAttachments)
    .where(and(eq(strAttachments.orgId, filing.orgId), eq(strAttachments.strId, filing.reportId)))
    .orderBy(asc(strAttachments.createdAt), asc(strAttachments.key));
  return rows.map((r) => ({ name: r.name, type: r.type, bytes: r.bytes }));
}

/** How STRs are filed: registered for `report_kind = 'str'` in lib/filing/report-kinds.ts. */
export const strFiledReport: FiledReportKind = {
  attachments: strFilingAttachments,
  onFilingChange: onStrFilingChange,
};
