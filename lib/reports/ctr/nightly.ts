import { and, asc, eq, exists, gte, inArray, lt, notExists, sql } from 'drizzle-orm';
import { getDb, getPool, type Database } from '@/db/client';
import { ctrBatches, events, organisations } from '@/db/schema';
import { systemActor } from '@/lib/auth/actor';
import { settings } from '@/lib/config';
import { describeError, log } from '@/lib/log';
import { buildCtrBatch, previousUtcDay } from './build-batch';

/**
 * The nightly CTR build: at SERVICE_CTR_AT (UTC) it builds the previous UTC day's batch for every organisation, as the
 * `system` actor, for every organisation that has events that day. It wakes every `checkIntervalMs` (a minute by default) and builds the latest day that is due and
 * still missing: yesterday once today's hour has passed, else the day before. So an instance started after the hour
 * (a restart, a deploy that missed it) builds the missed day at its first check, and nothing is built twice: the
 * unique index on (org_id, date) lets each day be built once, whatever runs it.
 *
 * One instance at a time: a round first takes the session-level advisory lock CTR_NIGHTLY_LOCK_KEY with
 * `pg_try_advisory_lock` on one pooled connection, held for the whole round, and does nothing when another instance
 * holds it.
 */

/** The advisory lock key of the nightly round: "CTRNIGHT" read as ASCII. Fixed, never reused; distinct from the filing worker's. */
export const CTR_NIGHTLY_LOCK_KEY = 0x4354524e49474854n;
/** The actor id the nightly build's batches and audit entries name. */
export const CTR_NIGHTLY_ACTOR = 'system';
export const DEFAULT_CHECK_INTERVAL_MS = 60_000;

export interface CtrNightlyOptions {
  db?: Database;
  /** The clock; default the system's. Tests move it across the hour. */
  now?: () => Date;
  /** Minutes after midnight UTC; default SERVICE_CTR_AT. */
  atMinutes?: number;
  checkIntervalMs?: number;
  /** No timer: rounds run only through `runOnce` (tests). */
  manual?: boolean;
  /** Only these organisations (tests sharing one database with other suites); default all. */
  orgIds?: readonly string[];
}

export interface CtrNightlyRoundResult {
  /** False when another instance held the lock (nothing was done). */
  locked: boolean;
  /** The day due at this round's time. */
  day: string;
  /** Batches this round created, by organisation. */
  built: { orgId: string; batchId: string; rows: number }[];
  /** Organisations whose build failed (logged; tried again next round). */
  failures: number;
}

export interface CtrNightly {
  stop(): Promise<void>;
  /** Runs one round now (after the one under way, if any). */
  runOnce(): Promise<CtrNightlyRoundResult>;
}

/** The latest day whose batch is due at `now`: yesterday once today's build time has passed, else the day before yesterday. */
export function dueCtrDay(now: Date, atMinutes: number): string {
  const minutes = now.getUTCHours() * 60 + now.getUTCMinutes();
  return minutes >= atMinutes ? previousUtcDay(now) : previousUtcDay(new Date(now.getTime() - 86_400_000));
}

async function round(db: Database, options: CtrNightlyOptions): Promise<CtrNightlyRoundResult> {
  const now = (options.now ?? (() => new Date()))();
  const day = dueCtrDay(now, options.atMinutes ?? settings().ctrAtMinutes);
  const result: CtrNightlyRoundResult = { locked: false, day, built: [], failures: 0 };
  const client = await getPool().connect();
  let broken: Error | undefined;
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [CTR_NIGHTLY_LOCK_KEY.toString()]);
    if (!rows[0]?.locked) return result;
    result.locked = true;
    try {
      const dayStart = new Date(`${day}T00:00:00.000Z`);
      const missing = await db
        .select({ id: organisations.id })
        .from(organisations)
        .where(
          and(
            options.orgIds ? inArray(organisations.id, [...options.orgIds]) : undefined,
            notExists(db.select({ one: sql`1` }).from(ctrBatches).where(and(eq(ctrBatches.orgId, organisations.id), eq(ctrBatches.date, day)))),
            // An organisation with no event that day gets no batch (nothing to report, and no empty draft to clutter
            // its reports); should an event of that day arrive late, the next check builds it.
            exists(
              db
                .select({ one: sql`1` })
                .from(events)
                .where(and(eq(events.orgId, organisations.id), gte(events.occurredAt, dayStart), lt(events.occurredAt, new Date(dayStart.getTime() + 86_400_000)))),
            ),
          ),
        )
        .orderBy(asc(organisations.id));
      for (const org of missing) {
        try {
          const { batch, created } = await buildCtrBatch(db, systemActor(org.id, CTR_NIGHTLY_ACTOR), { date: day }, { now: () => now });
          if (created) result.built.push({ orgId: org.id, batchId: batch.id, rows: batch.rowsTotal });
        } catch (err) {
          result.failures += 1;
          log('error', 'nightly CTR build failed for an organisation', { org_id: org.id, date: day, ...describeError(err) });
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [CTR_NIGHTLY_LOCK_KEY.toString()]);
    }
    if (result.built.length > 0) log('info', 'nightly CTR batches built', { date: day, batches: result.built.length, rows: result.built.reduce((n, b) => n + b.rows, 0) });
    return result;
  } catch (err) {
    broken = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    client.release(broken);
  }
}

/** Starts the nightly build's timer (unless `manual`); the first check runs at once, so a missed day is built on start. */
export function startCtrNightly(options: CtrNightlyOptions = {}): CtrNightly {
  const db = options.db ?? getDb();
  const intervalMs = options.checkIntervalMs ?? DEFAULT_CHECK_INTERVAL_MS;
  let current: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const runOnce = (): Promise<CtrNightlyRoundResult> => {
    const next = current.then(() => round(db, options));
    current = next.catch(() => undefined);
    return next;
  };
  const tick = () => {
    if (stopped) return;
    runOnce()
      .catch((err: unknown) => log('error', 'nightly CTR round failed', describeError(err)))
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(tick, intervalMs);
        timer.unref?.();
      });
  };
  if (!options.manual) tick();

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
