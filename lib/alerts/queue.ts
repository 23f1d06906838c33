import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { afterCursorAsc, afterCursorDesc, newestFirst } from '@/db/keyset';
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
 * `due` on alerts_org_status_due_idx (org_id, status, due_at, id), one walk per status, `updated` on
 * alerts_org_updated_idx (org_id, updated_at desc, id desc). Previous pages walk the same index backwards.
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
  /** `late`: past `due_at`; `soon`: due within the hour and not yet late (the counts' near-SLA). */
  sla?: 'late' | 'soon';
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

interface PageKey {
  id: string;
  key: Date;
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
    filter.priority ? eq(alerts.priority, filter.priority) : undefined,
    filter.assignedTo === null ? isNull(alerts.assignedTo) : filter.assignedTo !== undefined ? eq(alerts.assignedTo, filter.assignedTo) : undefined,
    decisionCondition(filter.decision),
    filter.number !== undefined ? eq(alerts.number, filter.number) : undefined,
    filter.sla === 'late' ? lt(alerts.dueAt, sql`now()`) : undefined,
    filter.sla === 'soon' ? and(gte(alerts.dueAt, sql`now()`), lte(alerts.dueAt, sql`now() + interval '1 hour'`)) : undefined,
  ];
  // `due` reads ascending, `updated` descending; going backwards flips the direction. The row comparison
  // is not an index bound by itself, so the single-column bound beside it is.
  const ascending = byDue !== backwards;
  if (cursor) {
    const at = new Date(cursor.key);
    if (ascending) conditions.push(afterCursorAsc(sortColumn, alerts.id, cursor), gte(sortColumn, at));
    else conditions.push(afterCursorDesc(sortColumn, alerts.id, cursor), lte(sortColumn, at));
  }

  // First the page's rows by their keys alone, each read an ordered walk of one index that stops after
  // `limit + 1` rows: `due` once per status on alerts_org_status_due_idx (org_id, status, due_at, id),
  // merged here; `updated` once on alerts_org_updated_idx. Joining the list fields before the limit would
  // make PostgreSQL join and sort every open alert for each page.
  const keysOf = (status: SQL | undefined) => {
    const q = db
      .select({ id: alerts.id, key: sortColumn })
      .from(alerts)
      .$dynamic();
    const joined = filter.decision ? q.leftJoin(decisions, and(eq(decisions.orgId, alerts.orgId), eq(decisions.id, alerts.decisionId))) : q;
    return joined
      .where(and(...conditions, status))
      .orderBy(...(ascending ? [asc(sortColumn), asc(alerts.id)] : [newestFirst(sortColumn), newestFirst(alerts.id)]))
      .limit(filter.limit + 1);
  };
  const parts: PageKey[][] = byDue
    ? await Promise.all((statuses ?? [...ALERT_STATUSES]).map((s) => keysOf(eq(alerts.status, s))))
    : [await keysOf(statuses ? inArray(alerts.status, statuses) : undefined)];
  const direction = ascending ? 1 : -1;
  const keys = parts
    .flat()
    .sort((a, b) => direction * (a.key.getTime() - b.key.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
    .slice(0, filter.limit + 1);

  const more = keys.length > filter.limit;
  const pageKeys = keys.slice(0, filter.limit);
  if (backwards) pageKeys.reverse();
  // Then the list fields of exactly those rows, in one query on the primary key.
  const views =
    pageKeys.length === 0
      ? []
      : ((await selectAlertViews(db).where(and(eq(alerts.orgId, actor.orgId), inArray(alerts.id, pageKeys.map((k) => k.id))))) as AlertView[]);
  const byId = new Map(views.map((v) => [v.alert.id, v]));
  const page = pageKeys.map((k) => byId.get(k.id)).filter((v): v is AlertView => v !== undefined);

  const cursorOf = (k: PageKey): string => encodeCursor({ key: dateKey(k.key), id: k.id } satisfies Cursor);
  const first = pageKeys[0];
  const last = pageKeys[pageKeys.length - 1];
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
