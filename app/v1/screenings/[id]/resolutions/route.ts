import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';
import { recordResolution } from '@/lib/screening/record-resolution';
import { resolutionInput } from '@/lib/screening/schemas';
import { serializeResolution } from '@/lib/screening/serialize';

export const POST = route({
  auth: 'key',
  summary: 'Record a decision on a match or near miss',
  description:
    '`false_positive` waits for a second key (`pending_approval`); `true_match` and `needs_info` are final at once. While a decision on the match waits for approval, no new one can be recorded.',
  responses: { 200: schemas.Resolution },
  errors: {
    400: ['outcome must be true_match, false_positive or needs_info', 'note must be 1 to 2000 characters', 'this screening has no such match'],
    404: ['screening not found'],
    409: ['a decision on this match is waiting for a second person'],
  },
  requestExample: { list: 'sample', entry_ref: 'SAMPLE-001', outcome: 'false_positive', note: 'Different person: born 1988, Spanish national.' },
  uuidParams: ['id'],
  body: resolutionInput,
  handler: async ({ db, actor, params, body }) => json(200, serializeResolution(await recordResolution(db, actor, params.id as string, body))),
});
