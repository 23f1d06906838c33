import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';
import { ALREADY_BEING_FILED, DRAFTER_CANNOT_FILE, fileStr, FILING_NOT_CONFIGURED, NOT_AWAITING_APPROVAL, ROLE_CANNOT_FILE } from '@/lib/reports/str/file-str';
import { CHECKS_FAIL_MESSAGE, STR_NOT_FOUND } from '@/lib/reports/str/schemas';
import { serializeStr } from '@/lib/reports/str/serialize';

export const POST = route({
  auth: 'person',
  summary: 'Approve and file an STR',
  description:
    'Files an STR awaiting approval with the filing system (a reviewer or an admin who did not draft it). 200 when the filing system answered: `status` is `filed` (accepted; then polled until `acknowledged`) or `rejected` (refused; `last_rejection` has the reasons). 202 when it could not be reached: the STR stays `awaiting_approval` with `filing.state` `queued` and `filing.next_attempt_at`, and the filing worker sends it with backoff. 422 `{error, checks}` while a check is an error.',
  responses: {
    200: { schema: schemas.Str, description: 'The filing system answered: `status` `filed` or `rejected`' },
    202: { schema: schemas.Str, description: 'The filing system could not be reached: queued, retried in the background' },
  },
  errors: {
    403: [ROLE_CANNOT_FILE, DRAFTER_CANNOT_FILE],
    404: [STR_NOT_FOUND],
    409: [NOT_AWAITING_APPROVAL, ALREADY_BEING_FILED, FILING_NOT_CONFIGURED],
    422: [CHECKS_FAIL_MESSAGE],
  },
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => {
    const { str, outcome } = await fileStr(db, actor, params.id as string);
    return json(outcome === 'queued' ? 202 : 200, serializeStr(str));
  },
});
