import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { apiKeys, people } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import type { ApiKeyRow } from './serialize';

/** What the console shows as each key's owner: the person's name and email, or the owning key's name. */
export async function keyOwnerNames(db: Queryable, actor: Actor, keys: ApiKeyRow[]): Promise<Map<string, string>> {
  const personIds = [...new Set(keys.filter((k) => k.ownerKind === 'person').map((k) => k.ownerId))];
  const keyIds = [...new Set(keys.filter((k) => k.ownerKind === 'key').map((k) => k.ownerId))];
  const names = new Map<string, string>();
  if (personIds.length > 0) {
    const rows = await db
      .select({ id: people.id, name: people.name, email: people.email })
      .from(people)
      .where(and(eq(people.orgId, actor.orgId), inArray(people.id, personIds)));
    for (const p of rows) names.set(p.id, `${p.name} (${p.email})`);
  }
  if (keyIds.length > 0) {
    const rows = await db
      .select({ id: apiKeys.id, name: apiKeys.name })
      .from(apiKeys)
      .where(and(eq(apiKeys.orgId, actor.orgId), inArray(apiKeys.id, keyIds)));
    for (const k of rows) names.set(k.id, `key ${k.name}`);
  }
  return names;
}
