import { requestClosure } from '@/lib/alerts/request-closure';
import { closureRequestBody } from '@/lib/alerts/schemas';
import { serializeAlert } from '@/lib/alerts/serialize';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

export const POST = route({
  auth: 'key',
  summary: 'Request the closure of an alert (first key)',
  description:
    'Allowed on `open` or `in_review`. Dispositions: `false_positive` (nothing suspicious), `escalated` (passed for deeper investigation), `reported` (reported to the FIU; the service files nothing). Returns the alert with status `pending_closure`, `disposition` and `closure_requested_by`.',
  responses: { 200: schemas.Alert },
  errors: { 400: ['unknown disposition'], 404: ['alert not found'], 409: ['only open or in_review alerts can be put up for closure'] },
  requestExample: { disposition: 'false_positive' },
  uuidParams: ['id'],
  body: closureRequestBody,
  handler: async ({ db, actor, params, body }) => json(200, serializeAlert(await requestClosure(db, actor, params.id as string, body))),
});
