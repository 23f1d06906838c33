import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';
import { getPack } from '@/lib/reports/packs/get-pack';
import { PACK_NOT_FOUND, packSectionInput, SECTION_NOT_FOUND, TEXT_MESSAGE } from '@/lib/reports/packs/schemas';
import { serializePack } from '@/lib/reports/packs/serialize';
import { updatePackSection } from '@/lib/reports/packs/update-section';

export const PATCH = route({
  auth: 'person',
  summary: 'Edit an evidence pack section’s text',
  description:
    'Sets the section’s `text` (up to 20,000 characters). Editing a generated pack moves it back to draft and drops its PDF (the audit log keeps the hash of every PDF generated), so a downloaded PDF always matches the sections. Answers the pack.',
  responses: { 200: schemas.EvidencePack },
  errors: { 400: [SECTION_NOT_FOUND, TEXT_MESSAGE], 404: [PACK_NOT_FOUND] },
  requestExample: { text: 'The board approved the AML policy on 12 March.' },
  uuidParams: ['id'],
  body: packSectionInput,
  handler: async ({ db, actor, params, body }) => {
    await updatePackSection(db, actor, params.id as string, params.key as string, body);
    return json(200, serializePack(await getPack(db, actor, params.id as string)));
  },
});
