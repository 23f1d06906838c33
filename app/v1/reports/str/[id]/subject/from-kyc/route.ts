import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';
import { fillStrSubjectFromKyc } from '@/lib/reports/str/fill-subject-from-kyc';
import { strChecks } from '@/lib/reports/str/get-str';
import { NO_CUSTOMER_RECORD, NOT_A_DRAFT_MESSAGE, NOTHING_TO_COPY, STR_NOT_FOUND } from '@/lib/reports/str/schemas';
import { serializeStr } from '@/lib/reports/str/serialize';

export const POST = route({
  auth: 'person',
  summary: 'Fill a draft STR’s subject from the customer record',
  description:
    'Copies the subject fields the draft lacks (null or blank) from the case subject entity’s attributes (the same field names; `address` part by part); fields already filled stay. 422 when the record has nothing to add, 409 when the STR is not a draft. Answers the STR with its checks.',
  responses: { 200: schemas.Str },
  errors: { 404: [STR_NOT_FOUND], 409: [NOT_A_DRAFT_MESSAGE], 422: [NOTHING_TO_COPY, NO_CUSTOMER_RECORD] },
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => {
    const str = await fillStrSubjectFromKyc(db, actor, params.id as string);
    return json(200, serializeStr(str, await strChecks(db, str)));
  },
});
