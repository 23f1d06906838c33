import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';
import { strChecks } from '@/lib/reports/str/get-str';
import { INDEX_MESSAGE, noSourceDateMessage, NOT_A_DRAFT_MESSAGE, STR_NOT_FOUND, transactionIndexParam, transactionNotFoundMessage } from '@/lib/reports/str/schemas';
import { serializeStr } from '@/lib/reports/str/serialize';
// Imported under another name: the verb's `use` prefix is not a React hook's.
import { useStrSourceDate as putBackSourceDate } from '@/lib/reports/str/use-source-date';
import { parseInput } from '@/lib/validation';

export const POST = route({
  auth: 'person',
  summary: 'Put back a transaction’s date from the source ledger',
  description:
    'Sets the transaction’s `date` to its `source_date` (the `occurred_at` of the stored payload). 400 for an index that is not a whole number, 404 for one the STR does not have, 422 when the ledger sent no date, 409 when the STR is not a draft. Answers the STR with its checks.',
  responses: { 200: schemas.Str },
  errors: { 400: [INDEX_MESSAGE], 404: [STR_NOT_FOUND, transactionNotFoundMessage(7)], 409: [NOT_A_DRAFT_MESSAGE], 422: [noSourceDateMessage(2)] },
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => {
    const index = parseInput(transactionIndexParam, params.index);
    const str = await putBackSourceDate(db, actor, params.id as string, index);
    return json(200, serializeStr(str, await strChecks(db, str)));
  },
});
