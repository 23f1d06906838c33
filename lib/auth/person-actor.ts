import type { Role } from '@/db/schema/people';
import type { Actor } from './actor';

/** A signed-in person acting: their id is the actor id, and the role is read afresh on every request. */
export interface PersonActor extends Actor {
  actorKind: 'person';
  role: Role;
}

export const isPerson = (actor: Actor): actor is PersonActor => actor.actorKind === 'person';
