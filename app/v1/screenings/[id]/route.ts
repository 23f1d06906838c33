import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';
import { getScreening } from '@/lib/screening/get-screening';
import { serializeScreening } from '@/lib/screening/serialize';

export const GET = route({
  auth: 'key',
  summary: 'One stored screening',
  description: 'Subject, matches, near misses and lists exactly as first returned; `resolutions`, `review` and `alert_id` are current.',
  responses: { 200: schemas.Screening },
  errors: { 404: ['screening not found'] },
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => {
    const { screening, resolutions } = await getScreening(db, actor, params.id as string);
    return json(200, serializeScreening(screening, resolutions));
  },
});
