import { and, asc, inArray, isNotNull, lte } from 'drizzle-orm';
import { getDb, getPool, type Database } from '@/db/client';
import { filings } from '@/db/schema';
import { systemActor } from '@/lib/auth/actor';
import { settings } from '@/lib/config';
import { describeError, log } from '@/lib/log';
import { attemptFiling, pollFiling, type AttemptOptions } from './attempt-filing';
import { HANDLED_REPORT_KINDS } from './report-kinds';

/**
 * The filing worker: every SERVICE_FILING_WORKER_INTERVAL_MS it sends queued filings whose backoff has passed (and
 * takes back attempts a crashed process left in `sent`), and asks the filing system about accepted filings whose
 * poll is due, for every organisation, oldest due first, at most `batchSize` a round.
 *
 * One instance at a time: a round first takes the session-level advisory lock FILING_WORKER_LOCK_KEY with
 * `pg_try_advisory_lock` on one pooled connection, held for the whole round, and does nothing when another
 * instance holds it. The claim of each filing (lib/filing/attempt-filing.ts) keeps sending safe even without the
 * lock; the lock keeps instances from racing for the same due rows and spreads no load on the filing system.
 * Its actions are audited by the `system` actor `filing-worker`.
 */

/** The advisory lock key of the filing worker's round: "FILING" read as ASCII (0x46494C494E47). Fixed, never reused. */
export const FILING_WORKER_LOCK_KEY = 0x46494c494e47n;
export const FILING_WORKER_ACTOR = 'filing-worker';
export const DEFAULT_BATCH_SIZE = 50;

export interface FilingWorkerOptions extends AttemptOptions {
  db?: Database;
  /** Time between rounds; default SERVICE_FILING_WORKER_INTERVAL_MS. */
  intervalMs?: number;
  /** Most filings acted on in one round. */
  batchSize?: number;
  /** No timer: rounds run only through `runOnce` (tests). */
  manual?: boolean;
  /** Only these organisations' filings (tests sharing one database with other suites); default all. */
  orgIds?: readonly string[];
}

export interface FilingRoundResult {
  /** False when another instance held the lock (nothing was done). */
  locked: boolean;
  /** Filings this round acted on, by what came of it. */
  outcomes: { filingId: string; operation: 'submit' | 'poll'; outcome: string }[];
  /** Filings whose attempt failed inside the service (logged; retried next round). */
  failures: number;
}

export interface FilingWorker {
  /** Stops the timer and waits for the round under way, which ends after the filing it is acting on. */
  stop(): Promise<void>;
  /** Runs one round now (after the one under way, if any). */
  runOnce(): Promise<FilingRoundResult>;
}

/** Oldest due first: queued and sent filings to send, accepted ones to poll. */
async function dueFilings(db: Database, now: Date, limit: number, orgIds: readonly string[] | undefined) {
  return db
    .select({ orgId: filings.orgId, id: filings.id, state: filings.state })
    .from(filings)
    .where(
      and(
        isNotNull(filings.nextAttemptAt),
        lte(filings.nextAttemptAt, now),
        inArray(filings.state, ['queued', 'sent', 'accepted']),
        inArray(filings.reportKind, HANDLED_REPORT_KINDS),
        orgIds ? inArray(filings.orgId, [...orgIds]) : undefined,
      ),
    )
    .orderBy(asc(filings.nextAttemptAt), asc(filings.id))
    .limit(limit);
}

async function round(db: Database, options: FilingWorkerOptions, stopping: () => boolean): Promise<FilingRoundResult> {
  const result: FilingRoundResult = { locked: false, outcomes: [], failures: 0 };
  if (!settings().filingUrl) return result; // nothing can be sent; fileStr refuses new filings meanwhile
  const client = await getPool().connect();
  let broken: Error | undefined;
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [FILING_WORKER_LOCK_KEY.toString()]);
    if (!rows[0]?.locked) return result;
    result.locked = true;
    try {
      const now = (options.now ?? (() => new Date()))();
      for (const due of await dueFilings(db, now, options.batchSize ?? DEFAULT_BATCH_SIZE, options.orgIds)) {
        // On shutdown the round ends after the filing in hand; the rest stay due for the next instance or start.
        if (stopping()) break;
        const actor = systemActor(due.orgId, FILING_WORKER_ACTOR);
        const operation = due.state === 'accepted' ? 'poll' : 'submit';
        try {
          const done = operation === 'poll' ? await pollFiling(db, actor, due, options) : await attemptFiling(db, actor, due, options);
          // Not claimed: another sender (the route's first attempt) had it; nothing to report.
          if (done.claimed) result.outcomes.push({ filingId: due.id, operation, outcome: done.outcome });
        } catch (err) {
          result.failures += 1;
          log('error', 'filing worker could not act on a filing', { org_id: due.orgId, filing_id: due.id, operation, ...describeError(err) });
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [FILING_WORKER_LOCK_KEY.toString()]);
    }
    return result;
  } catch (err) {
    // The lock connection itself failed: it is discarded rather than returned to the pool holding the lock.
    broken = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    client.release(broken);
  }
}

/** Starts the worker's timer (unless `manual`); the first round runs one interval after the start. */
export function startFilingWorker(options: FilingWorkerOptions = {}): FilingWorker {
  const db = options.db ?? getDb();
  const intervalMs = options.intervalMs ?? settings().filingWorkerIntervalMs;
  let current: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const runOnce = (): Promise<FilingRoundResult> => {
    const next = current.then(() => round(db, options, () => stopped));
    current = next.catch(() => undefined);
    return next;
  };
  const schedule = () => {
    if (stopped || options.manual) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((err: unknown) => log('error', 'filing worker round failed', describeError(err)))
        .finally(schedule);
    }, intervalMs);
    timer.unref?.();
  };
  schedule();

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
