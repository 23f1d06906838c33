import { createCase } from '@/lib/cases/create-case';
import { listCases } from '@/lib/cases/list-cases';
import { ALERT_IDS_MESSAGE, caseCreateInput, caseListQuery, STATUS_FILTER_MESSAGE, TITLE_MESSAGE } from '@/lib/cases/schemas';
import { serializeCase } from '@/lib/cases/serialize';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

export const GET = route({
  auth: 'key',
  summary: 'List cases',
  description: 'Paged, most recently changed first; `status` (open or closed) filters.',
  responses: { 200: schemas.CasePage },
  errors: { 400: [STATUS_FILTER_MESSAGE] },
  query: caseListQuery,
  handler: async ({ db, actor, query }) => {
    const page = await listCases(db, actor, query);
    return json(200, { cases: page.items.map(serializeCase), ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}) });
  },
});

export const POST = route({
  auth: 'key',
  summary: 'Open a case from alerts',
  description:
    'Gathers 1 to 100 alerts of the organisation into a new case, shown as CASE-<number>. The subject is the source entity of the first alert. An alert belongs to at most one case: naming one that is already in a case answers 409 and opens nothing.',
  responses: { 201: schemas.Case },
  errors: {
    400: [TITLE_MESSAGE, ALERT_IDS_MESSAGE],
    404: ['alert not found'],
    409: ['ALR-12 is already in CASE-3; an alert belongs to at most one case'],
  },
  requestExample: { title: 'Rent collections through a mule account', alert_ids: ['5f0c6a1e-8a53-4c1b-9d57-2f6f2c1b8e01'] },
  body: caseCreateInput,
  handler: async ({ db, actor, body }) => json(201, serializeCase(await createCase(db, actor, body))),
});
