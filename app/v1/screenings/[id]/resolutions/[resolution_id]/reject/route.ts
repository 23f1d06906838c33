import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';
import { rejectResolution } from '@/lib/screening/reject-resolution';
import { serializeResolution } from '@/lib/screening/serialize';

export const POST = route({
  auth: 'key',
  summary: 'Send a cleared match back',
  description: 'No body. Any key may reject; the match has no standing decision again. An unknown screening or decision is `resolution not found`.',
  responses: { 200: schemas.Resolution },
  errors: { 404: ['resolution not found'], 409: ['only a cleared match waiting for approval can be sent back'] },
  uuidParams: ['id', 'resolution_id'],
  handler: async ({ db, actor, params }) =>
    json(200, serializeResolution(await rejectResolution(db, actor, params.id as string, params.resolution_id as string))),
});
