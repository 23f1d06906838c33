import { revokeKey } from '@/lib/keys/revoke-key';
import { serializeKey } from '@/lib/keys/serialize';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

export const DELETE = route({
  auth: 'key',
  summary: 'Revoke an API key',
  description: 'Returns the key record with `revoked_at`. An organisation always keeps one active key.',
  responses: { 200: schemas.ApiKey },
  errors: {
    404: ['key not found'],
    409: [
      "you can't revoke the key you are signed in with",
      'this is the last active key; create another before revoking it',
      'this key is already revoked',
    ],
  },
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => json(200, serializeKey(await revokeKey(db, actor, params.id as string))),
});
