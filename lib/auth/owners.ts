import { sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import type { Actor, KeyOwner } from './actor';

/**
 * The id four-eyes compares: a key acts for its owner, everyone else for themselves. Key, person and
 * owner ids are all UUIDs, so one person acting in the console and through their keys shares one id.
 */
export function ownerIdOf(actor: Actor): string {
  return actor.owner?.id ?? actor.actorId;
}

/** The owner a newly made key gets from the actor making it; `null` when the key is to own itself. */
export function ownerForNewKey(actor: Actor): KeyOwner | null {
  if (actor.actorKind === 'person') return { kind: 'person', id: actor.actorId };
  if (actor.actorKind === 'key') return actor.owner ?? { kind: 'key', id: actor.actorId };
  return null;
}

/**
 * The owner of an actor recorded on a row (a closure's requester, a rule's author, a match's clearer):
 * the owner of the key with that id, otherwise the recorded id itself (a person or a system name).
 */
export async function ownerIdOfRecorded(db: Queryable, orgId: string, recordedActorId: string): Promise<string> {
  const { rows } = await db.execute<{ owner_id: string }>(
    sql`SELECT owner_id::text FROM api_keys WHERE org_id = ${orgId} AND id::text = ${recordedActorId}`,
  );
  return rows[0]?.owner_id ?? recordedActorId;
}

/** True when the actor is, for four-eyes, the same actor that recorded the first step. */
export async function isSameOwner(db: Queryable, actor: Actor, recordedActorId: string | null): Promise<boolean> {
  if (recordedActorId === null) return false;
  if (recordedActorId === actor.actorId) return true;
  return (await ownerIdOfRecorded(db, actor.orgId, recordedActorId)) === ownerIdOf(actor);
}
