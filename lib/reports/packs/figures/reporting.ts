import { sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { endOf, rowOf, rowsOf, startOf, type FigurePeriod, type SectionFigures } from './snapshot';

/**
 * STRs and CTR batches of the period, counts only (never a subject's name): STRs started in it by status, STRs
 * first sent to the filing system in it and the days from the case's first alert to that filing (median and
 * longest), CTR batches of its days by status with their rows, and the filing system's rejections in it by kind
 * and reason.
 */
export async function reportingFigures(db: Queryable, p: FigurePeriod): Promise<SectionFigures> {
  const s = startOf(p);
  const e = endOf(p);
  const strByStatus = await rowsOf(
    db,
    sql`SELECT status, count(*)::int AS count FROM str_reports
      WHERE org_id = ${p.orgId} AND created_at >= ${s} AND created_at < ${e} GROUP BY status ORDER BY status`,
  );
  const filed = await rowOf(
    db,
    sql`WITH first_filing AS (
        SELECT f.report_id, min(f.created_at) AS filed_at FROM filings f
        WHERE f.org_id = ${p.orgId} AND f.report_kind = 'str' GROUP BY f.report_id
      ),
      filed AS (
        SELECT ff.filed_at, (SELECT min(a.created_at) FROM case_alerts ca JOIN alerts a ON a.org_id = ca.org_id AND a.id = ca.alert_id
          WHERE ca.org_id = r.org_id AND ca.case_id = r.case_id) AS detected_at
        FROM first_filing ff JOIN str_reports r ON r.org_id = ${p.orgId} AND r.id = ff.report_id
        WHERE ff.filed_at >= ${s} AND ff.filed_at < ${e}
      )
      SELECT count(*)::int AS strs_filed,
        round((percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM filed_at - detected_at) / 86400.0))::numeric, 1) AS median_days_detection_to_filing,
        round(max(extract(epoch FROM filed_at - detected_at) / 86400.0)::numeric, 1) AS max_days_detection_to_filing
      FROM filed`,
  );
  const ctrByStatus = await rowsOf(
    db,
    sql`SELECT status, count(*)::int AS batches, coalesce(sum(rows_total), 0)::int AS rows FROM ctr_batches
      WHERE org_id = ${p.orgId} AND date >= ${p.start}::date AND date < ${p.end}::date GROUP BY status ORDER BY status`,
  );
  const rejections = await rowsOf(
    db,
    sql`SELECT split_part(action, '.', 1) AS kind, coalesce(changes->>'reason', '(no reason given)') AS reason, count(*)::int AS count
      FROM audit_log WHERE org_id = ${p.orgId} AND at >= ${s} AND at < ${e} AND action IN ('str.rejected', 'ctr.rejected')
      GROUP BY 1, 2 ORDER BY count DESC, 1, 2`,
  );
  return { ...filed, str_by_status: strByStatus, ctr_by_status: ctrByStatus, rejections };
}
