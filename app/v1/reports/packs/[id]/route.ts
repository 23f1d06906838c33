import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';
import { getPack } from '@/lib/reports/packs/get-pack';
import { PACK_NOT_FOUND } from '@/lib/reports/packs/schemas';
import { serializePack } from '@/lib/reports/packs/serialize';

export const GET = route({
  auth: 'person',
  summary: 'An evidence pack with its live figures',
  description:
    'The pack with its sections in order, each with its text, document and the figures of the period computed now, all in one read-only snapshot; `generated` describes the stored PDF.',
  responses: { 200: schemas.EvidencePack },
  errors: { 404: [PACK_NOT_FOUND] },
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => json(200, serializePack(await getPack(db, actor, params.id as string))),
});
