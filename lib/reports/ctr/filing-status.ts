import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { ctrBatches, type CtrStatus } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import type { FiledReportKind, FilingChange, FilingRow } from '@/lib/filing/filings';
import { followFiling, type FollowingReport } from '@/lib/filing/follow-filing';

/**
 * A CTR batch follows its latest filing (lib/filing/follow-filing.ts): pending while `draft`, then `filed`, `rejected`
 * with its `last_rejection`, `acknowledged`; the filing's view is kept in `ctr_batches.filing`.
 */
const ctrReport: FollowingReport<CtrStatus> = {
  kind: 'ctr',
  pending: 'draft',
  async move(tx, filing, from, to, view, lastRejection) {
    const [moved] = await tx
      .update(ctrBatches)
      .set({ status: to, filing: { ...view }, updatedAt: sql`now()`, ...(lastRejection ? { lastRejection: { ...lastRejection } } : {}) })
      .where(and(eq(ctrBatches.orgId, filing.orgId), eq(ctrBatches.id, filing.reportId), eq(ctrBatches.status, from)))
      .returning({ id: ctrBatches.id });
    return moved !== undefined;
  },
  async show(tx, filing, view) {
    await tx
      .update(ctrBatches)
      .set({ filing: { ...view } })
      .where(and(eq(ctrBatches.orgId, filing.orgId), eq(ctrBatches.id, filing.reportId)));
  },
};

/** How CTR batches are filed: registered for `report_kind = 'ctr'` in lib/filing/report-kinds.ts. A batch has no attachments. */
export const ctrFiledReport: FiledReportKind = {
  attachments: () => Promise.resolve([]),
  onFilingChange: (tx: Tx, actor: Actor, filing: FilingRow, change: FilingChange) => followFiling(tx, actor, filing, change, ctrReport),
};
