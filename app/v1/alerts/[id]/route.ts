import { getAlert } from '@/lib/alerts/get-alert';
import { serializeAlert, serializeAlertView } from '@/lib/alerts/serialize';
import { updateAlert, updateAlertBody } from '@/lib/alerts/update-alert';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';

export const GET = route({
  auth: 'key',
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => json(200, serializeAlertView(await getAlert(db, actor, params.id as string))),
});

export const PATCH = route({
  auth: 'key',
  uuidParams: ['id'],
  body: updateAlertBody,
  handler: async ({ db, actor, params, body }) =>
    json(200, serializeAlert(await updateAlert(db, actor, params.id as string, { status: body.status, assignedTo: body.assigned_to }))),
});
