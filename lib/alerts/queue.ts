import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { afterCursorAsc, afterCursorDesc } from '@/db/keyset';
import { alerts, decisions } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { dateKey, decodeCursor, encodeCursor, type Cursor } from '@/lib/paging';
import { selectAlertViews } from './alert-view';
import { ALERT_QUEUES, ALERT_STATUSES, type AlertQueue, type AlertStatus } from './list-alerts';
import type { AlertView } from './serialize';

/**
 * The console's alert queue: the filters of GET /v1/alerts (queue, status, decision, number, assignee)
 * plus priority, a choice of order and paging both ways. Each order is a keyset on an index:
 * `due` on alerts_org_status_due_idx (org_id, status, due_at, id), `updated` on alerts_org_updated_idx
 * (org_id, updated_at desc, id desc). Previous pages read the same index backwards.
 */
export const QUEUE_SORTS = ['due', 'updated'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];
export const PRIORITIES = ['high', 'medium'] as const;
export type Priority = (typeof PRIORITIES)[number];

export interface QueueFilter {
  queue?: AlertQueue;
  /** Ignored when `queue` is set. */
  status?: AlertStatus;
  priority?: Priority;
  decision?: 'review' | 'block';
  /** A person's (or key's) id; `null` for unassigned alerts. */
  assignedTo?: string | null;
  number?: number;
  sort: QueueSort;
  limit: number;
  /** Rows after this cursor (the next page)... */
  after?: string;
  /** ...or before it (the previous page). */
  before?: string;
}

export interface QueuePage {
  items: AlertView[];
  /** Present when a later page exists. */
  nextCursor?: string;
  /** Present when an earlier page exists. */
  prevCursor?: string;
}

const QUEUE_STATUSES: Record<AlertQueue, AlertStatus[]> = {
  open: ['open', 'in_review'],
  pending_closure: ['pending_closure'],
  closed: ['closed'],
};

export { ALERT_QUEUES, ALERT_STATUSES };

function decisionCondition(decision: QueueFilter['decision']): SQL | undefined {
  if (decision === 'block') return and(isNull(alerts.screeningId), eq(decisions.decision, 'block'));
  if (decision === 'review') return or(isNotNull(alerts.screeningId), eq(decisions.decision, 'review'));
  return undefined;
}

export async function listAlertQueue(db: Queryable, actor: Actor, filter: QueueFilter): Promise<QueuePage> {
  authorize(actor, 'work');
  const backwards = filter.before !== undefined && filter.before !== '';
  const cursor = decodeCursor(backwards ? filter.before : filter.after);
  const byDue = filter.sort === 'due';
  const sortColumn = byDue ? alerts.dueAt : alerts.updatedAt;
  const statuses = filter.queue ? QUEUE_STATUSES[filter.queue] : filter.status ? [filter.status] : undefined;

  const conditions: (SQL | undefined)[] = [
    eq(alerts.orgId, actor.orgId),
    statuses ? inArray(alerts.status, statuses) : undefined,
    filter.priority ? eq(alerts.priority, filter.priority) : undefined,
    filter.assignedTo === null ? isNull(alerts.assignedTo) : filter.assignedTo !== undefined ? eq(alerts.assignedTo, filter.assignedTo) : undefined,
    decisionCondition(filter.decision),
    filter.number !== undefined ? eq(alerts.number, filter.number) : undefined,
  ];
  // `due` reads ascending, `updated` descending; going backwards flips the direction. The row comparison
  // is not an index bound by itself, so the single-column bound beside it is.
  const ascending = byDue !== backwards;
  if (cursor) {
    const at = new Date(cursor.key);
    if (ascending) conditions.push(afterCursorAsc(sortColumn, alerts.id, cursor), gte(sortColumn, at));
    else conditions.push(afterCursorDesc(sortColumn, alerts.id, cursor), lte(sortColumn, at));
  }

  const rows = (await selectAlertViews(db)
    .where(and(...conditions))
    .orderBy(...(ascending ? [asc(sortColumn), asc(alerts.id)] : [desc(sortColumn), desc(alerts.id)]))
    .limit(filter.limit + 1)) as AlertView[];

  const more = rows.length > filter.limit;
  const page = rows.slice(0, filter.limit);
  if (backwards) page.reverse();
  const cursorOf = (v: AlertView): string => encodeCursor({ key: dateKey(byDue ? v.alert.dueAt : v.alert.updatedAt), id: v.alert.id } satisfies Cursor);
  const first = page[0];
  const last = page[page.length - 1];
  if (backwards) {
    // The `before` row itself follows this page.
    return { items: page, ...(last ? { nextCursor: cursorOf(last) } : {}), ...(more && first ? { prevCursor: cursorOf(first) } : {}) };
  }
  return { items: page, ...(more && last ? { nextCursor: cursorOf(last) } : {}), ...(cursor && first ? { prevCursor: cursorOf(first) } : {}) };
}

/**
 * The most urgent unassigned open alert (soonest `due_at`), or null: the queue's "next alert". One row
 * read on alerts_org_status_due_idx.
 */
export async function nextUnassignedAlert(db: Queryable, actor: Actor): Promise<{ id: string; number: number } | null> {
  authorize(actor, 'work');
  const [row] = await db
    .select({ id: alerts.id, number: alerts.number })
    .from(alerts)
    .where(and(eq(alerts.orgId, actor.orgId), eq(alerts.status, 'open'), isNull(alerts.assignedTo)))
    .orderBy(asc(alerts.dueAt), asc(alerts.id))
    .limit(1);
  return row ?? null;
}
