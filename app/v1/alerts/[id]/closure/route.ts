import { requestClosure, requestClosureBody } from '@/lib/alerts/request-closure';
import { serializeAlert } from '@/lib/alerts/serialize';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';

export const POST = route({
  auth: 'key',
  uuidParams: ['id'],
  body: requestClosureBody,
  handler: async ({ db, actor, params, body }) => json(200, serializeAlert(await requestClosure(db, actor, params.id as string, body))),
});
