import { listAlerts } from '@/lib/alerts/list-alerts';
import { alertListQuery } from '@/lib/alerts/schemas';
import { serializeAlertView } from '@/lib/alerts/serialize';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

export const GET = route({
  auth: 'key',
  summary: 'List alerts',
  description:
    'Paged. With `queue=open` (open and in_review) soonest `due_at` first; otherwise most recently changed first. `status` is ignored when `queue` is set. `decision` filters on review or block (screening alerts count as review); `number` takes `ALR-12` or `12`.',
  responses: { 200: schemas.AlertPage },
  query: alertListQuery,
  handler: async ({ db, actor, query }) => {
    const page = await listAlerts(db, actor, query);
    return json(200, { alerts: page.items.map(serializeAlertView), ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}) });
  },
});
