import { and, desc, eq, gt, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { afterCursorDesc } from '@/db/keyset';
import { decisions, events } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { dateKey, decodeCursor, toPage } from '@/lib/paging';

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
  const cursor = decodeCursor(filter.cursor);
  const afterCursor = afterCursorDesc(events.occurredAt, events.id, cursor);
  const conditions: (SQL | undefined)[] = [
    eq(events.orgId, actor.orgId),
    filter.type ? eq(events.type, filter.type) : undefined,
    filter.since ? gt(events.occurredAt, filter.since) : undefined,
    filter.until ? lte(events.occurredAt, filter.until) : undefined,
    filter.decision === 'unscored'
      ? isNull(decisions.id)
      : filter.decision
        ? eq(decisions.decision, filter.decision)
        : undefined,
    afterCursor,
    // The row comparison above is not an index bound by itself; this redundant one is.
    afterCursor && cursor ? lte(events.occurredAt, new Date(cursor.key)) : undefined,
  ];
  const decisionJoin = and(eq(decisions.orgId, events.orgId), eq(decisions.eventId, events.id));

  let where: SQL | undefined;
  if (filter.entity) {
    // An entity's events are read as two index scans, one over the events it sent and one over those
    // it received (excluding events to itself, already in the first), each newest first and cut at the
    // page size, so a page costs the same for an entity with 100,000 events as for one with ten.
    const entity = filter.entity;
    const side = (match: SQL | undefined) =>
      db
        .select({ id: events.id })
        .from(events)
        .leftJoin(decisions, decisionJoin)
        .where(and(...conditions, match))
        .orderBy(desc(events.occurredAt), desc(events.id))
        .limit(filter.limit + 1);
    const sent = side(eq(events.sourceId, entity));
    const received = side(and(eq(events.destinationId, entity), or(isNull(events.sourceId), ne(events.sourceId, entity))));
    where = and(eq(events.orgId, actor.orgId), sql`${events.id} IN (SELECT id FROM (${sent} UNION ALL ${received}) AS picked)`);
  } else {
    where = and(...conditions);
  }

  const rows = await db
    .select({ event: events, decision: decisions })
    .from(events)
    .leftJoin(decisions, decisionJoin)
    .where(where)
    .orderBy(desc(events.occurredAt), desc(events.id))
    .limit(filter.limit + 1);
  return toPage(rows, filter.limit, (r) => ({ key: dateKey(r.event.occurredAt), id: r.event.id }));
}
