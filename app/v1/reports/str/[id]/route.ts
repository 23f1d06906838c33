import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';
import { getStr, strChecks } from '@/lib/reports/str/get-str';
import {
  ACTION_MESSAGE,
  DATE_MESSAGE,
  INDICATORS_MESSAGE,
  NOT_A_DRAFT_MESSAGE,
  NOTHING_TO_SAVE,
  REASON_MESSAGE,
  STR_NOT_FOUND,
  strUpdateInput,
  SUBJECT_MESSAGE,
  TRANSACTIONS_MESSAGE,
} from '@/lib/reports/str/schemas';
import { subjectFieldMessage, unknownTransactionMessage, updateStr } from '@/lib/reports/str/update-str';
import { serializeStr } from '@/lib/reports/str/serialize';

export const GET = route({
  auth: 'person',
  summary: 'An STR with its checks',
  description: 'The STR with `checks`: the document validated against the filing schema, the report’s rules and the filing header’s data, computed on every read.',
  responses: { 200: schemas.Str },
  errors: { 404: [STR_NOT_FOUND] },
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => {
    const { str, checks } = await getStr(db, actor, params.id as string);
    return json(200, serializeStr(str, checks));
  },
});

export const PATCH = route({
  auth: 'person',
  summary: 'Save a draft STR',
  description:
    'Sets subject fields of the subject’s kind (null clears one), edits transactions by `index` (`date`, `amount_local`, `description`), `reason`, `action` and `indicators`. Only a draft can be edited (409 otherwise). Answers the STR with its checks.',
  responses: { 200: schemas.Str },
  errors: {
    400: [NOTHING_TO_SAVE, SUBJECT_MESSAGE, TRANSACTIONS_MESSAGE, DATE_MESSAGE, REASON_MESSAGE, ACTION_MESSAGE, INDICATORS_MESSAGE, subjectFieldMessage('name', 'person'), unknownTransactionMessage(7)],
    404: [STR_NOT_FOUND],
    409: [NOT_A_DRAFT_MESSAGE],
  },
  requestExample: { reason: 'Rent collected through a mule account', indicators: ['1001'], transactions: [{ index: 0, date: '2026-03-01T09:30:00.000Z' }] },
  uuidParams: ['id'],
  body: strUpdateInput,
  handler: async ({ db, actor, params, body }) => {
    const str = await updateStr(db, actor, params.id as string, body);
    return json(200, serializeStr(str, await strChecks(db, str)));
  },
});
