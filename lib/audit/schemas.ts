import { z } from 'zod';
import { pageParams } from '@/lib/paging';
import { instant } from '@/lib/validation';

/** GET /v1/audit query, as listAuditEntries' filter. */
export const auditListQuery = z.object({
  ...pageParams,
  action: z.string().optional(),
  actor: z.string().optional(),
  target_id: z.string().optional(),
  since: instant('since'),
  until: instant('until'),
});
