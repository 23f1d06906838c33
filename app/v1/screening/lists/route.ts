import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';
import { screeningIndex } from '@/lib/screening/list-index';

/** The lists this instance's matcher screens with (shared by every organisation). */
export const GET = route({
  auth: 'key',
  summary: 'The screening lists this instance screens with',
  description: 'Shared by every organisation on the install. New lists reach running instances within 30 seconds.',
  responses: { 200: schemas.ScreeningLists },
  handler: async ({ db }) => json(200, { lists: (await screeningIndex(db)).lists }),
});
