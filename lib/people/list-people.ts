import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { people } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorizePeopleAdministration } from '@/lib/auth/policy';
import type { PersonRow } from './serialize';

/** Everyone in the actor's organisation, oldest first (an organisation has tens of people, not thousands). */
export async function listPeople(db: Queryable, actor: Actor): Promise<PersonRow[]> {
  authorizePeopleAdministration(actor, 'see the people of the organisation');
  return db.select().from(people).where(eq(people.orgId, actor.orgId)).orderBy(asc(people.createdAt), asc(people.id));
}
