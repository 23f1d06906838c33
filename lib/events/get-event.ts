import { and, eq } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { decisions, events } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { NotFoundError } from '@/lib/errors';

export async function getEvent(db: Queryable, actor: Actor, id: string) {
  const [row] = await db
    .select({ event: events, decision: decisions })
    .from(events)
    .leftJoin(decisions, and(eq(decisions.orgId, events.orgId), eq(decisions.eventId, events.id)))
    .where(and(eq(events.orgId, actor.orgId), eq(events.id, id)));
  if (!row) throw new NotFoundError('event not found');
  return row;
}
