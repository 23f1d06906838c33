import { and, eq } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { entities } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { NotFoundError } from '@/lib/errors';
import { openAlertCount } from './open-alerts';
import { storableId } from './storable';
import type { EntityRow } from './serialize';

export const NOT_FOUND_MESSAGE = 'entity not found';

/** One entity of the actor's organisation, placeholders included, with its open alert count; else 404. */
export async function getEntity(db: Queryable, actor: Actor, id: string): Promise<{ entity: EntityRow; openAlerts: number }> {
  if (!storableId(id)) throw new NotFoundError(NOT_FOUND_MESSAGE);
  const [row] = await db
    .select({ entity: entities, openAlerts: openAlertCount() })
    .from(entities)
    .where(and(eq(entities.orgId, actor.orgId), eq(entities.id, id)));
  if (!row) throw new NotFoundError(NOT_FOUND_MESSAGE);
  return row;
}
