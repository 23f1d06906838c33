import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';
import {
  BEING_FILED_MESSAGE,
  CTR_NOT_FOUND,
  CTR_ROW_NOT_FOUND,
  ctrRowUpdateInput,
  CUSTOMER_ID_MESSAGE,
  INCLUDED_MESSAGE,
  NOT_A_DRAFT_MESSAGE,
  NOTHING_TO_SAVE,
} from '@/lib/reports/ctr/schemas';
import { serializeCtrRow } from '@/lib/reports/ctr/serialize';
import { updateCtrRow } from '@/lib/reports/ctr/update-row';

export const PATCH = route({
  auth: 'person',
  summary: 'Include or leave out a CTR row, or give it a customer ID',
  description:
    'Changes a row of a draft batch (409 otherwise, also while its filing is under way). A customer ID is written to the entity’s customer_id attribute and to every row of the same entity on the batch, in one transaction. The editor is added to `edited_by` and can no longer submit the batch. Answers the row.',
  responses: { 200: schemas.CtrRow },
  errors: { 400: [NOTHING_TO_SAVE, INCLUDED_MESSAGE, CUSTOMER_ID_MESSAGE], 404: [CTR_NOT_FOUND, CTR_ROW_NOT_FOUND], 409: [NOT_A_DRAFT_MESSAGE, BEING_FILED_MESSAGE] },
  requestExample: { customer_id: 'C-10442' },
  uuidParams: ['id', 'row_id'],
  body: ctrRowUpdateInput,
  handler: async ({ db, actor, params, body }) => json(200, serializeCtrRow(await updateCtrRow(db, actor, params.id as string, params.row_id as string, body))),
});
