import { addAlertToCase } from '@/lib/cases/add-alert-to-case';
import { ALERT_ID_MESSAGE, CASE_CLOSED_MESSAGE, CASE_NOT_FOUND, caseAlertInput } from '@/lib/cases/schemas';
import { serializeCase } from '@/lib/cases/serialize';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

export const POST = route({
  auth: 'key',
  summary: 'Add an alert to a case',
  description: 'The alert joins the open case after the ones it holds. An alert belongs to at most one case (409); a closed case takes no alerts (409).',
  responses: { 200: schemas.Case },
  errors: {
    400: [ALERT_ID_MESSAGE],
    404: [CASE_NOT_FOUND, 'alert not found'],
    409: ['ALR-12 is already in CASE-3; an alert belongs to at most one case', CASE_CLOSED_MESSAGE],
  },
  requestExample: { alert_id: '5f0c6a1e-8a53-4c1b-9d57-2f6f2c1b8e01' },
  uuidParams: ['id'],
  body: caseAlertInput,
  handler: async ({ db, actor, params, body }) => json(200, serializeCase(await addAlertToCase(db, actor, params.id as string, body))),
});
