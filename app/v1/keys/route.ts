import { z } from 'zod';
import { createKey, KEY_NAME_MESSAGE } from '@/lib/keys/create-key';
import { listKeys } from '@/lib/keys/list-keys';
import { serializeKey } from '@/lib/keys/serialize';
import { pageParams } from '@/lib/http/paging';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';

export const GET = route({
  auth: 'key',
  query: z.object(pageParams),
  handler: async ({ db, actor, query }) => {
    const page = await listKeys(db, actor, query);
    return json(200, { keys: page.items.map(serializeKey), ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}) });
  },
});

export const POST = route({
  auth: 'key',
  body: z.object({ name: z.string({ error: KEY_NAME_MESSAGE }).min(1, KEY_NAME_MESSAGE).max(64, KEY_NAME_MESSAGE) }),
  handler: async ({ db, actor, body }) => {
    const { key, secret } = await createKey(db, actor, body);
    return json(201, { id: key.id, name: key.name, key: secret, created_at: key.createdAt.toISOString() });
  },
});
