import { activateRule } from '@/lib/rules/activate-rule';
import { serializeRule } from '@/lib/rules/serialize';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';

export const POST = route({
  auth: 'key',
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => json(200, serializeRule(await activateRule(db, actor, params.id as string))),
});
