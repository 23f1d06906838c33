import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';
import { approveResolution } from '@/lib/screening/approve-resolution';
import { serializeResolution } from '@/lib/screening/serialize';

export const POST = route({
  auth: 'key',
  summary: 'Approve a cleared match (second key)',
  description:
    'No body. When it was the last match to clear, the review becomes `cleared` and the alert closes. An unknown screening or decision is `resolution not found`.',
  responses: { 200: schemas.Resolution },
  errors: {
    403: ["the person who cleared a match can't approve it"],
    404: ['resolution not found'],
    409: ['only a cleared match waiting for approval can be approved'],
  },
  uuidParams: ['id', 'resolution_id'],
  handler: async ({ db, actor, params }) =>
    json(200, serializeResolution(await approveResolution(db, actor, params.id as string, params.resolution_id as string))),
});
