import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import { recordResolution, resolutionBody } from '@/lib/screening/record-resolution';
import { serializeResolution } from '@/lib/screening/serialize';

export const POST = route({
  auth: 'key',
  uuidParams: ['id'],
  body: resolutionBody,
  handler: async ({ db, actor, params, body }) => json(200, serializeResolution(await recordResolution(db, actor, params.id as string, body))),
});
