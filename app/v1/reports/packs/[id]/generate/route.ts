import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';
import { generatePack } from '@/lib/reports/packs/generate-pack';
import { getPack } from '@/lib/reports/packs/get-pack';
import { CHANGED_WHILE_GENERATING, PACK_NOT_FOUND, ROLE_CANNOT_GENERATE } from '@/lib/reports/packs/schemas';
import { serializePack } from '@/lib/reports/packs/serialize';

export const POST = route({
  auth: 'person',
  summary: 'Generate an evidence pack’s PDF',
  description:
    'Reviewer or admin. Renders the PDF from one read-only snapshot of the live figures and the sections, stores it and writes its SHA-256 and length to the audit log (`pack.generated`). 409 when the pack was edited while it was rendered. Answers the pack with `generated`.',
  responses: { 200: schemas.EvidencePack },
  errors: { 403: [ROLE_CANNOT_GENERATE], 404: [PACK_NOT_FOUND], 409: [CHANGED_WHILE_GENERATING] },
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => {
    await generatePack(db, actor, params.id as string);
    return json(200, serializePack(await getPack(db, actor, params.id as string)));
  },
});
