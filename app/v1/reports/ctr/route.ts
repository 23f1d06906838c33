import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';
import { buildCtrBatch } from '@/lib/reports/ctr/build-batch';
import { ctrFigures } from '@/lib/reports/ctr/get-ctr';
import { ctrCreateInput, DATE_MESSAGE, DAY_NOT_OVER_MESSAGE } from '@/lib/reports/ctr/schemas';
import { serializeCtr } from '@/lib/reports/ctr/serialize';

export const POST = route({
  auth: 'person',
  summary: 'Build the CTR batch of a day',
  description:
    'Builds the currency transaction report batch (CTR-<number>) of a UTC day that is over: every cash event of the day of each entity whose cash in or cash out reached SERVICE_CTR_THRESHOLD in one currency. One batch per day: a second call for the same day (or the nightly build) answers 200 with the existing batch.',
  responses: { 201: schemas.CtrBatch, 200: schemas.CtrBatch },
  errors: { 400: [DATE_MESSAGE, DAY_NOT_OVER_MESSAGE] },
  requestExample: { date: '2026-11-24' },
  body: ctrCreateInput,
  handler: async ({ db, actor, body }) => {
    const { batch, created } = await buildCtrBatch(db, actor, body);
    return json(created ? 201 : 200, serializeCtr(batch, await ctrFigures(db, batch)));
  },
});
