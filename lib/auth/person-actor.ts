import type { Role } from '@/db/schema/people';
import type { Actor } from './actor';
import { ForbiddenError } from '@/lib/errors';

/** A signed-in person acting: their id is the actor id, and the role is read afresh on every request. */
export interface PersonActor extends Actor {
  actorKind: 'person';
  role: Role;
}

export const isPerson = (actor: Actor): actor is PersonActor => actor.actorKind === 'person';

/**
 * People management and the console's key page are for admins. The command line (a system actor run by
 * whoever operates the server) may do the same; an API key may not.
 */
export function requireAdmin(actor: Actor, what = 'manage people'): void {
  if (actor.actorKind === 'system') return;
  if (isPerson(actor) && actor.role === 'admin') return;
  throw new ForbiddenError(`only an admin can ${what}`);
}
