import type { ReportListItem, ReportListPage } from './list-reports';

/** A line of DESIGN's "Report list". */
export function serializeReportListItem(r: ReportListItem) {
  return { id: r.id, kind: r.kind, number: r.number, status: r.status, updated_at: r.updatedAt.toISOString(), summary: r.summary };
}

/** GET /v1/reports: the page, `next_cursor` when more rows exist, and the figures of all the organisation's reports. */
export function serializeReportList(page: ReportListPage) {
  return {
    reports: page.items.map(serializeReportListItem),
    ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}),
    figures: page.figures,
  };
}
