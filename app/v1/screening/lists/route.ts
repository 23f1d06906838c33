import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import { screeningIndex } from '@/lib/screening/list-index';

/** The lists this instance's matcher screens with (shared by every organisation). */
export const GET = route({
  auth: 'key',
  handler: async ({ db }) => json(200, { lists: (await screeningIndex(db)).lists }),
});
