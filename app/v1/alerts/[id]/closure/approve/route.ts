import { approveClosure } from '@/lib/alerts/approve-closure';
import { serializeAlert } from '@/lib/alerts/serialize';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

export const POST = route({
  auth: 'key',
  summary: 'Approve the closure of an alert (second key)',
  description: 'No body. The caller key must differ from the one that requested closure. Returns the alert with status `closed` and `closed_by`.',
  responses: { 200: schemas.Alert },
  errors: { 403: ['the person who requested closure cannot approve it'], 404: ['alert not found'], 409: ['alert is not pending closure'] },
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => json(200, serializeAlert(await approveClosure(db, actor, params.id as string))),
});
