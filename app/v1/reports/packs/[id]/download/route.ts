import { z } from 'zod';
import { attachmentDisposition } from '@/lib/http/content-disposition';
import { route } from '@/lib/http/route';
import { downloadPack } from '@/lib/reports/packs/download-pack';
import { NOT_GENERATED_MESSAGE, PACK_NOT_FOUND } from '@/lib/reports/packs/schemas';

export const GET = route({
  auth: 'person',
  summary: 'An evidence pack’s generated PDF',
  description: 'The PDF as generated, its SHA-256 in `X-Content-SHA256` (the same as in the audit entry pack.generated). 404 before the pack is generated.',
  responses: { 200: { schema: z.string().meta({ format: 'binary' }), contentType: 'application/pdf', description: 'The PDF' } },
  errors: { 404: [PACK_NOT_FOUND, NOT_GENERATED_MESSAGE] },
  uuidParams: ['id'],
  query: z.object({
    inline: z
      .enum(['true', 'false'], { error: 'inline must be true or false' })
      .optional()
      .meta({ description: 'true: shown in the browser (the console\'s preview) instead of saved as a file' }),
  }),
  handler: async ({ db, actor, params, query }) => {
    const { number, pdf, sha256 } = await downloadPack(db, actor, params.id as string);
    return new Response(pdf as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: {
        'content-type': 'application/pdf',
        'content-length': String(pdf.byteLength),
        'content-disposition': query.inline === 'true' ? `inline; filename="PACK-${number}.pdf"` : attachmentDisposition(`PACK-${number}.pdf`),
        'x-content-sha256': sha256,
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      },
    });
  },
});
