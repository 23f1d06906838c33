import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { apiKeys } from '@/db/schema';
import { UnauthorizedError } from '@/lib/http/errors';
import type { KeyOwner } from '@/lib/auth/actor';
import { processState } from '@/lib/process-state';
import { hashKeySecret, KEY_PATTERN } from './secret';

export interface KeyIdentity {
  keyId: string;
  orgId: string;
  owner: KeyOwner;
}

// A short cache keeps the lookup off the hot path of event ingest. A revocation on this instance
// drops the entry at once; other instances stop accepting the key within CACHE_MS.
const CACHE_MS = 5_000;
const LAST_USED_EVERY_MS = 60_000;
// Process-wide: a revocation made from the console must clear the cache the /v1 routes read.
const cache = processState('api-key-cache', () => new Map<string, { identity: KeyIdentity; until: number }>());
const lastUsedWritten = processState('api-key-last-used', () => new Map<string, number>());

export function forgetKey(secretHash: string): void {
  cache.delete(secretHash);
}

/** Resolves `Authorization: Bearer <key>` to the key and its organisation, or throws the 401. */
export async function authenticateKey(db: Queryable, authorization: string | null, now = Date.now()): Promise<KeyIdentity> {
  const match = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  const secret = match?.[1];
  if (!secret || !KEY_PATTERN.test(secret)) throw new UnauthorizedError();
  const hash = hashKeySecret(secret);
  const cached = cache.get(hash);
  if (cached && cached.until > now) return cached.identity;

  const [found] = await db
    .select({ keyId: apiKeys.id, orgId: apiKeys.orgId, ownerKind: apiKeys.ownerKind, ownerId: apiKeys.ownerId })
    .from(apiKeys)
    .where(and(eq(apiKeys.secretHash, hash), isNull(apiKeys.revokedAt)));
  if (!found) {
    cache.delete(hash);
    throw new UnauthorizedError();
  }
  const row: KeyIdentity = { keyId: found.keyId, orgId: found.orgId, owner: { kind: found.ownerKind, id: found.ownerId } };
  cache.set(hash, { identity: row, until: now + CACHE_MS });
  // last_used_at is advisory: written at most once a minute per key, never on every request.
  if ((lastUsedWritten.get(row.keyId) ?? 0) + LAST_USED_EVERY_MS <= now) {
    lastUsedWritten.set(row.keyId, now);
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(apiKeys.orgId, row.orgId), eq(apiKeys.id, row.keyId)));
  }
  return row;
}
