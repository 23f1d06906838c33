import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { apiKeys } from '@/db/schema';
import { UnauthorizedError } from '@/lib/errors';
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

/** Hooks around the lookup: the per-address limit for requests without a valid key. */
export interface KeyLookupGuard {
  /** Runs before a database lookup (not for a cached key), so that it can refuse first. */
  beforeLookup(): void;
  /** Runs when the key is missing, malformed or unknown, before the 401. */
  refused(): void;
}

const NO_GUARD: KeyLookupGuard = { beforeLookup: () => undefined, refused: () => undefined };

/** Resolves `Authorization: Bearer <key>` to the key and its organisation, or throws the 401. */
export async function authenticateKey(
  db: Queryable,
  authorization: string | null,
  guard: KeyLookupGuard = NO_GUARD,
  now = Date.now(),
): Promise<KeyIdentity> {
  const match = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  const secret = match?.[1];
  if (!secret || !KEY_PATTERN.test(secret)) {
    guard.refused();
    throw new UnauthorizedError();
  }
  const hash = hashKeySecret(secret);
  const cached = cache.get(hash);
  if (cached && cached.until > now) return cached.identity;
  guard.beforeLookup();

  const [found] = await db
    .select({ keyId: apiKeys.id, orgId: apiKeys.orgId, ownerKind: apiKeys.ownerKind, ownerId: apiKeys.ownerId })
    .from(apiKeys)
    .where(and(eq(apiKeys.secretHash, hash), isNull(apiKeys.revokedAt)));
  if (!found) {
    cache.delete(hash);
    guard.refused();
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
