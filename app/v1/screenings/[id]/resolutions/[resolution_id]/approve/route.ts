import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import { approveResolution } from '@/lib/screening/approve-resolution';
import { serializeResolution } from '@/lib/screening/serialize';

export const POST = route({
  auth: 'key',
  uuidParams: ['id', 'resolution_id'],
  handler: async ({ db, actor, params }) =>
    json(200, serializeResolution(await approveResolution(db, actor, params.id as string, params.resolution_id as string))),
});
