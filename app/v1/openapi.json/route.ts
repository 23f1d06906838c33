import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import document from '@/lib/openapi/document.json';
import { OpenApiDocument } from '@/lib/openapi/schemas';

/** The OpenAPI 3.1 document of /v1, generated from the route files by `npm run openapi`. */
export const GET = route({
  auth: 'none',
  summary: 'This API as an OpenAPI 3.1 document',
  description: 'Generated from the route files (`npm run openapi`). Needs no credentials. The console renders it at `/docs`.',
  responses: { 200: { description: 'The OpenAPI document', schema: OpenApiDocument } },
  handler: async () => json(200, document, { 'cache-control': 'public, max-age=300' }),
});
