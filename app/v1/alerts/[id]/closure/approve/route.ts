import { approveClosure } from '@/lib/alerts/approve-closure';
import { serializeAlert } from '@/lib/alerts/serialize';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';

export const POST = route({
  auth: 'key',
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => json(200, serializeAlert(await approveClosure(db, actor, params.id as string))),
});
