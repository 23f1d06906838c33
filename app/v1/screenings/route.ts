import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';
import { createScreening } from '@/lib/screening/create-screening';
import { listScreenings } from '@/lib/screening/list-screenings';
import { screeningInput, screeningListQuery } from '@/lib/screening/schemas';
import { serializeScreening } from '@/lib/screening/serialize';

export const GET = route({
  auth: 'key',
  summary: 'List screenings',
  description: 'Newest first, paged like other lists. Filters: `reference`, `status` (`clear` or `potential_match`).',
  responses: { 200: schemas.ScreeningPage },
  errors: { 400: ['limit must be between 1 and 200', 'status must be clear or potential_match'] },
  query: screeningListQuery,
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
  summary: 'Screen a person or business against the loaded lists',
  description:
    'Stores and returns the screening: `potential_match` when a candidate scores at or above the threshold (default 80), and then an alert is raised in the same request; `clear` otherwise. At most 25 candidates, highest first; those scoring 50 up to the threshold are in `near`. Only `name` is required. With no list loaded the answer is 503, never clear.',
  responses: { 200: schemas.Screening },
  errors: {
    400: [
      'name must be 1 to 200 characters',
      'kind must be person or business',
      'birth_year looks wrong',
      'country must be a two-letter code',
      'reference must be 1 to 200 characters',
      'threshold must be between 50 and 100',
    ],
    503: ['no screening list is loaded, so nothing can be checked'],
  },
  requestExample: { name: 'Ivan Petrov', kind: 'person', birth_year: 1971, country: 'RU', reference: 'cust-1042', threshold: 80 },
  body: screeningInput,
  handler: async ({ db, actor, body }) => json(200, serializeScreening(await createScreening(db, actor, body), [])),
});
