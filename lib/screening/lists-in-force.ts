import { asc } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { screeningLists } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { toListDescriptor, type ListDescriptor } from './serialize';

/**
 * The screening lists loaded on the install as the database holds them (instances pick a new load up within
 * seconds), by code. Lists are shared by every organisation; anyone signed in may see which are in force.
 */
export async function listsInForce(db: Queryable, actor: Actor): Promise<ListDescriptor[]> {
  authorize(actor, 'work');
  const rows = await db.select().from(screeningLists).orderBy(asc(screeningLists.code));
  return rows.map(toListDescriptor);
}
