import { rejectClosure } from '@/lib/alerts/reject-closure';
import { serializeAlert } from '@/lib/alerts/serialize';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

export const POST = route({
  auth: 'key',
  summary: 'Send an alert back from pending closure',
  description: 'No body. Any key may reject, the requester included. The alert returns to `in_review` with its disposition cleared.',
  responses: { 200: schemas.Alert },
  errors: { 404: ['alert not found'], 409: ['alert is not pending closure'] },
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => json(200, serializeAlert(await rejectClosure(db, actor, params.id as string))),
});
