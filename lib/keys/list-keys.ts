import { and, eq } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { afterCursorDesc, newestFirst } from '@/db/keyset';
import { apiKeys } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { dateKey, decodeCursor, toPage } from '@/lib/paging';

/** The organisation's keys, active and revoked, newest first. */
export async function listKeys(db: Queryable, actor: Actor, page: { limit: number; cursor?: string }) {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.orgId, actor.orgId), afterCursorDesc(apiKeys.createdAt, apiKeys.id, decodeCursor(page.cursor))))
    .orderBy(newestFirst(apiKeys.createdAt), newestFirst(apiKeys.id))
    .limit(page.limit + 1);
  return toPage(rows, page.limit, (k) => ({ key: dateKey(k.createdAt), id: k.id }));
}
