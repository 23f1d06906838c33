import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { apiKeys } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError, NotFoundError } from '@/lib/errors';
import { forgetKey } from './authenticate-key';
import { MANAGE_KEYS_MESSAGE } from './create-key';
import type { ApiKeyRow } from './serialize';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Revokes a key of the actor's organisation. The organisation's active keys are locked first, so two
 * concurrent revocations cannot together leave the organisation without an active key. People need the
 * admin role.
 */
export async function revokeKey(db: Database, actor: Actor, keyId: string): Promise<ApiKeyRow> {
  authorize(actor, 'administer', MANAGE_KEYS_MESSAGE);
  // The console's form posts the id as typed; a malformed one names no key (PostgreSQL would refuse it as a uuid).
  if (!UUID.test(keyId)) throw new NotFoundError('key not found');
  const revoked = await db.transaction(async (tx) => {
    const active = await tx
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.orgId, actor.orgId), isNull(apiKeys.revokedAt)))
      .for('update');
    const [target] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.orgId, actor.orgId), eq(apiKeys.id, keyId)));
    if (!target) throw new NotFoundError('key not found');
    if (actor.actorKind === 'key' && actor.actorId === keyId) {
      throw new ConflictError("you can't revoke the key you are signed in with");
    }
    if (target.revokedAt) throw new ConflictError('this key is already revoked');
    if (!active.some((k) => k.id !== keyId)) {
      throw new ConflictError('this is the last active key; create another before revoking it');
    }
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()`, revokedBy: actor.actorId })
      .where(and(eq(apiKeys.orgId, actor.orgId), eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
      .returning();
    if (!row) throw new ConflictError('this key is already revoked');
    await recordAudit(tx, actor, { action: 'key.revoked', targetType: 'api_key', targetId: keyId, changes: { name: row.name } });
    return row;
  });
  forgetKey(revoked.secretHash);
  return revoked;
}
