import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import { getScreening } from '@/lib/screening/get-screening';
import { serializeScreening } from '@/lib/screening/serialize';

export const GET = route({
  auth: 'key',
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => {
    const { screening, resolutions } = await getScreening(db, actor, params.id as string);
    return json(200, serializeScreening(screening, resolutions));
  },
});
