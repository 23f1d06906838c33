import type { Queryable } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { listEvents, type EventFilter } from '@/lib/events/list-events';
import { storableId } from './storable';

/**
 * The entity's timeline: the events it sent or received, newest first, with their decisions, in the
 * shape and paging of GET /v1/events. An id no event named (or no entity at all) has an empty timeline.
 */
export async function listEntityEvents(db: Queryable, actor: Actor, entityId: string, filter: Omit<EventFilter, 'entity'>) {
  if (!storableId(entityId)) return { items: [] } as Awaited<ReturnType<typeof listEvents>>;
  return listEvents(db, actor, { ...filter, entity: entityId });
}
