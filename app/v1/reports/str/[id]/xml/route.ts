import { z } from 'zod';
import { route } from '@/lib/http/route';
import { STR_NOT_FOUND } from '@/lib/reports/str/schemas';
import { strXml } from '@/lib/reports/str/str-xml';

export const GET = route({
  auth: 'person',
  summary: 'The goAML document an STR would be filed with',
  description:
    'The exact bytes filing would send now (goAML XML, UTF-8), in any state and whether or not the checks pass. The same stored report gives the same bytes: `submission_date` is the STR’s `updated_at`.',
  responses: { 200: { schema: z.string(), contentType: 'application/xml', description: 'The goAML report document' } },
  errors: { 404: [STR_NOT_FOUND] },
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => {
    const xml = await strXml(db, actor, params.id as string);
    return new Response(xml, { status: 200, headers: { 'content-type': 'application/xml; charset=utf-8', 'x-content-type-options': 'nosniff' } });
  },
});
