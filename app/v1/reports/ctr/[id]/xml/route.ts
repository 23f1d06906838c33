import { z } from 'zod';
import { route } from '@/lib/http/route';
import { ctrXml } from '@/lib/reports/ctr/ctr-xml';
import { CTR_NOT_FOUND } from '@/lib/reports/ctr/schemas';

export const GET = route({
  auth: 'person',
  summary: 'The goAML document a CTR batch would be filed with',
  description:
    'The exact bytes submitting the batch would send now (goAML XML, `report_code` CTR, one transaction per included row with a customer ID), with the reader as reporting person. The same batch gives the same bytes: `submission_date` is its `updated_at`.',
  responses: { 200: { schema: z.string(), contentType: 'application/xml', description: 'The goAML report document' } },
  errors: { 404: [CTR_NOT_FOUND] },
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => {
    const xml = await ctrXml(db, actor, params.id as string);
    return new Response(xml, { status: 200, headers: { 'content-type': 'application/xml; charset=utf-8', 'x-content-type-options': 'nosniff' } });
  },
});
