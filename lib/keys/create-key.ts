import type { Database } from '@/db/client';
import { apiKeys } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit/record';
import { BadRequestError } from '@/lib/http/errors';
import { characters } from '@/lib/people/input';
import { generateKeySecret, hashKeySecret, keyPrefix } from './secret';
import type { ApiKeyRow } from './serialize';

export const KEY_NAME_MAX = 64;
export const KEY_NAME_MESSAGE = `name must be 1 to ${KEY_NAME_MAX} characters`;

/** Creates an API key for the actor's organisation. The secret is returned once and only its hash is kept. */
export async function createKey(db: Database, actor: Actor, input: { name: string }): Promise<{ key: ApiKeyRow; secret: string }> {
  const name = input.name;
  if (typeof name !== 'string' || name.length < 1 || characters(name) > KEY_NAME_MAX) throw new BadRequestError(KEY_NAME_MESSAGE);
  const secret = generateKeySecret();
  return db.transaction(async (tx) => {
    const [key] = await tx
      .insert(apiKeys)
      .values({ orgId: actor.orgId, name, prefix: keyPrefix(secret), secretHash: hashKeySecret(secret), createdBy: actor.actorId })
      .returning();
    if (!key) throw new Error('key insert returned no row');
    await recordAudit(tx, actor, { action: 'key.created', targetType: 'api_key', targetId: key.id, changes: { name } });
    return { key, secret };
  });
}
