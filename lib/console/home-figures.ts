import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { alerts } from '@/db/schema';
import { selectAlertViews } from '@/lib/alerts/alert-view';
import { serializeAlertView } from '@/lib/alerts/serialize';
import type { Actor } from '@/lib/auth/actor';

/** How many days of closed alerts the home screen's median close time covers. */
export const MEDIAN_CLOSE_DAYS = 30;

/**
 * The median time from raising to closing of the organisation's alerts closed in the last
 * `MEDIAN_CLOSE_DAYS` days, in whole minutes (null when none closed), and how many that is. Reads the
 * partial index `alerts_closed_at_idx`.
 */
export async function medianCloseTime(db: Queryable, actor: Actor): Promise<{ minutes: number | null; closed: number }> {
  const { rows } = await db.execute<{ minutes: number | string | null; closed: number }>(sql`
    SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM closed_at - created_at) / 60))::int AS minutes,
           count(*)::int AS closed
      FROM alerts
     WHERE org_id = ${actor.orgId} AND status = 'closed'
       AND closed_at > now() - make_interval(days => ${MEDIAN_CLOSE_DAYS})`);
  const r = rows[0];
  return { minutes: r?.minutes === null || r?.minutes === undefined ? null : Number(r.minutes), closed: r?.closed ?? 0 };
}

/**
 * The actor's own open and in-review alerts (assigned to their id) that are overdue, and those due
 * within the hour and not yet overdue (the same windows as GET /v1/alerts/counts); reads
 * `alerts_open_assignee_due_idx`.
 */
export async function myDueFigures(db: Queryable, actor: Actor): Promise<{ overdue: number; nearSla: number }> {
  const { rows } = await db.execute<{ overdue: number; near_sla: number }>(sql`
    SELECT count(*) FILTER (WHERE due_at < now())::int AS overdue,
           count(*) FILTER (WHERE due_at >= now() AND due_at <= now() + interval '1 hour')::int AS near_sla
      FROM alerts
     WHERE org_id = ${actor.orgId} AND status IN ('open', 'in_review') AND assigned_to = ${actor.actorId}`);
  return { overdue: rows[0]?.overdue ?? 0, nearSla: rows[0]?.near_sla ?? 0 };
}

/**
 * The organisation's open or in-review alerts furthest past their due time, worst first, with their
 * list fields. The few ids come first, each status read in due order on `alerts_org_status_due_idx`
 * up to the limit and the two merged (an IN over both statuses would sort every overdue alert); then
 * one query for their list fields.
 */
export async function worstOverdueAlerts(db: Queryable, actor: Actor, limit = 5) {
  const worst = (status: 'open' | 'in_review') => sql`(SELECT id, due_at FROM alerts
      WHERE org_id = ${actor.orgId} AND status = ${status} AND due_at < now() ORDER BY due_at, id LIMIT ${limit})`;
  const { rows } = await db.execute<{ id: string }>(sql`
    SELECT id FROM (${worst('open')} UNION ALL ${worst('in_review')}) w ORDER BY due_at, id LIMIT ${limit}`);
  if (rows.length === 0) return [];
  const views = await selectAlertViews(db)
    .where(
      and(
        eq(alerts.orgId, actor.orgId),
        inArray(
          alerts.id,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(alerts.dueAt), asc(alerts.id));
  return views.map(serializeAlertView);
}
