import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';
import { strChecks } from '@/lib/reports/str/get-str';
import { CHECKS_FAIL_MESSAGE, NOT_A_DRAFT_TO_REVIEW, STR_NOT_FOUND } from '@/lib/reports/str/schemas';
import { sendStrForReview } from '@/lib/reports/str/send-for-review';
import { serializeStr } from '@/lib/reports/str/serialize';

export const POST = route({
  auth: 'person',
  summary: 'Send a finished draft STR for review',
  description: 'Moves a draft to `awaiting_approval` for a second person. Refused with 422 `{error, checks}` while any check is an error; 409 when the STR is not a draft.',
  responses: { 200: schemas.Str },
  errors: { 404: [STR_NOT_FOUND], 409: [NOT_A_DRAFT_TO_REVIEW], 422: [CHECKS_FAIL_MESSAGE] },
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => {
    const str = await sendStrForReview(db, actor, params.id as string);
    return json(200, serializeStr(str, await strChecks(db, str)));
  },
});
