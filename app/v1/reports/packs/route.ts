import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';
import { createPack } from '@/lib/reports/packs/create-pack';
import { getPack } from '@/lib/reports/packs/get-pack';
import { BOTH_DATES_MESSAGE, FROM_MESSAGE, ORDER_MESSAGE, packCreateInput, PURPOSE_MESSAGE, TO_MESSAGE } from '@/lib/reports/packs/schemas';
import { serializePack } from '@/lib/reports/packs/serialize';

export const POST = route({
  auth: 'person',
  summary: 'Start an evidence pack',
  description:
    'A draft evidence pack (PACK-<number>) for the UTC days `from` to `to`, both included, with an optional purpose of up to 200 characters; no dates (or no body) means the current calendar quarter. Answers the pack with its sections’ live figures.',
  responses: { 201: schemas.EvidencePack },
  errors: { 400: [FROM_MESSAGE, TO_MESSAGE, BOTH_DATES_MESSAGE, ORDER_MESSAGE, PURPOSE_MESSAGE] },
  requestExample: { from: '2026-07-01', to: '2026-09-30', purpose: 'Annual inspection by the FIU' },
  body: packCreateInput,
  handler: async ({ db, actor, body }) => {
    const pack = await createPack(db, actor, body);
    return json(201, serializePack(await getPack(db, actor, pack.id)));
  },
});
