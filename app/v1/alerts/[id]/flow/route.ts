import { alertFlow, serializeFlow } from '@/lib/alerts/alert-flow';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';

export const GET = route({
  auth: 'key',
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => json(200, serializeFlow(await alertFlow(db, actor, params.id as string))),
});
