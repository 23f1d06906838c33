import type { apiKeys } from '@/db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** The key record as listed and revoked: never the secret or its hash. */
export function serializeKey(k: ApiKeyRow) {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    created_at: k.createdAt.toISOString(),
    created_by: k.createdBy,
    owner: { kind: k.ownerKind, id: k.ownerId },
    last_used_at: k.lastUsedAt ? k.lastUsedAt.toISOString() : null,
    revoked_at: k.revokedAt ? k.revokedAt.toISOString() : null,
  };
}
