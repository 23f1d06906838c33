import { getDecision } from '@/lib/decisions/get-decision';
import { serializeDecision } from '@/lib/decisions/serialize';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

export const GET = route({
  auth: 'key',
  summary: 'One decision with its score and the rules that fired',
  responses: { 200: schemas.Decision },
  errors: { 404: ['decision not found'] },
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => json(200, serializeDecision(await getDecision(db, actor, params.id as string))),
});
