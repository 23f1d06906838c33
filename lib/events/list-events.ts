import { and, desc, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { afterCursorDesc } from '@/db/keyset';
import { decisions, events } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { dateKey, decodeCursor, toPage } from '@/lib/http/paging';

export interface EventFilter {
  type?: string;
  entity?: string;
  decision?: 'allow' | 'review' | 'block' | 'unscored';
  since?: Date;
  until?: Date;
  limit: number;
  cursor?: string;
}

/**
 * Events newest first by `occurred_at` (id breaks ties), with their decisions. With `entity`, the
 * events it sent or received: the timeline of GET /v1/entities/{id}/events.
 */
export async function listEvents(db: Queryable, actor: Actor, filter: EventFilter) {
  const conditions: (SQL | undefined)[] = [
    eq(events.orgId, actor.orgId),
    filter.type ? eq(events.type, filter.type) : undefined,
    filter.entity ? or(eq(events.sourceId, filter.entity), eq(events.destinationId, filter.entity)) : undefined,
    filter.since ? gt(events.occurredAt, filter.since) : undefined,
    filter.until ? lte(events.occurredAt, filter.until) : undefined,
    filter.decision === 'unscored'
      ? isNull(decisions.id)
      : filter.decision
        ? eq(decisions.decision, filter.decision)
        : undefined,
    afterCursorDesc(events.occurredAt, events.id, decodeCursor(filter.cursor)),
  ];
  const rows = await db
    .select({ event: events, decision: decisions })
    .from(events)
    .leftJoin(decisions, and(eq(decisions.orgId, events.orgId), eq(decisions.eventId, events.id)))
    .where(and(...conditions))
    .orderBy(desc(events.occurredAt), desc(events.id))
    .limit(filter.limit + 1);
  return toPage(rows, filter.limit, (r) => ({ key: dateKey(r.event.occurredAt), id: r.event.id }));
}
