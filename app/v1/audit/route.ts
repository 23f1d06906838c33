import { listAuditEntries, serializeAuditEntry } from '@/lib/audit/list-entries';
import { auditListQuery } from '@/lib/audit/schemas';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

export const GET = route({
  auth: 'key',
  summary: 'Read the audit log',
  description: 'Paged, newest first. Entries are never updated or deleted.',
  responses: { 200: schemas.AuditPage },
  query: auditListQuery,
  handler: async ({ db, actor, query }) => {
    const page = await listAuditEntries(db, actor, query);
    return json(200, { entries: page.items.map(serializeAuditEntry), ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}) });
  },
});
