import { sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { endOf, hoursBetween, rowOf, rowsOf, startOf, type FigurePeriod, type SectionFigures } from './snapshot';

/**
 * Alerts of the period. Raised: created in it; closed: closed in it; overdue: open at the period's end (or now, if
 * earlier) past their due time; SLA met: closed in the period by their due time, as a share of those closed. Time
 * to close (hours, median and 90th percentile) of the alerts closed in the period. By rule: an alert counts for
 * every rule that fired in its decision (`screening` for a screening alert); false-positive rate: the share of the
 * rule's alerts closed in the period with the disposition `false_positive`.
 */
export async function monitoringFigures(db: Queryable, p: FigurePeriod): Promise<SectionFigures> {
  const s = startOf(p);
  const e = endOf(p);
  const relevant = sql`a.org_id = ${p.orgId} AND a.created_at < ${e} AND (a.closed_at IS NULL OR a.closed_at >= ${s})`;
  const raised = sql`a.created_at >= ${s}`;
  const closed = sql`a.closed_at >= ${s} AND a.closed_at < ${e}`;
  const overdue = sql`(a.closed_at IS NULL OR a.closed_at >= ${e}) AND a.due_at < least(${e}, now())`;
  const met = sql`${closed} AND a.closed_at <= a.due_at`;
  const closeHours = hoursBetween(sql`a.created_at`, sql`a.closed_at`);

  const totals = await rowOf(
    db,
    sql`SELECT count(*) FILTER (WHERE ${raised})::int AS raised, count(*) FILTER (WHERE ${closed})::int AS closed,
      count(*) FILTER (WHERE ${overdue})::int AS overdue,
      round(100.0 * count(*) FILTER (WHERE ${met}) / nullif(count(*) FILTER (WHERE ${closed}), 0), 1) AS sla_met_pct,
      round((percentile_cont(0.5) WITHIN GROUP (ORDER BY ${closeHours}) FILTER (WHERE ${closed}))::numeric, 2) AS median_hours_to_close,
      round((percentile_cont(0.9) WITHIN GROUP (ORDER BY ${closeHours}) FILTER (WHERE ${closed}))::numeric, 2) AS p90_hours_to_close
    FROM alerts a WHERE ${relevant}`,
  );
  const byPriority = await rowsOf(
    db,
    sql`SELECT a.priority, count(*) FILTER (WHERE ${raised})::int AS raised, count(*) FILTER (WHERE ${closed})::int AS closed,
      count(*) FILTER (WHERE ${overdue})::int AS overdue,
      round(100.0 * count(*) FILTER (WHERE ${met}) / nullif(count(*) FILTER (WHERE ${closed}), 0), 1) AS sla_met_pct
    FROM alerts a WHERE ${relevant} GROUP BY a.priority ORDER BY a.priority = 'high' DESC, a.priority`,
  );
  const byRule = await rowsOf(
    db,
    sql`SELECT r.rule, count(*) FILTER (WHERE ${raised})::int AS raised, count(*) FILTER (WHERE ${closed})::int AS closed,
      count(*) FILTER (WHERE ${overdue})::int AS overdue,
      count(*) FILTER (WHERE ${closed} AND a.disposition = 'false_positive')::int AS false_positives,
      round(100.0 * count(*) FILTER (WHERE ${closed} AND a.disposition = 'false_positive')
        / nullif(count(*) FILTER (WHERE ${closed} AND a.disposition IS NOT NULL), 0), 1) AS false_positive_pct
    FROM alerts a
    LEFT JOIN decisions d ON d.org_id = a.org_id AND d.id = a.decision_id
    CROSS JOIN LATERAL (
      SELECT DISTINCT x->>'rule' FROM jsonb_array_elements(CASE WHEN a.screening_id IS NULL THEN coalesce(d.reasons, '[]'::jsonb) ELSE '[]'::jsonb END) x
      UNION ALL SELECT 'screening' WHERE a.screening_id IS NOT NULL
      UNION ALL SELECT '(none)' WHERE a.screening_id IS NULL AND coalesce(jsonb_array_length(d.reasons), 0) = 0
    ) AS r(rule)
    WHERE ${relevant}
    GROUP BY r.rule ORDER BY raised DESC, r.rule`,
  );
  return { ...totals, by_priority: byPriority, by_rule: byRule };
}
