import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '@/db/client';
import { strAttachments, strReports, type StrStatus } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import type { FilingAttachment } from '@/lib/filing/client';
import type { FiledReportKind, FilingChange, FilingRow } from '@/lib/filing/filings';
import { followFiling, type FollowingReport } from '@/lib/filing/follow-filing';

/**
 * An STR follows its latest filing (lib/filing/follow-filing.ts): pending while `awaiting_approval`, then `filed`,
 * `rejected` with its `last_rejection`, `acknowledged`; the filing's view is kept in `str_reports.filing`.
 */
const strReport: FollowingReport<StrStatus> = {
  kind: 'str',
  pending: 'awaiting_approval',
  async move(tx, filing, from, to, view, lastRejection) {
    const [moved] = await tx
      .update(strReports)
      .set({ status: to, filing: { ...view }, updatedAt: sql`now()`, ...(lastRejection ? { lastRejection: { ...lastRejection } } : {}) })
      .where(and(eq(strReports.orgId, filing.orgId), eq(strReports.id, filing.reportId), eq(strReports.status, from)))
      .returning({ id: strReports.id });
    return moved !== undefined;
  },
  async show(tx, filing, view) {
    await tx
      .update(strReports)
      .set({ filing: { ...view } })
      .where(and(eq(strReports.orgId, filing.orgId), eq(strReports.id, filing.reportId)));
  },
};

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
  onFilingChange: (tx: Tx, actor: Actor, filing: FilingRow, change: FilingChange) => followFiling(tx, actor, filing, change, strReport),
};
