import { alertFlow, serializeFlow } from '@/lib/alerts/alert-flow';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

export const GET = route({
  auth: 'key',
  summary: "Hourly money flow of an alert's source",
  description:
    'Money in and out of the source entity per hour, over the 24 hours up to the alert’s latest event; only hours with money moving. Without a source, `entity_id` is absent and `hours` empty.',
  responses: { 200: schemas.AlertFlow },
  errors: { 404: ['alert not found'] },
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => json(200, serializeFlow(await alertFlow(db, actor, params.id as string))),
});
