import type { filings } from '@/db/schema';
import { ctrFiledReport } from '@/lib/reports/ctr/filing-status';
import { strFiledReport } from '@/lib/reports/str/filing-status';
import type { FiledReportKind } from './filings';

type ReportKind = (typeof filings.$inferSelect)['reportKind'];

/**
 * The kinds of report the filing worker can send, by `filings.report_kind`. A kind without an entry is left in the
 * queue and logged by the worker rather than sent without its status rules.
 */
const KINDS: Partial<Record<ReportKind, FiledReportKind>> = {
  str: strFiledReport,
  ctr: ctrFiledReport,
};

/** The kinds the worker acts on; filings of any other kind wait in the queue untouched. */
export const HANDLED_REPORT_KINDS = Object.keys(KINDS) as ReportKind[];

export function filedReportKind(kind: ReportKind): FiledReportKind {
  const found = KINDS[kind];
  if (!found) throw new Error(`no filing rules for reports of kind ${kind}`);
  return found;
}
