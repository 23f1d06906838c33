import type { AuditFilter } from './list-entries';

/** The audit log's filters as the console's address carries them. */
export interface AuditConsoleParams {
  actor?: string;
  action?: string;
  target?: string;
  /** First UTC day, `YYYY-MM-DD`. */
  from?: string;
  /** Last UTC day, `YYYY-MM-DD`, included. */
  to?: string;
}

export const AUDIT_FILTER_NAMES = ['actor', 'action', 'target', 'from', 'to'] as const;
const TEXT_MAX = 200;

function utcDay(value: string, end: boolean): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1970 || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return end ? new Date(date.getTime() + 86_400_000 - 1) : date;
}

/**
 * The filter of the audit page and its CSV export from the address. A value that cannot be a filter is left out
 * and named in `problems`, so a mistyped address still shows the log (and says what was ignored); `params` are
 * the filters in force, for the form and the links.
 */
export function auditFilterFromParams(raw: Record<string, string | string[] | undefined>): {
  filter: Omit<AuditFilter, 'limit' | 'cursor'>;
  params: AuditConsoleParams;
  problems: string[];
} {
  const one = (name: string) => {
    const v = raw[name];
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
  };
  const problems: string[] = [];
  const params: AuditConsoleParams = {};
  const filter: Omit<AuditFilter, 'limit' | 'cursor'> = {};
  for (const name of ['actor', 'action', 'target'] as const) {
    const v = one(name);
    if (v === undefined) continue;
    if (v.length > TEXT_MAX || v.includes('\u0000')) {
      problems.push(`${name} must be at most ${TEXT_MAX} characters of text`);
      continue;
    }
    params[name] = v;
    if (name === 'target') filter.target_id = v;
    else filter[name] = v;
  }
  for (const name of ['from', 'to'] as const) {
    const v = one(name);
    if (v === undefined) continue;
    const day = utcDay(v, name === 'to');
    if (!day) {
      problems.push(`${name} must be a date from 1970 on, such as 2026-11-25`);
      continue;
    }
    params[name] = v;
    if (name === 'from') filter.since = day;
    else filter.until = day;
  }
  if (filter.since && filter.until && filter.since > filter.until) problems.push('from is after to: no entry can match');
  return { filter, params, problems };
}

/** The address's query for these filters (and a cursor), for links that keep them. */
export function auditQueryString(params: AuditConsoleParams, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  for (const name of AUDIT_FILTER_NAMES) if (params[name]) q.set(name, params[name] as string);
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  return q.toString();
}
