import { z } from 'zod';
import { listAuditEntries, serializeAuditEntry } from '@/lib/audit/list-entries';
import { pageParams } from '@/lib/paging';
import { json } from '@/lib/http/respond';
import { instant } from '@/lib/http/instant';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

export const GET = route({
  auth: 'key',
  summary: 'Read the audit log',
  description: 'Paged, newest first. Entries are never updated or deleted.',
  responses: { 200: schemas.AuditPage },
  query: z.object({
    ...pageParams,
    action: z.string().optional(),
    actor: z.string().optional(),
    target_id: z.string().optional(),
    since: instant('since'),
    until: instant('until'),
  }),
  handler: async ({ db, actor, query }) => {
    const page = await listAuditEntries(db, actor, query);
    return json(200, { entries: page.items.map(serializeAuditEntry), ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}) });
  },
});
