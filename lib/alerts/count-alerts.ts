import { sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';

export interface AlertCounts {
  open: number;
  in_review: number;
  pending_closure: number;
  closed: number;
  mine: number;
  overdue: number;
  near_sla: number;
  median_close_minutes?: number;
}

/**
 * The queue figures of GET /v1/alerts/counts, in one query. `open` includes in_review; `mine` counts
 * the open and in-review alerts assigned to `assignedTo` (0 without it); `overdue` are open or in-review
 * alerts past `due_at`; `near_sla` those due within the next hour and not yet overdue;
 * `median_close_minutes` is the median of created-to-closed over alerts closed in the last 7 days,
 * rounded to a whole minute, and absent when none closed.
 */
export async function countAlerts(db: Queryable, actor: Actor, input: { assignedTo?: string }): Promise<AlertCounts> {
  authorize(actor, 'work');
  const assignee = input.assignedTo !== undefined && input.assignedTo !== '' ? input.assignedTo : null;
  const result = await db.execute<{
    open: number;
    in_review: number;
    pending_closure: number;
    closed: number;
    mine: number;
    overdue: number;
    near_sla: number;
    median_close_minutes: number | string | null;
  }>(sql`
    SELECT
      count(*) FILTER (WHERE status IN ('open', 'in_review'))::int AS open,
      count(*) FILTER (WHERE status = 'in_review')::int AS in_review,
      count(*) FILTER (WHERE status = 'pending_closure')::int AS pending_closure,
      count(*) FILTER (WHERE status = 'closed')::int AS closed,
      count(*) FILTER (WHERE status IN ('open', 'in_review') AND assigned_to = ${assignee}::text)::int AS mine,
      count(*) FILTER (WHERE status IN ('open', 'in_review') AND due_at < now())::int AS overdue,
      count(*) FILTER (WHERE status IN ('open', 'in_review') AND due_at >= now()
                         AND due_at <= now() + interval '1 hour')::int AS near_sla,
      round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM closed_at - created_at) / 60)
            FILTER (WHERE status = 'closed' AND closed_at > now() - interval '7 days'))::int AS median_close_minutes
    FROM alerts
    WHERE org_id = ${actor.orgId}`);
  const r = result.rows[0];
  const median = r?.median_close_minutes;
  return {
    open: r?.open ?? 0,
    in_review: r?.in_review ?? 0,
    pending_closure: r?.pending_closure ?? 0,
    closed: r?.closed ?? 0,
    mine: r?.mine ?? 0,
    overdue: r?.overdue ?? 0,
    near_sla: r?.near_sla ?? 0,
    ...(median !== null && median !== undefined ? { median_close_minutes: Number(median) } : {}),
  };
}
