import { sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { endOf, rowOf, startOf, type FigurePeriod, type SectionFigures } from './snapshot';

/** Cases opened and closed in the period, and those still open at its end. */
export async function caseFigures(db: Queryable, p: FigurePeriod): Promise<SectionFigures> {
  const s = startOf(p);
  const e = endOf(p);
  return rowOf(
    db,
    sql`SELECT count(*) FILTER (WHERE c.created_at >= ${s})::int AS opened,
      count(*) FILTER (WHERE c.closed_at >= ${s} AND c.closed_at < ${e})::int AS closed,
      count(*) FILTER (WHERE c.closed_at IS NULL OR c.closed_at >= ${e})::int AS open_at_end
    FROM cases c WHERE c.org_id = ${p.orgId} AND c.created_at < ${e} AND (c.closed_at IS NULL OR c.closed_at >= ${s})`,
  );
}
