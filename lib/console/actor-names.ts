import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { apiKeys, people } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the console shows for recorded actor ids (an assignee, a note's author, a closure's requester):
 * a person's name, `key <name>` for an API key of the organisation; ids it does not know are left out
 * (the caller shows the id itself). Two queries at most, whatever the number of ids.
 */
export async function actorNames(db: Queryable, actor: Actor, ids: Iterable<string | null | undefined>): Promise<Map<string, string>> {
  const wanted = [...new Set([...ids].filter((id): id is string => typeof id === 'string' && UUID.test(id)))];
  const names = new Map<string, string>();
  if (wanted.length === 0) return names;
  const [persons, keys] = await Promise.all([
    db.select({ id: people.id, name: people.name }).from(people).where(and(eq(people.orgId, actor.orgId), inArray(people.id, wanted))),
    db.select({ id: apiKeys.id, name: apiKeys.name }).from(apiKeys).where(and(eq(apiKeys.orgId, actor.orgId), inArray(apiKeys.id, wanted))),
  ]);
  for (const p of persons) names.set(p.id, p.name);
  for (const k of keys) names.set(k.id, `key ${k.name}`);
  return names;
}
