import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { afterCursorDesc, newestFirst } from '@/db/keyset';
import { screeningResolutions, screenings } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { dateKey, decodeCursor, toPage } from '@/lib/paging';
import type { SCREENING_STATUSES } from './schemas';
import type { ResolutionRow, ScreeningRow } from './serialize';

export { SCREENING_STATUSES, STATUS_FILTER_MESSAGE } from './schemas';

export interface ScreeningFilters {
  reference?: string;
  status?: (typeof SCREENING_STATUSES)[number];
  limit: number;
  cursor?: string;
}

/**
 * The organisation's screenings, newest first (ties by id), filtered by `reference` and `status`,
 * one keyset page at a time; the page's decisions come in one more query.
 */
export async function listScreenings(db: Queryable, actor: Actor, filters: ScreeningFilters) {
  authorize(actor, 'work');
  const rows = await db
    .select()
    .from(screenings)
    .where(
      and(
        eq(screenings.orgId, actor.orgId),
        filters.reference !== undefined ? eq(screenings.reference, filters.reference) : undefined,
        filters.status !== undefined ? eq(screenings.status, filters.status) : undefined,
        afterCursorDesc(screenings.createdAt, screenings.id, decodeCursor(filters.cursor)),
      ),
    )
    .orderBy(newestFirst(screenings.createdAt), newestFirst(screenings.id))
    .limit(filters.limit + 1);
  const page = toPage(rows, filters.limit, (s) => ({ key: dateKey(s.createdAt), id: s.id }));
  const byScreening = new Map<string, ResolutionRow[]>();
  if (page.items.length > 0) {
    const resolutions = await db
      .select()
      .from(screeningResolutions)
      .where(
        and(
          eq(screeningResolutions.orgId, actor.orgId),
          inArray(
            screeningResolutions.screeningId,
            page.items.map((s) => s.id),
          ),
        ),
      )
      .orderBy(asc(screeningResolutions.createdAt), asc(screeningResolutions.id));
    for (const r of resolutions) {
      const list = byScreening.get(r.screeningId);
      if (list) list.push(r);
      else byScreening.set(r.screeningId, [r]);
    }
  }
  return {
    items: page.items.map((screening: ScreeningRow) => ({ screening, resolutions: byScreening.get(screening.id) ?? [] })),
    nextCursor: page.nextCursor,
  };
}
