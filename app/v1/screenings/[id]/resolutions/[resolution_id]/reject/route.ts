import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import { rejectResolution } from '@/lib/screening/reject-resolution';
import { serializeResolution } from '@/lib/screening/serialize';

export const POST = route({
  auth: 'key',
  uuidParams: ['id', 'resolution_id'],
  handler: async ({ db, actor, params }) =>
    json(200, serializeResolution(await rejectResolution(db, actor, params.id as string, params.resolution_id as string))),
});
