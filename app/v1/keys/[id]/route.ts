import { revokeKey } from '@/lib/keys/revoke-key';
import { serializeKey } from '@/lib/keys/serialize';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';

export const DELETE = route({
  auth: 'key',
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => json(200, serializeKey(await revokeKey(db, actor, params.id as string))),
});
