import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { afterCursorAsc, afterCursorDesc, newestFirst } from '@/db/keyset';
import { alerts, ALERT_STATUSES, decisions } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { dateKey, decodeCursor, toPage } from '@/lib/paging';
import { selectAlertViews } from './alert-view';
import type { AlertQueue, AlertStatus } from './schemas';

export { ALERT_STATUSES };
export {
  ALERT_QUEUES,
  DECISION_FILTER_MESSAGE,
  NUMBER_FILTER_MESSAGE,
  parseAlertNumber,
  QUEUE_MESSAGE,
  STATUS_FILTER_MESSAGE,
  type AlertQueue,
  type AlertStatus,
} from './schemas';

export interface AlertFilter {
  queue?: AlertQueue;
  /** Ignored when `queue` is set. */
  status?: AlertStatus;
  assignedTo?: string;
  /** Screening alerts count as `review`. */
  decision?: 'review' | 'block';
  number?: number;
  limit: number;
  cursor?: string;
}

const QUEUE_STATUSES: Record<AlertQueue, AlertStatus[]> = {
  open: ['open', 'in_review'],
  pending_closure: ['pending_closure'],
  closed: ['closed'],
};

function decisionCondition(decision: AlertFilter['decision']): SQL | undefined {
  if (decision === 'block') return and(isNull(alerts.screeningId), eq(decisions.decision, 'block'));
  if (decision === 'review') return or(isNotNull(alerts.screeningId), eq(decisions.decision, 'review'));
  return undefined;
}

/**
 * The organisation's alerts with their list fields. `queue=open` is the work queue: open and
 * in-review alerts, soonest `due_at` first; every other listing is most recently changed first.
 * Keyset paging on (due_at, id) ascending or (updated_at, id) descending; one query per page.
 */
export async function listAlerts(db: Queryable, actor: Actor, filter: AlertFilter) {
  authorize(actor, 'work');
  const cursor = decodeCursor(filter.cursor);
  const byDue = filter.queue === 'open';
  const statuses = filter.queue ? QUEUE_STATUSES[filter.queue] : filter.status ? [filter.status] : undefined;

  const conditions: (SQL | undefined)[] = [
    eq(alerts.orgId, actor.orgId),
    statuses ? inArray(alerts.status, statuses) : undefined,
    filter.assignedTo !== undefined ? eq(alerts.assignedTo, filter.assignedTo) : undefined,
    decisionCondition(filter.decision),
    filter.number !== undefined ? eq(alerts.number, filter.number) : undefined,
  ];
  if (cursor) {
    // The row comparison is not an index bound by itself; the redundant single-column bound is.
    if (byDue) conditions.push(afterCursorAsc(alerts.dueAt, alerts.id, cursor), gte(alerts.dueAt, new Date(cursor.key)));
    else conditions.push(afterCursorDesc(alerts.updatedAt, alerts.id, cursor), lte(alerts.updatedAt, new Date(cursor.key)));
  }

  const rows = await selectAlertViews(db)
    .where(and(...conditions))
    .orderBy(...(byDue ? [asc(alerts.dueAt), asc(alerts.id)] : [newestFirst(alerts.updatedAt), newestFirst(alerts.id)]))
    .limit(filter.limit + 1);
  return toPage(rows, filter.limit, (r) => ({ key: dateKey(byDue ? r.alert.dueAt : r.alert.updatedAt), id: r.alert.id }));
}
