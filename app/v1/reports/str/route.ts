import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';
import { CASE_NOT_FOUND } from '@/lib/cases/schemas';
import { createStr } from '@/lib/reports/str/create-str';
import { CASE_ID_MESSAGE, strCreateInput } from '@/lib/reports/str/schemas';
import { serializeStr } from '@/lib/reports/str/serialize';

export const POST = route({
  auth: 'person',
  summary: 'Start an STR from a case',
  description:
    'Drafts a suspicious transaction report (STR-<number>) from a case: the subject from the case subject’s record, one transaction per event behind the case’s alerts. One STR per case: a second call for the same case answers 200 with the existing STR.',
  responses: { 201: schemas.Str, 200: schemas.Str },
  errors: { 400: [CASE_ID_MESSAGE], 404: [CASE_NOT_FOUND] },
  requestExample: { case_id: '5f0c6a1e-8a53-4c1b-9d57-2f6f2c1b8e01' },
  body: strCreateInput,
  handler: async ({ db, actor, body }) => {
    const { str, created } = await createStr(db, actor, body);
    return json(created ? 201 : 200, serializeStr(str));
  },
});
