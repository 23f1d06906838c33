import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';
import { ctrFigures } from '@/lib/reports/ctr/get-ctr';
import {
  BEING_FILED_MESSAGE,
  BUILDER_CANNOT_SUBMIT,
  CTR_NOT_FOUND,
  NOT_A_DRAFT_TO_SUBMIT,
  NOTHING_TO_FILE,
  ROLE_CANNOT_SUBMIT,
  SCHEMA_FAILS_MESSAGE,
} from '@/lib/reports/ctr/schemas';
import { serializeCtr } from '@/lib/reports/ctr/serialize';
import { FILING_NOT_CONFIGURED, submitCtr } from '@/lib/reports/ctr/submit-ctr';

export const POST = route({
  auth: 'person',
  summary: 'Submit a CTR batch',
  description:
    'Files every included row with a customer ID as one goAML CTR document (a reviewer or an admin who neither built nor edited the batch). 200 when the filing system answered: `status` is `filed` (accepted; then polled until `acknowledged`) or `rejected` (refused; `last_rejection` has the reasons). 202 when it could not be reached: the batch stays `draft` with `filing.state` `queued`, and the filing worker sends it with backoff.',
  responses: {
    200: { schema: schemas.CtrBatch, description: 'The filing system answered: `status` `filed` or `rejected`' },
    202: { schema: schemas.CtrBatch, description: 'The filing system could not be reached: queued, retried in the background' },
  },
  errors: {
    403: [ROLE_CANNOT_SUBMIT, BUILDER_CANNOT_SUBMIT],
    404: [CTR_NOT_FOUND],
    409: [NOT_A_DRAFT_TO_SUBMIT, BEING_FILED_MESSAGE, FILING_NOT_CONFIGURED],
    422: [NOTHING_TO_FILE, SCHEMA_FAILS_MESSAGE],
  },
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => {
    const { batch, outcome } = await submitCtr(db, actor, params.id as string);
    return json(outcome === 'queued' ? 202 : 200, serializeCtr(batch, await ctrFigures(db, batch)));
  },
});
