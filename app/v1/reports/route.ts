import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';
import { LIMIT_MESSAGE } from '@/lib/paging';
import { listReports } from '@/lib/reports/list-reports';
import { REPORT_KIND_MESSAGE, reportListQuery } from '@/lib/reports/schemas';
import { serializeReportList } from '@/lib/reports/serialize';

export const GET = route({
  auth: 'person',
  summary: 'List reports',
  description:
    'STRs, CTR batches and evidence packs of the organisation, most recently changed first; `kind` (str, ctr, pack) filters. `figures` counts all of the organisation’s reports by kind and status, not only the page.',
  responses: { 200: schemas.ReportList },
  errors: { 400: [REPORT_KIND_MESSAGE, LIMIT_MESSAGE, 'cursor is not valid; send back the next_cursor of a previous page'] },
  query: reportListQuery,
  handler: async ({ db, actor, query }) => json(200, serializeReportList(await listReports(db, actor, query))),
});
