import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '@/db/client';
import { apiKeys, people } from '@/db/schema';
import type { Actor, KeyOwner } from '@/lib/auth/actor';
import { ownerForNewKey } from '@/lib/auth/owners';
import { recordAudit } from '@/lib/audit/record';
import { authorize } from '@/lib/auth/policy';
import { InvalidInputError, ForbiddenError } from '@/lib/errors';
import { parseInput } from '@/lib/validation';
import { newKeyInput } from './schemas';
import { generateKeySecret, hashKeySecret, keyPrefix } from './secret';
import type { ApiKeyRow } from './serialize';

export { KEY_NAME_MAX, KEY_NAME_MESSAGE } from './schemas';
export const OWNER_NOT_FOUND_MESSAGE = 'owner must be the email of an active person of the organisation';
export const MANAGE_KEYS_MESSAGE = 'only an admin can manage API keys';

/** The name, and (the command line's `-owner EMAIL`) the person the key acts for: only a system actor may name one. */
export type CreateKeyInput = z.input<typeof newKeyInput>;

/**
 * Creates an API key for the actor's organisation. The secret is returned once and only its hash is kept.
 * The key's owner (four-eyes compares owners): the person making it in the console, the owner of the key
 * minting it, the person named by the command line, or else the key itself. People need the admin role.
 */
export async function createKey(db: Database, actor: Actor, input: CreateKeyInput): Promise<{ key: ApiKeyRow; secret: string }> {
  authorize(actor, 'administer', MANAGE_KEYS_MESSAGE);
  const { name, ownerEmail } = parseInput(newKeyInput, input);
  if (ownerEmail !== undefined && actor.actorKind !== 'system') throw new ForbiddenError('only the command line can name a key owner');
  const secret = generateKeySecret();
  const id = randomUUID();
  return db.transaction(async (tx) => {
    let owner: KeyOwner = ownerForNewKey(actor) ?? { kind: 'key', id };
    if (ownerEmail !== undefined) {
      const [person] = await tx
        .select({ id: people.id })
        .from(people)
        .where(and(eq(people.orgId, actor.orgId), eq(people.active, true), sql`lower(${people.email}) = lower(${ownerEmail.trim()})`));
      if (!person) throw new InvalidInputError(OWNER_NOT_FOUND_MESSAGE, 'ownerEmail');
      owner = { kind: 'person', id: person.id };
    }
    const [key] = await tx
      .insert(apiKeys)
      .values({
        orgId: actor.orgId,
        id,
        name,
        prefix: keyPrefix(secret),
        secretHash: hashKeySecret(secret),
        createdBy: actor.actorId,
        ownerKind: owner.kind,
        ownerId: owner.id,
      })
      .returning();
    if (!key) throw new Error('key insert returned no row');
    await recordAudit(tx, actor, {
      action: 'key.created',
      targetType: 'api_key',
      targetId: key.id,
      changes: { name, owner: { kind: owner.kind, id: owner.id } },
    });
    return { key, secret };
  });
}
