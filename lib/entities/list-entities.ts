import { and, eq, or, sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { afterCursorDesc, newestFirst } from '@/db/keyset';
import { entities, type EntityKind } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { dateKey, decodeCursor, toPage } from '@/lib/paging';
import { openAlertCount } from './open-alerts';

export interface EntityFilter {
  kind?: EntityKind;
  q?: string;
  limit: number;
  cursor?: string;
}

/** `%q%` for LIKE/ILIKE, with the pattern characters of q (and the escape character) taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The organisation's entities, most recently changed first (`updated_at`, then id), placeholders
 * included unless `kind` is given. `q` matches part of the id or of the `name` attribute, ignoring
 * case: both sides are ILIKE '%q%' so the trigram indexes of migration 0003 serve them (the name side
 * is written as the indexed expression, lower(attributes->>'name')). Open alerts are counted in the
 * same query.
 */
export async function listEntities(db: Queryable, actor: Actor, filter: EntityFilter) {
  const q = filter.q !== undefined && filter.q !== '' ? containsPattern(filter.q) : undefined;
  const rows = await db
    .select({ entity: entities, openAlerts: openAlertCount() })
    .from(entities)
    .where(
      and(
        eq(entities.orgId, actor.orgId),
        filter.kind ? eq(entities.kind, filter.kind) : undefined,
        q ? or(sql`${entities.id} ILIKE ${q}`, sql`lower(${entities.attributes}->>'name') ILIKE ${q}`) : undefined,
        afterCursorDesc(entities.updatedAt, entities.id, decodeCursor(filter.cursor)),
      ),
    )
    .orderBy(newestFirst(entities.updatedAt), newestFirst(entities.id))
    .limit(filter.limit + 1);
  return toPage(rows, filter.limit, (r) => ({ key: dateKey(r.entity.updatedAt), id: r.entity.id }));
}
