import { ALERT_QUEUES, ALERT_STATUSES, parseAlertNumber, type AlertQueue, type AlertStatus } from '@/lib/alerts/list-alerts';
import { PRIORITIES, QUEUE_SORTS, type Priority, type QueueFilter, type QueueSort } from '@/lib/alerts/queue';

/** The alert queue's state as it lives in the URL (`/alerts?queue=open&priority=high&sort=due`). */
export interface QueueParams {
  /** `all` lists every queue (and lets `status` choose). */
  queue: AlertQueue | 'all';
  status?: AlertStatus;
  priority?: Priority;
  decision?: 'review' | 'block';
  assignee?: 'mine' | 'none';
  /** `late` (overdue) or `soon` (due within the hour). */
  sla?: 'late' | 'soon';
  /** As typed: `ALR-12` or `12`. */
  number?: string;
  sort: QueueSort;
  /** Page size, 1 to 200 (default 50). */
  limit: number;
  after?: string;
  before?: string;
}

export const QUEUE_PAGE_SIZE = 50;

type Search = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined): string | undefined => {
  const s = Array.isArray(v) ? v[0] : v;
  return s === undefined || s === '' ? undefined : s;
};

const pick = <T extends string>(allowed: readonly T[], v: string | undefined): T | undefined => (v !== undefined && (allowed as readonly string[]).includes(v) ? (v as T) : undefined);

/**
 * Reads the queue's URL. A value the queue does not know is dropped and named in `problems`, so a
 * mistyped bookmark shows the queue with a note instead of an error page.
 */
export function parseQueueParams(search: Search): { params: QueueParams; problems: string[] } {
  const problems: string[] = [];
  const read = <T extends string>(name: string, allowed: readonly T[]): T | undefined => {
    const raw = one(search[name]);
    const value = pick(allowed, raw);
    if (raw !== undefined && value === undefined) problems.push(`${name} must be ${allowed.join(', ')}`);
    return value;
  };
  const queue = read('queue', [...ALERT_QUEUES, 'all'] as const) ?? 'open';
  const number = one(search.number)?.trim();
  const limitText = one(search.limit);
  const limit = limitText !== undefined && /^[0-9]{1,3}$/.test(limitText) && Number(limitText) >= 1 && Number(limitText) <= 200 ? Number(limitText) : undefined;
  if (limitText !== undefined && limit === undefined) problems.push('limit must be between 1 and 200');
  if (number !== undefined && number !== '' && parseAlertNumber(number) === null) problems.push('number must be an alert number such as ALR-12 or 12');
  const params: QueueParams = {
    queue,
    status: read('status', ALERT_STATUSES),
    priority: read('priority', PRIORITIES),
    decision: read('decision', ['review', 'block'] as const),
    assignee: read('assignee', ['mine', 'none'] as const),
    sla: read('sla', ['late', 'soon'] as const),
    number: number !== undefined && number !== '' && parseAlertNumber(number) !== null ? number : undefined,
    sort: read('sort', QUEUE_SORTS) ?? (queue === 'open' ? 'due' : 'updated'),
    limit: limit ?? QUEUE_PAGE_SIZE,
    after: one(search.after),
    before: one(search.before),
  };
  return { params, problems };
}

/** The filter listAlertQueue takes for these params, for the signed-in person `personId`. */
export function queueFilter(params: QueueParams, personId: string): QueueFilter {
  const number = params.number !== undefined ? parseAlertNumber(params.number) : null;
  return {
    ...(params.queue !== 'all' ? { queue: params.queue } : params.status ? { status: params.status } : {}),
    ...(params.priority ? { priority: params.priority } : {}),
    ...(params.decision ? { decision: params.decision } : {}),
    ...(params.assignee === 'mine' ? { assignedTo: personId } : params.assignee === 'none' ? { assignedTo: null } : {}),
    ...(number !== null ? { number } : {}),
    ...(params.sla ? { sla: params.sla } : {}),
    sort: params.sort,
    limit: params.limit,
    ...(params.before ? { before: params.before } : params.after ? { after: params.after } : {}),
  };
}

/** The queue's URL for these params (paging cursors dropped unless given in `paging`). */
export function queueHref(params: QueueParams, paging: { after?: string; before?: string } = {}): string {
  const q = new URLSearchParams();
  if (params.queue !== 'open') q.set('queue', params.queue);
  if (params.status && params.queue === 'all') q.set('status', params.status);
  if (params.priority) q.set('priority', params.priority);
  if (params.decision) q.set('decision', params.decision);
  if (params.assignee) q.set('assignee', params.assignee);
  if (params.number) q.set('number', params.number);
  if (params.sla) q.set('sla', params.sla);
  if (params.sort !== (params.queue === 'open' ? 'due' : 'updated')) q.set('sort', params.sort);
  if (params.limit !== QUEUE_PAGE_SIZE) q.set('limit', String(params.limit));
  if (paging.after) q.set('after', paging.after);
  if (paging.before) q.set('before', paging.before);
  const s = q.toString();
  return s ? `/alerts?${s}` : '/alerts';
}
