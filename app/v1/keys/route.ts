import { createKey, KEY_NAME_MESSAGE } from '@/lib/keys/create-key';
import { listKeys } from '@/lib/keys/list-keys';
import { keyListQuery, newKeyBody } from '@/lib/keys/schemas';
import { serializeKey } from '@/lib/keys/serialize';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

export const GET = route({
  auth: 'key',
  summary: "List the organisation's API keys",
  description: 'Paged, newest first. Never the secrets.',
  responses: { 200: schemas.ApiKeyPage },
  query: keyListQuery,
  handler: async ({ db, actor, query }) => {
    const page = await listKeys(db, actor, query);
    return json(200, { keys: page.items.map(serializeKey), ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}) });
  },
});

export const POST = route({
  auth: 'key',
  summary: 'Create an API key',
  description: 'The secret (`key`) is in this answer only; the service keeps its SHA-256.',
  responses: { 201: schemas.CreatedApiKey },
  errors: { 400: [KEY_NAME_MESSAGE] },
  requestExample: { name: 'payments-gateway' },
  body: newKeyBody,
  handler: async ({ db, actor, body }) => {
    const { key, secret } = await createKey(db, actor, body);
    return json(201, { id: key.id, name: key.name, key: secret, created_at: key.createdAt.toISOString() });
  },
});
