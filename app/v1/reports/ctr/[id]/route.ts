import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';
import { LIMIT_MESSAGE } from '@/lib/paging';
import { getCtr } from '@/lib/reports/ctr/get-ctr';
import { ATTENTION_MESSAGE, CTR_NOT_FOUND, ctrRowsQuery } from '@/lib/reports/ctr/schemas';
import { serializeCtr } from '@/lib/reports/ctr/serialize';

export const GET = route({
  auth: 'person',
  summary: 'A CTR batch with a page of its rows',
  description:
    'The batch with its figures and a page of its rows in occurred_at order (`limit`, `cursor`, `next_cursor`); `attention=true` pages only the rows with no customer ID.',
  responses: { 200: schemas.CtrBatchWithRows },
  errors: { 400: [ATTENTION_MESSAGE, LIMIT_MESSAGE, 'cursor is not valid; send back the next_cursor of a previous page'], 404: [CTR_NOT_FOUND] },
  uuidParams: ['id'],
  query: ctrRowsQuery,
  handler: async ({ db, actor, params, query }) => {
    const { batch, figures, rows, nextCursor } = await getCtr(db, actor, params.id as string, query);
    return json(200, serializeCtr(batch, figures, { rows, nextCursor }));
  },
});
