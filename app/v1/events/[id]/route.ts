import { getEvent } from '@/lib/events/get-event';
import { serializeEventDetail } from '@/lib/events/serialize';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';

export const GET = route({
  auth: 'key',
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => {
    const { event, decision } = await getEvent(db, actor, params.id as string);
    return json(200, serializeEventDetail(event, decision));
  },
});
