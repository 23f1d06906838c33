import { getDecision } from '@/lib/decisions/get-decision';
import { serializeDecision } from '@/lib/decisions/serialize';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';

export const GET = route({
  auth: 'key',
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => json(200, serializeDecision(await getDecision(db, actor, params.id as string))),
});
