import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { ctrBatches, type CtrStatus } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit/record';
import { filingView, type FiledReportKind, type FilingChange, type FilingRow } from '@/lib/filing/filings';
import { log } from '@/lib/log';

/**
 * A CTR batch follows its latest filing. The one place where a filing moves a batch:
 *
 *   change         batch status                audit
 *   queued         stays draft                 ctr.filing_queued (by submitCtr, with its own details)
 *   accepted       draft → filed               ctr.filed
 *   refused        draft → rejected            ctr.rejected, `last_rejection {at, reason, errors}`
 *   unreachable    stays draft                 ctr.filing_unreachable
 *   acknowledged   filed → acknowledged        ctr.acknowledged
 *   claimed/polled stays                       none (attempts and next poll only)
 *
 * Every change writes the filing's view to `ctr_batches.filing`; every audit entry carries the XML's SHA-256. Status
 * moves are conditional on the status they leave, so a batch moved meanwhile is logged and left as it is.
 */
async function onCtrFilingChange(tx: Tx, actor: Actor, filing: FilingRow, change: FilingChange): Promise<void> {
  const view = filingView(filing);
  const where = and(eq(ctrBatches.orgId, filing.orgId), eq(ctrBatches.id, filing.reportId));
  const move = async (from: CtrStatus, to: CtrStatus, extra: Partial<typeof ctrBatches.$inferInsert> = {}) => {
    const [moved] = await tx
      .update(ctrBatches)
      .set({ status: to, filing: { ...view }, updatedAt: sql`now()`, ...extra })
      .where(and(where, eq(ctrBatches.status, from)))
      .returning({ id: ctrBatches.id });
    if (!moved) {
      log('warn', 'CTR batch not in the status its filing expected', { org_id: filing.orgId, ctr_id: filing.reportId, filing_id: filing.id, expected: from, change: change.kind });
      await tx.update(ctrBatches).set({ filing: { ...view } }).where(where);
    }
  };
  const audit = (action: string, changes: Record<string, unknown>) =>
    recordAudit(tx, actor, { action, targetType: 'ctr', targetId: filing.reportId, changes: { filing_id: filing.id, xml_sha256: filing.xmlSha256, ...changes } });

  switch (change.kind) {
    case 'accepted':
      await move('draft', 'filed');
      await audit('ctr.filed', { from: 'draft', to: 'filed', reference: filing.reference, attempt: filing.attempts });
      return;
    case 'refused': {
      const lastRejection = {
        at: (filing.updatedAt ?? new Date()).toISOString(),
        reason: change.errors[0]?.message ?? 'the filing system refused the report',
        errors: change.errors,
      };
      await move('draft', 'rejected', { lastRejection });
      await audit('ctr.rejected', { from: 'draft', to: 'rejected', errors: change.errors.length, reason: lastRejection.reason, attempt: filing.attempts });
      return;
    }
    case 'acknowledged':
      await move('filed', 'acknowledged');
      await audit('ctr.acknowledged', { from: 'filed', to: 'acknowledged', reference: filing.reference, fiu_ref: filing.fiuRef });
      return;
    case 'unreachable':
      await tx.update(ctrBatches).set({ filing: { ...view } }).where(where);
      await audit('ctr.filing_unreachable', {
        attempt: filing.attempts,
        error: change.error,
        next_attempt_at: view.next_attempt_at,
        note: 'the filing system may have received the report; a duplicate carries the same xml_sha256',
      });
      return;
    case 'queued':
    case 'claimed':
    case 'polled':
      await tx.update(ctrBatches).set({ filing: { ...view } }).where(where);
      return;
  }
}

/** How CTR batches are filed: registered for `report_kind = 'ctr'` in lib/filing/report-kinds.ts. A batch has no attachments. */
export const ctrFiledReport: FiledReportKind = {
  attachments: () => Promise.resolve([]),
  onFilingChange: onCtrFilingChange,
};
