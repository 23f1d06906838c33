import { sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { endOf, hoursBetween, rowOf, rowsOf, startOf, type FigurePeriod, type SectionFigures } from './snapshot';

/**
 * Screenings of the period: how many, how many had a potential match, and the hours from the screening to the
 * final decision that cleared it (median and 90th percentile, of those cleared); the lists in force with their
 * versions (the lists are shared by the install and only their current version is kept).
 */
export async function screeningFigures(db: Queryable, p: FigurePeriod): Promise<SectionFigures> {
  const clearHours = hoursBetween(sql`s.created_at`, sql`c.cleared_at`);
  const totals = await rowOf(
    db,
    sql`SELECT count(*)::int AS screenings, count(*) FILTER (WHERE s.status = 'potential_match')::int AS potential_matches,
      count(*) FILTER (WHERE s.review = 'cleared')::int AS cleared, count(*) FILTER (WHERE s.review = 'confirmed')::int AS confirmed,
      count(*) FILTER (WHERE s.review IN ('open', 'pending_approval'))::int AS awaiting_review,
      round((percentile_cont(0.5) WITHIN GROUP (ORDER BY ${clearHours}) FILTER (WHERE c.cleared_at IS NOT NULL))::numeric, 2) AS median_hours_to_clear,
      round((percentile_cont(0.9) WITHIN GROUP (ORDER BY ${clearHours}) FILTER (WHERE c.cleared_at IS NOT NULL))::numeric, 2) AS p90_hours_to_clear
    FROM screenings s
    LEFT JOIN LATERAL (
      SELECT max(coalesce(r.decided_at, r.created_at)) AS cleared_at FROM screening_resolutions r
      WHERE r.org_id = s.org_id AND r.screening_id = s.id AND r.status = 'final' AND s.review = 'cleared'
    ) c ON true
    WHERE s.org_id = ${p.orgId} AND s.created_at >= ${startOf(p)} AND s.created_at < ${endOf(p)}`,
  );
  const lists = await rowsOf(db, sql`SELECT code AS list, name, version, entries, loaded_at FROM screening_lists ORDER BY code`);
  return { ...totals, lists };
}
