import { getCase } from '@/lib/cases/get-case';
import { ASSIGNED_TO_MESSAGE, CASE_NOT_FOUND, CASE_STATUS_MESSAGE, caseUpdateInput, NOTHING_TO_CHANGE, TITLE_MESSAGE } from '@/lib/cases/schemas';
import { serializeCase, serializeCaseDetail } from '@/lib/cases/serialize';
import { CASE_CHANGED_MEANWHILE, updateCase } from '@/lib/cases/update-case';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

export const GET = route({
  auth: 'key',
  summary: 'A case with its alerts',
  responses: { 200: schemas.CaseDetail },
  errors: { 404: [CASE_NOT_FOUND] },
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => json(200, serializeCaseDetail(await getCase(db, actor, params.id as string))),
});

export const PATCH = route({
  auth: 'key',
  summary: 'Rename, close, reopen or assign a case',
  description: '`status` open or closed (closing sets `closed_at`); `assigned_to` null leaves the case unassigned. Values equal to the current ones change nothing.',
  responses: { 200: schemas.Case },
  errors: { 400: [TITLE_MESSAGE, CASE_STATUS_MESSAGE, ASSIGNED_TO_MESSAGE, NOTHING_TO_CHANGE], 404: [CASE_NOT_FOUND], 409: [CASE_CHANGED_MEANWHILE] },
  requestExample: { status: 'closed' },
  uuidParams: ['id'],
  body: caseUpdateInput,
  handler: async ({ db, actor, params, body }) => json(200, serializeCase(await updateCase(db, actor, params.id as string, body))),
});
