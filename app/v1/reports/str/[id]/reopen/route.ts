import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';
import { strChecks } from '@/lib/reports/str/get-str';
import { reopenStr } from '@/lib/reports/str/reopen-str';
import { NOT_REJECTED_MESSAGE, STR_NOT_FOUND } from '@/lib/reports/str/schemas';
import { serializeStr } from '@/lib/reports/str/serialize';

export const POST = route({
  auth: 'person',
  summary: 'Reopen a rejected STR as a draft',
  description: 'A rejected STR goes back to `draft` to be corrected and filed again; `last_rejection` is kept. 409 from any other state. Answers the STR with its checks.',
  responses: { 200: schemas.Str },
  errors: { 404: [STR_NOT_FOUND], 409: [NOT_REJECTED_MESSAGE] },
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => {
    const str = await reopenStr(db, actor, params.id as string);
    return json(200, serializeStr(str, await strChecks(db, str)));
  },
});
