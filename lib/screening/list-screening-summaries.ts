import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { afterCursorDesc } from '@/db/keyset';
import { screenings } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { dateKey, decodeCursor, toPage } from '@/lib/paging';
import type { ScreeningSubject } from './serialize';

export const REVIEW_STATES = ['none', 'open', 'pending_approval', 'cleared', 'confirmed'] as const;
export type ReviewFilter = (typeof REVIEW_STATES)[number];

export interface ScreeningSummary {
  id: string;
  reference: string | null;
  status: 'clear' | 'potential_match';
  review: ReviewFilter;
  subject: ScreeningSubject;
  matches: number;
  near: number;
  bestScore: number | null;
  alertId: string | null;
  createdAt: Date;
}

/**
 * The console's screening list: newest first (ties by id), filtered by status and by review state, one
 * keyset page at a time, each row only what a list shows (the counts of matches and near misses and the
 * best score, not the stored candidates). Each filter has its index (`screenings_org_status_created_idx`,
 * `screenings_org_review_created_idx`, else `screenings_org_created_idx`).
 */
export async function listScreeningSummaries(
  db: Queryable,
  actor: Actor,
  filters: { status?: 'clear' | 'potential_match'; review?: ReviewFilter; limit: number; cursor?: string },
): Promise<{ items: ScreeningSummary[]; nextCursor?: string }> {
  const cursor = decodeCursor(filters.cursor);
  const rows = await db
    .select({
      id: screenings.id,
      reference: screenings.reference,
      status: screenings.status,
      review: screenings.review,
      subject: screenings.subject,
      matches: sql<number>`jsonb_array_length(${screenings.matches})::int`,
      near: sql<number>`jsonb_array_length(${screenings.near})::int`,
      bestScore: sql<number | null>`(SELECT max((m->>'score')::int) FROM jsonb_array_elements(${screenings.matches} || ${screenings.near}) m)`,
      alertId: screenings.alertId,
      createdAt: screenings.createdAt,
    })
    .from(screenings)
    .where(
      and(
        eq(screenings.orgId, actor.orgId),
        filters.status !== undefined ? eq(screenings.status, filters.status) : undefined,
        filters.review !== undefined ? eq(screenings.review, filters.review) : undefined,
        afterCursorDesc(screenings.createdAt, screenings.id, cursor),
      ),
    )
    // Written as the indexes are (DESC NULLS LAST): a plain DESC sorts nulls first, which no index of
    // the table matches, and PostgreSQL would sort the whole organisation's screenings for each page.
    .orderBy(sql`${screenings.createdAt} DESC NULLS LAST`, sql`${screenings.id} DESC NULLS LAST`)
    .limit(filters.limit + 1);
  const page = toPage(rows, filters.limit, (s) => ({ key: dateKey(s.createdAt), id: s.id }));
  return { items: page.items.map((r) => ({ ...r, subject: r.subject as ScreeningSubject })), nextCursor: page.nextCursor };
}
