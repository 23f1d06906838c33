import { activateRule } from '@/lib/rules/activate-rule';
import { serializeRule } from '@/lib/rules/serialize';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

export const POST = route({
  auth: 'key',
  summary: 'Activate a draft rule version (second key)',
  description:
    'No body. The caller key must differ from the draft’s author. Any other active version of the key is retired. Takes effect at once on this instance and within 30 seconds on others.',
  responses: { 200: schemas.RuleVersion },
  errors: { 403: ['the author of a rule cannot approve it'], 404: ['rule not found'], 409: ['only a draft can be activated'] },
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => json(200, serializeRule(await activateRule(db, actor, params.id as string))),
});
