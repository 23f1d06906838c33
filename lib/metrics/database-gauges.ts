import { sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { log } from '@/lib/log';
import { processState } from '@/lib/process-state';

export const PRIORITIES = ['medium', 'high'] as const;
type Priority = (typeof PRIORITIES)[number];

export interface DatabaseSnapshot {
  alerts: Record<Priority, { open: number; overdue: number }>;
  lists: { code: string; version: string; entries: number }[];
  /** The last refresh failed; the figures are the previous ones. */
  failed: boolean;
}

/** Scrapes within this long of the last query reuse its answer (several Prometheus servers, or one scraping often). */
export const SNAPSHOT_MAX_AGE_MS = 5_000;

const empty = (): DatabaseSnapshot => ({
  alerts: { medium: { open: 0, overdue: 0 }, high: { open: 0, overdue: 0 } },
  lists: [],
  failed: false,
});

const cache = processState('metrics-database-snapshot', () => ({
  at: 0,
  value: empty(),
  pending: undefined as Promise<DatabaseSnapshot> | undefined,
}));

/**
 * The install-wide figures of the scrape-time gauges, in one round trip: open and overdue alerts per
 * priority (joined from the organisations so that each organisation's part is read on the
 * alerts' (org_id, status, due_at) index, touching only alerts not yet up for closure) and the loaded screening
 * lists. Cached for a few seconds; concurrent scrapes share one query; a failed query keeps the last figures.
 */
export function databaseSnapshot(now = Date.now()): Promise<DatabaseSnapshot> {
  if (now - cache.at < SNAPSHOT_MAX_AGE_MS) return Promise.resolve(cache.value);
  cache.pending ??= query()
    .then((value) => {
      cache.value = value;
      return value;
    })
    .catch((err: unknown) => {
      log('warn', 'metrics: database gauges not refreshed', { error: err instanceof Error ? err.message : String(err) });
      cache.value = { ...cache.value, failed: true };
      return cache.value;
    })
    .finally(() => {
      cache.at = Date.now();
      cache.pending = undefined;
    });
  return cache.pending;
}

/** Forgets the cached figures, so the next scrape queries again (tests). */
export function resetDatabaseSnapshot(): void {
  cache.at = 0;
}

async function query(): Promise<DatabaseSnapshot> {
  const result = await getDb().execute<{ kind: 'alerts' | 'list'; name: string; version: string | null; a: number; b: number | null }>(sql`
    SELECT 'alerts' AS kind, a.priority AS name, NULL::text AS version,
           count(*)::int AS a, (count(*) FILTER (WHERE a.due_at < now()))::int AS b
    FROM organisations o JOIN alerts a ON a.org_id = o.id AND a.status IN ('open', 'in_review')
    GROUP BY a.priority
    UNION ALL
    SELECT 'list', code, version, entries, NULL FROM screening_lists`);
  const snapshot = empty();
  for (const r of result.rows) {
    if (r.kind === 'alerts') {
      if ((PRIORITIES as readonly string[]).includes(r.name)) snapshot.alerts[r.name as Priority] = { open: Number(r.a), overdue: Number(r.b ?? 0) };
    } else {
      snapshot.lists.push({ code: r.name, version: r.version ?? '', entries: Number(r.a) });
    }
  }
  snapshot.lists.sort((x, y) => x.code.localeCompare(y.code));
  return snapshot;
}
