import { z } from 'zod';
import { storableId } from '@/lib/entities/storable';
import { pageParams } from '@/lib/http/paging';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import { createScreening, createScreeningBody } from '@/lib/screening/create-screening';
import { listScreenings, SCREENING_STATUSES, STATUS_FILTER_MESSAGE } from '@/lib/screening/list-screenings';
import { serializeScreening } from '@/lib/screening/serialize';

/** An empty query value reads as not sent. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const GET = route({
  auth: 'key',
  query: z.object({
    ...pageParams,
    reference: optional(z.string().refine(storableId, 'reference cannot contain NUL characters')),
    status: optional(z.enum(SCREENING_STATUSES, { error: STATUS_FILTER_MESSAGE })),
  }),
  handler: async ({ db, actor, query }) => {
    const page = await listScreenings(db, actor, query);
    return json(200, {
      screenings: page.items.map((s) => serializeScreening(s.screening, s.resolutions)),
      ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}),
    });
  },
});

export const POST = route({
  auth: 'key',
  body: createScreeningBody,
  handler: async ({ db, actor, body }) => json(200, serializeScreening(await createScreening(db, actor, body), [])),
});
