import { countAlerts } from '@/lib/alerts/count-alerts';
import { alertCountsQuery } from '@/lib/alerts/schemas';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

export const GET = route({
  auth: 'key',
  summary: 'Alert queue figures',
  description: '`assigned_to` fills `mine`.',
  responses: { 200: schemas.AlertCounts },
  query: alertCountsQuery,
  handler: async ({ db, actor, query }) => json(200, await countAlerts(db, actor, query)),
});
