import type { Tx } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit/record';
import { log } from '@/lib/log';
import { filingView, type FilingChange, type FilingRow, type FilingView } from './filings';

/** The reason a refusal is remembered by: the first the filing system gave (all of them are in `errors`). */
export interface LastRejection {
  at: string;
  reason: string;
  errors: Extract<FilingChange, { kind: 'refused' }>['errors'];
}

/** How one kind of report is stored, for `followFiling`: its table's two writes, by the filing's report id. */
export interface FollowingReport<S extends string> {
  /** `str` or `ctr`: the audit target type and the prefix of the audit actions. */
  kind: 'str' | 'ctr';
  /** The report's status while its filing is under way (queued, sent or unanswered). */
  pending: S;
  /** Moves the report from `from` to `to` with the filing's view (and a last rejection); false when it was not in `from`. */
  move(tx: Tx, filing: FilingRow, from: S, to: S, view: FilingView, lastRejection?: LastRejection): Promise<boolean>;
  /** Writes the filing's view to the report, nothing else. */
  show(tx: Tx, filing: FilingRow, view: FilingView): Promise<void>;
}

/**
 * A report follows its latest filing, the same way for every kind:
 *
 *   change         report status                 audit
 *   queued         stays pending                 <kind>.filing_queued (by the verb that files, with its own details)
 *   accepted       pending → filed               <kind>.filed
 *   refused        pending → rejected            <kind>.rejected, `last_rejection {at, reason, errors}`
 *   unreachable    stays pending                 <kind>.filing_unreachable
 *   acknowledged   filed → acknowledged          <kind>.acknowledged
 *   claimed/polled stays                         none (attempts and next poll only)
 *
 * Every change writes the filing's view to the report; every audit entry carries the XML's SHA-256. Status moves are
 * conditional on the status they leave, so a report moved meanwhile by something else is logged and left as it is
 * (its filing view still written), never overwritten. Runs in the transaction that changed the filing row.
 */
export async function followFiling<S extends string>(tx: Tx, actor: Actor, filing: FilingRow, change: FilingChange, report: FollowingReport<S>): Promise<void> {
  const view = filingView(filing);
  const move = async (from: S, to: S, lastRejection?: LastRejection) => {
    if (await report.move(tx, filing, from, to, view, lastRejection)) return;
    log('warn', 'report not in the status its filing expected', { org_id: filing.orgId, kind: report.kind, report_id: filing.reportId, filing_id: filing.id, expected: from, change: change.kind });
    await report.show(tx, filing, view);
  };
  const audit = (action: string, changes: Record<string, unknown>) =>
    recordAudit(tx, actor, { action: `${report.kind}.${action}`, targetType: report.kind, targetId: filing.reportId, changes: { filing_id: filing.id, xml_sha256: filing.xmlSha256, ...changes } });
  const pending = report.pending;

  switch (change.kind) {
    case 'accepted':
      await move(pending, 'filed' as S);
      await audit('filed', { from: pending, to: 'filed', reference: filing.reference, attempt: filing.attempts });
      return;
    case 'refused': {
      const lastRejection: LastRejection = {
        at: (filing.updatedAt ?? new Date()).toISOString(),
        reason: change.errors[0]?.message ?? 'the filing system refused the report',
        errors: change.errors,
      };
      await move(pending, 'rejected' as S, lastRejection);
      await audit('rejected', { from: pending, to: 'rejected', errors: change.errors.length, reason: lastRejection.reason, attempt: filing.attempts });
      return;
    }
    case 'acknowledged':
      await move('filed' as S, 'acknowledged' as S);
      await audit('acknowledged', { from: 'filed', to: 'acknowledged', reference: filing.reference, fiu_ref: filing.fiuRef });
      return;
    case 'unreachable':
      await report.show(tx, filing, view);
      await audit('filing_unreachable', {
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
      await report.show(tx, filing, view);
      return;
  }
}
