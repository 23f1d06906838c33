import { getEvent } from '@/lib/events/get-event';
import { serializeEventDetail } from '@/lib/events/serialize';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

export const GET = route({
  auth: 'key',
  summary: 'One event with its payload and the reasons of its decision',
  responses: { 200: schemas.EventDetail },
  errors: { 404: ['event not found'] },
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => {
    const { event, decision } = await getEvent(db, actor, params.id as string);
    return json(200, serializeEventDetail(event, decision));
  },
});
