import { getAlert } from '@/lib/alerts/get-alert';
import { serializeAlert, serializeAlertView } from '@/lib/alerts/serialize';
import { alertUpdateBody } from '@/lib/alerts/schemas';
import { updateAlert } from '@/lib/alerts/update-alert';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

export const GET = route({
  auth: 'key',
  summary: 'One alert with the list fields',
  responses: { 200: schemas.AlertView },
  errors: { 404: ['alert not found'] },
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => json(200, serializeAlertView(await getAlert(db, actor, params.id as string))),
});

export const PATCH = route({
  auth: 'key',
  summary: 'Move an alert between open and in_review, or assign it',
  description: 'Send `status`, `assigned_to` or both. Refused on `pending_closure` and `closed` alerts. Returns the alert.',
  responses: { 200: schemas.Alert },
  errors: {
    400: [
      'unknown status',
      'status can only be open or in_review here; close alerts through /closure',
      'assigned_to cannot be empty',
    ],
    404: ['alert not found'],
    409: ['alert is pending closure or closed'],
  },
  requestExample: { status: 'in_review', assigned_to: 'nina@northwind.example' },
  uuidParams: ['id'],
  body: alertUpdateBody,
  handler: async ({ db, actor, params, body }) =>
    json(200, serializeAlert(await updateAlert(db, actor, params.id as string, body))),
});
