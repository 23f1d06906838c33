import { z } from 'zod';
import { pageParams } from '@/lib/paging';

/** The kinds of report the list holds; one branch of `listReports` each. */
export const REPORT_KINDS = ['str', 'ctr', 'pack'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_KIND_MESSAGE = 'kind must be str, ctr or pack';

/** listReports; GET /v1/reports query: a kind, and the page. */
export const reportListQuery = z.object({
  kind: z.enum(REPORT_KINDS, { error: REPORT_KIND_MESSAGE }).optional().meta({ description: 'Only reports of this kind: str, ctr or pack' }),
  ...pageParams,
});
