/**
 * Events benchmark: `npm run bench -- events [--events N] [--entities N] [--seconds S] [--concurrency C]
 * [--rate R] [--instances 1|2] [--backends] [--profile [--profile-mode async|fixed]] [--url http://host:port --key sk_...] [--keep]`.
 *
 * Builds and starts the service on a fresh database (embedded, or a new database on
 * SERVICE_DATABASE_URL's server) unless --url points at a running one (then SERVICE_DATABASE_URL must
 * be that service's database, for loading history). Loads historic events, then drives the service over
 * HTTP in four phases: (a) sync at a fixed rate, (b) sync at saturation, (c) async at saturation,
 * (d) one hot entity's sync events at a fixed rate. Each phase reports its throughput, latency and
 * `events_per_commit`: how many events the service committed per ingest transaction during the phase,
 * from the `aml_ingest_batch_events` histogram on GET /metrics (sum and count differences between a
 * scrape before and one after the phase; null while the service does not expose it), `stage_ms`: the
 * mean milliseconds of each ingest stage from `aml_ingest_stage_seconds` (queued per event; counters,
 * write and commit per batch), `over_10ms`: how many took over 10 ms, as the load generator timed the
 * requests (`client`), as the service timed them (`http`, from `aml_http_request_duration_seconds`) and
 * in each ingest stage (from the stage histogram's buckets), which tells where a latency tail is spent, `wal_per_event`: the WAL the server wrote per event (kilobytes and
 * full-page images, from pg_stat_wal; on a shared server also other databases' writes), `backends`:
 * the mean number of the bench database's client backends in each state during the phase (running,
 * idle_in_transaction: waiting inside a batch for the service's next statement, a wait event such as
 * IO:WALSync or Lock:advisory, idle), sampled from pg_stat_activity every 20 ms with --backends only (the
 * sampling itself cost about a sixth of the saturated rates when it ran every 10 ms), and
 * `cpu_ms_per_event`: CPU milliseconds per request of the service processes, of every postgres process
 * on the machine (on a shared server also other databases' work of the moment) and of the load
 * generator itself, from /proc before and after the phase (null without /proc).
 *
 * Unless --instances 1 or --url, a second service process then starts on the same database (another
 * port, same settings) and the four phases run again against both, each request going to the next
 * instance in turn (`two_instances`). Then the framework floor (/healthz, first instance only) and the
 * storage floor (raw INSERT transactions). Prints one JSON object last; progress goes to stderr.
 *
 * --profile starts one service under Node's CPU profiler, runs only phase (b) (with --profile-mode async,
 * phase (c); with --profile-mode fixed, phase (a)) against it, stops it (the
 * profile is written as it exits) and prints `profile`: self-time shares of the phase's samples by
 * framework, application, driver, node and other code, idle apart, the same with Node's own time
 * counted for its caller, and the top 15 functions (cpu-profile.ts). No floors, no second instance.
 */
import '../project';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { closeDb, getDb } from '../../db/client';
import { startEmbeddedPostgres, type EmbeddedHandle } from '../../db/embedded';
import { runMigrations } from '../../db/migrate';
import { systemActor } from '../../lib/auth/actor';
import { reloadSettings } from '../../lib/config';
import { createKey } from '../../lib/keys/create-key';
import { createOrganisation } from '../../lib/orgs/create-organisation';
import { cleanEnv, freePort, PROJECT_ROOT, startService, stopProcess, waitFor } from '../../tests/support/processes';
import { Client, fixedRate, RoundRobin, saturate, type LoadResult, type Request, type Sender } from './_load';
import { sourceMapResolver, summariseProfile, type CpuProfile } from './cpu-profile';

const args = process.argv.slice(2);
const opt = (name: string, fallback?: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const flag = (name: string) => args.includes(`--${name}`);
const EVENTS = Number(opt('events', '1000000'));
const ENTITIES = Number(opt('entities', '50000'));
const SECONDS = Number(opt('seconds', '30'));
const CONCURRENCY = Number(opt('concurrency', '16'));
const RATE = Number(opt('rate', '300'));
const INSTANCES = Number(opt('instances', '2'));
const PROFILE = flag('profile');
/** The phases `--profile` can profile, by `--profile-mode`: how each is labelled, named in the JSON line and driven. */
const PROFILED_PHASES = {
  sync: { label: '(b) sync at saturation', key: 'sync_max', mode: 'sync', fixed: false },
  async: { label: '(c) async at saturation', key: 'async_max', mode: 'async', fixed: false },
  fixed: { label: `(a) sync at a fixed ${RATE} events/s`, key: 'sync_fixed', mode: 'sync', fixed: true },
} as const;
const PROFILE_MODE = opt('profile-mode', 'sync') as keyof typeof PROFILED_PHASES;
const HOT_ENTITIES = 5;
const HOT_EVENTS_EACH = Math.max(10_000, Math.round(EVENTS * 0.012));

const progress = (line: string) => process.stderr.write(`[bench events] ${line}\n`);

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

interface Target {
  dbUrl: string;
  baseUrl?: string;
  cleanup: () => Promise<void>;
}

async function prepareDatabase(): Promise<Target> {
  const serverUrl = process.env.SERVICE_DATABASE_URL;
  if (opt('url')) {
    if (!serverUrl) throw new Error('--url needs SERVICE_DATABASE_URL set to that service database (history is loaded through it)');
    return { dbUrl: serverUrl, baseUrl: opt('url'), cleanup: async () => undefined };
  }
  if (serverUrl) {
    const name = `aml_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    progress(`fresh database ${name} on SERVICE_DATABASE_URL's server`);
    return {
      dbUrl: withDatabase(serverUrl, name),
      cleanup: async () => {
        if (flag('keep')) return;
        const c = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'aml-bench-'));
  await fs.chmod(dir, 0o755);
  progress(`fresh embedded PostgreSQL in ${dir}`);
  const embedded: EmbeddedHandle = await startEmbeddedPostgres(dir, progress);
  return {
    dbUrl: embedded.url,
    cleanup: async () => {
      await embedded.stop();
      if (!flag('keep')) await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

async function loadHistory(dbUrl: string, orgId: string): Promise<void> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const regular = Math.max(0, EVENTS - 2 * HOT_ENTITIES * HOT_EVENTS_EACH);
  const batch = 100_000;
  const started = performance.now();
  // Regular traffic over 30 days; senders skewed (squared uniform) so some entities are busy.
  for (let from = 0; from < regular; from += batch) {
    const to = Math.min(regular, from + batch);
    await client.query(
      `INSERT INTO events (org_id, idempotency_key, type, occurred_at, received_at, amount, currency, rail,
                           source_id, destination_id, payload, mode)
       SELECT $1, 'hist-' || g, 'transfer', now() - random() * interval '30 days', now(),
              round((random() * 2000)::numeric, 2), 'EUR', 'bank_transfer',
              'ent-' || floor(power(random(), 2) * $4)::int, 'ent-' || floor(random() * $4)::int,
              '{"type":"transfer"}'::json, 'async'
       FROM generate_series($2::int, $3::int - 1) g`,
      [orgId, from, to, ENTITIES],
    );
    progress(`history: ${to} of ${regular} regular events (${Math.round((performance.now() - started) / 1000)} s)`);
  }
  // Hot entities: each sends HOT_EVENTS_EACH payments within the last 23 hours, and receives as many.
  for (let h = 0; h < HOT_ENTITIES; h++) {
    await client.query(
      `INSERT INTO events (org_id, idempotency_key, type, occurred_at, received_at, amount, currency, rail,
                           source_id, destination_id, payload, mode)
       SELECT $1, 'hot-' || $2 || '-' || g, 'transfer', now() - random() * interval '23 hours', now(),
              round((random() * 2000)::numeric, 2), 'EUR', 'instant_payment',
              CASE WHEN g % 2 = 0 THEN 'hot-' || $2 ELSE 'ent-' || floor(random() * $4)::int END,
              CASE WHEN g % 2 = 0 THEN 'ent-' || floor(random() * $4)::int ELSE 'hot-' || $2 END,
              '{"type":"transfer"}'::json, 'async'
       FROM generate_series(1, $3::int * 2) g`,
      [orgId, h, HOT_EVENTS_EACH, ENTITIES],
    );
    progress(`history: hot entity hot-${h} with ${HOT_EVENTS_EACH} payments out and in within 24 h`);
  }
  progress('history: building the incremental counter state from the loaded events');
  await client.query('SELECT rebuild_counter_state($1)', [orgId]);
  progress('history: ANALYZE and VACUUM');
  await client.query('VACUUM ANALYZE');
  // The load wrote about half a gigabyte of WAL, which starts a checkpoint of its own: take it now,
  // so that it does not run during the phases (a checkpoint there writes the load's pages out).
  progress('history: CHECKPOINT');
  await client.query('CHECKPOINT');
  await client.end();
}

async function rawInsertFloor(dbUrl: string, orgId: string): Promise<number> {
  const setup = new pg.Client({ connectionString: dbUrl });
  await setup.connect();
  await setup.query('DROP TABLE IF EXISTS bench_raw_events');
  await setup.query('CREATE TABLE bench_raw_events (LIKE events INCLUDING DEFAULTS INCLUDING INDEXES)');
  await setup.end();
  const clients = await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      const c = new pg.Client({ connectionString: dbUrl });
      await c.connect();
      return c;
    }),
  );
  let done = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    clients.map(async (c) => {
      while (performance.now() < deadline) {
        await c.query(
          `INSERT INTO bench_raw_events (org_id, idempotency_key, type, occurred_at, amount, currency, rail, source_id,
                                         destination_id, payload, mode, features, dest_features)
           VALUES ($1, $2, 'transfer', now(), 125.5, 'EUR', 'card', $3, $4, $5, 'sync', '{}', '{}')`,
          [orgId, randomUUID(), `ent-${Math.floor(Math.random() * ENTITIES)}`, `ent-${Math.floor(Math.random() * ENTITIES)}`, '{"type":"transfer"}'],
        );
        done++;
      }
    }),
  );
  const tps = done / ((performance.now() - started) / 1000);
  await Promise.all(clients.map((c) => c.end()));
  return Math.round(tps);
}

function eventRequest(mode: 'sync' | 'async', source: () => string): () => Request {
  return () => {
    const near = Math.random() < 0.05;
    const value = near ? 4500 + Math.random() * 499 : Math.round(Math.random() * 200000) / 100;
    return {
      method: 'POST',
      path: `/v1/events?mode=${mode}`,
      body: JSON.stringify({
        type: 'transfer',
        idempotency_key: randomUUID(),
        occurred_at: new Date().toISOString(),
        amount: { value, currency: 'EUR' },
        rail: 'instant_payment',
        source: { entity_id: source() },
        destination: { entity_id: `ent-${Math.floor(Math.random() * ENTITIES)}` },
      }),
    };
  };
}

const regularSource = () => `ent-${Math.floor(Math.random() ** 2 * ENTITIES)}`;

/** Series of GET /metrics that the run should move, by their exposition line's name and labels. */
const WATCHED_SERIES = /^(aml_decisions_total|aml_http_requests_total\{method="POST",route="\/v1\/events"|aml_decision_engine_duration_seconds_count|aml_rule_evaluation_errors_total|aml_alerts_open|aml_alerts_overdue|aml_db_pool_)/;

/** The watched series of the service's /metrics as `{"name{labels}": value}`. */
async function scrapeMetrics(client: Client): Promise<Record<string, number>> {
  const res = await client.send({ method: 'GET', path: '/metrics' });
  if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}`);
  const series: Record<string, number> = {};
  for (const line of res.body.split('\n')) {
    if (line.startsWith('#') || !WATCHED_SERIES.test(line)) continue;
    const at = line.lastIndexOf(' ');
    series[line.slice(0, at)] = Number(line.slice(at + 1));
  }
  return series;
}

/** What moved between two scrapes: counters as differences, gauges (alerts, pool) as read at the end. */
function metricsMoved(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const moved: Record<string, number> = {};
  for (const [name, value] of Object.entries(after)) {
    const gauge = name.startsWith('aml_alerts_') || name.startsWith('aml_db_pool_');
    const v = gauge ? value : value - (before[name] ?? 0);
    if (gauge || v !== 0) moved[name] = v;
  }
  return moved;
}

interface SumCount {
  sum: number;
  count: number;
}

/** What ingest's histograms on GET /metrics held at one moment, summed over all instances. */
interface IngestHistograms {
  /** `aml_ingest_batch_events`; null when an instance does not expose it. */
  batch: SumCount | null;
  /** `aml_ingest_stage_seconds` by stage (queued, counters, write, commit). */
  stages: Record<string, SumCount>;
  /**
   * Observations over 10 ms (count less the `le="0.01"` bucket): of each ingest stage, and `http` of
   * POST /v1/events as the service timed it (aml_http_request_duration_seconds).
   */
  over10ms: Record<string, number>;
}

/** The labels of a metric line, `{a="x",b="y"}`, as a map. */
const metricLabels = (labels: string): Map<string, string> => new Map([...labels.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1] as string, m[2] as string]));

/** Sum and count of ingest's histograms over all instances. */
async function ingestHistograms(clients: Client[]): Promise<IngestHistograms> {
  let batch: SumCount | null = { sum: 0, count: 0 };
  const stages: Record<string, SumCount> = {};
  const over10ms: Record<string, number> = {};
  const addOver = (what: string, n: number) => (over10ms[what] = (over10ms[what] ?? 0) + n);
  for (const client of clients) {
    const res = await client.send({ method: 'GET', path: '/metrics' });
    if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}`);
    let seen = 0;
    for (const line of res.body.split('\n')) {
      const b = /^aml_ingest_batch_events_(sum|count)(\{[^}]*\})? (\S+)$/.exec(line.trim());
      if (b && batch) {
        seen++;
        batch[b[1] as 'sum' | 'count'] += Number(b[3]);
        continue;
      }
      const st = /^aml_ingest_stage_seconds_(sum|count)\{stage="([a-z]+)"\} (\S+)$/.exec(line.trim());
      if (st) {
        const at = (stages[st[2] as string] ??= { sum: 0, count: 0 });
        at[st[1] as 'sum' | 'count'] += Number(st[3]);
        // Everything counted is over 10 ms until its le="0.01" bucket takes its share back off.
        if (st[1] === 'count') addOver(st[2] as string, Number(st[3]));
        continue;
      }
      const bucket = /^(aml_ingest_stage_seconds|aml_http_request_duration_seconds)_(bucket|count)\{([^}]*)\} (\S+)$/.exec(line.trim());
      if (!bucket) continue;
      const labels = metricLabels(bucket[3] as string);
      const n = Number(bucket[4]);
      if (bucket[1] === 'aml_ingest_stage_seconds') {
        if (bucket[2] === 'bucket' && labels.get('le') === '0.01') addOver(labels.get('stage') as string, -n);
      } else if (labels.get('method') === 'POST' && labels.get('route') === '/v1/events') {
        if (bucket[2] === 'count') addOver('http', n);
        else if (labels.get('le') === '0.01') addOver('http', -n);
      }
    }
    if (seen === 0) batch = null;
  }
  return { batch, stages, over10ms };
}

/** Observations over 10 ms between two reads, by stage and `http` (see IngestHistograms.over10ms). */
function over10ms(before: IngestHistograms, after: IngestHistograms): Record<string, number> {
  return Object.fromEntries(Object.entries(after.over10ms).map(([what, n]) => [what, n - (before.over10ms[what] ?? 0)]));
}

/** Events committed per ingest transaction between two histogram reads (2 decimals), null when unknown. */
function eventsPerCommit(before: SumCount | null, after: SumCount | null): number | null {
  if (!before || !after) return null;
  const commits = after.count - before.count;
  return commits > 0 ? Math.round(((after.sum - before.sum) / commits) * 100) / 100 : null;
}

/**
 * Mean milliseconds of each ingest stage between two reads (2 decimals): `queued` per event, the others
 * per committed batch; null when the service does not expose them.
 */
function stageMs(before: IngestHistograms, after: IngestHistograms): Record<string, number> | null {
  const out: Record<string, number> = {};
  for (const [stage, a] of Object.entries(after.stages)) {
    const b = before.stages[stage] ?? { sum: 0, count: 0 };
    const n = a.count - b.count;
    if (n > 0) out[stage] = Math.round(((a.sum - b.sum) / n) * 1000 * 100) / 100;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** Clock ticks per second of /proc's CPU times. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** What /proc says of a process: its name, its parent, and the CPU seconds (user and system) it has used; null when it is gone. */
function procStat(pid: number | string): { comm: string; ppid: number; cpuSeconds: number } | null {
  try {
    // `pid (comm) state ppid ...`; comm may hold spaces and parentheses, so the fields are read after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      ppid: Number(fields[1]),
      cpuSeconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS,
    };
  } catch {
    return null;
  }
}

interface CpuSample {
  /** The service processes and their children. */
  service: number;
  /** Every process named postgres on the machine: the bench database's, and any other database's work of the moment. */
  postgres: number;
  /** This process: the load generator. */
  load: number;
}

/** CPU seconds used so far, by process id, of the service processes and of PostgreSQL's, and of this process. */
interface CpuReading {
  service: Map<number, number>;
  postgres: Map<number, number>;
  load: number;
}

/** CPU seconds used so far by the service processes, PostgreSQL and the load generator; null without /proc. */
function readCpu(servicePids: number[]): CpuReading | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return null;
  }
  const postgres = new Map<number, number>();
  for (const entry of entries) {
    const stat = procStat(entry);
    if (stat?.comm === 'postgres') postgres.set(Number(entry), stat.cpuSeconds);
  }
  const own = process.cpuUsage();
  return { service: new Map(servicePids.map((pid) => [pid, procStat(pid)?.cpuSeconds ?? 0])), postgres, load: (own.user + own.system) / 1e6 };
}

/**
 * CPU milliseconds per request of each process group between two readings (2 decimals); null when
 * unknown. A process counts what it used between the readings (all of it when it started meanwhile);
 * one that ended meanwhile (an idle connection closed) is left out, its last moments uncounted.
 */
function cpuPerRequest(before: CpuReading | null, after: CpuReading | null, requests: number): CpuSample | null {
  if (!before || !after || requests === 0) return null;
  const used = (from: Map<number, number>, to: Map<number, number>) => [...to].reduce((sum, [pid, seconds]) => sum + seconds - (from.get(pid) ?? 0), 0);
  const per = (seconds: number) => Math.round((seconds * 1000 * 100) / requests) / 100;
  return { service: per(used(before.service, after.service)), postgres: per(used(before.postgres, after.postgres)), load: per(after.load - before.load) };
}

/** The server's WAL written so far (pg_stat_wal): bytes and full-page images. */
interface WalReading {
  bytes: number;
  fpi: number;
}
/** Reads pg_stat_wal on the bench database's server; null until main connects it, or on a server without it. */
let readWal: () => Promise<WalReading | null> = async () => null;

/** WAL per request between two readings: kilobytes and full-page images (2 decimals). */
function walPerRequest(before: WalReading | null, after: WalReading | null, requests: number): { kb: number; fpi: number } | null {
  if (!before || !after || requests === 0) return null;
  const r2 = (x: number) => Math.round(x * 100) / 100;
  return { kb: r2((after.bytes - before.bytes) / 1024 / requests), fpi: r2((after.fpi - before.fpi) / requests) };
}

/**
 * Samples what the bench database's client backends are doing (pg_stat_activity) every 20 ms until
 * stopped; null unless --backends (then set once main connects). `stop` gives the mean number of backends in each state over the
 * samples: `running` (on CPU or runnable), `idle_in_transaction` (in a batch, waiting for the service's
 * next statement), `idle` (no transaction), or the wait event (`Lock:advisory`, `IO:WALSync`, ...).
 */
let sampleBackends: (() => { stop: () => Promise<Record<string, number>> }) | null = null;

/** The server's WAL written so far, from pg_stat_wal; null on a server without it. */
async function walOf(stats: pg.Client): Promise<WalReading | null> {
  try {
    const { rows } = await stats.query<{ bytes: string; fpi: string }>('SELECT wal_bytes::text AS bytes, wal_fpi::text AS fpi FROM pg_stat_wal');
    const row = rows[0];
    return row ? { bytes: Number(row.bytes), fpi: Number(row.fpi) } : null;
  } catch {
    return null;
  }
}

/** Starts sampling the backends' states on `stats` (see sampleBackends). */
function sampleBackendsOn(stats: pg.Client): { stop: () => Promise<Record<string, number>> } {
  const totals = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await stats.query<{ s: string; n: number }>(
        `SELECT CASE WHEN state = 'active' THEN coalesce(wait_event_type || ':' || wait_event, 'running')
                     ELSE replace(coalesce(state, 'unknown'), ' ', '_') END AS s, count(*)::int AS n
         FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'
         GROUP BY 1`,
      );
      samples += 1;
      for (const r of rows) totals.set(r.s, (totals.get(r.s) ?? 0) + r.n);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop.catch(() => undefined);
      const out: Record<string, number> = {};
      for (const [state, n] of [...totals].sort((a, b) => b[1] - a[1])) out[state] = Math.round((n / Math.max(1, samples)) * 100) / 100;
      return out;
    },
  };
}

interface Phase {
  load: LoadResult;
  eventsPerCommit: number | null;
  /** Mean milliseconds of each ingest stage (queued per event; counters, write and commit per batch). */
  stageMs: Record<string, number> | null;
  /**
   * How many took over 10 ms: `client` requests as the load generator timed them, `http` as the
   * service timed them, then each ingest stage (`queued` events, other stages batches).
   */
  over10ms: Record<string, number>;
  /** WAL the server wrote per event (on a shared server also other databases' writes of the moment). */
  walPerEvent: { kb: number; fpi: number } | null;
  /** Mean client backends of the bench database in each state during the phase (see sampleBackends). */
  backends: Record<string, number> | null;
  cpuMsPerEvent: CpuSample | null;
}

/**
 * Runs one phase, reading the batch histogram of every instance before and after it, and the CPU time
 * of the service processes (`servicePids`), PostgreSQL and the load generator.
 */
async function phase(instances: Client[], servicePids: () => number[], run: () => Promise<LoadResult>): Promise<Phase> {
  const before = await ingestHistograms(instances);
  const walBefore = await readWal();
  const cpuBefore = readCpu(servicePids());
  const sampler = sampleBackends?.();
  const load = await run();
  const backends = (await sampler?.stop()) ?? null;
  const cpuAfter = readCpu(servicePids());
  const walAfter = await readWal();
  const after = await ingestHistograms(instances);
  const phaseResult = {
    load,
    eventsPerCommit: eventsPerCommit(before.batch, after.batch),
    stageMs: stageMs(before, after),
    over10ms: { client: load.over_10ms, ...over10ms(before, after) },
    walPerEvent: walPerRequest(walBefore, walAfter, load.requests),
    backends,
    cpuMsPerEvent: cpuPerRequest(cpuBefore, cpuAfter, load.requests),
  };
  progress(`    ${JSON.stringify({ ...load, events_per_commit: phaseResult.eventsPerCommit, stage_ms: phaseResult.stageMs, over_10ms: phaseResult.over10ms, wal_per_event: phaseResult.walPerEvent, backends: phaseResult.backends, cpu_ms_per_event: phaseResult.cpuMsPerEvent })}`);
  return phaseResult;
}

interface Phases {
  sync_fixed: Phase;
  sync_max: Phase;
  async_max: Phase;
  hot_entity: Phase;
}

/** Phases (a) to (d) against `sender`; `instances` are the services behind it, for their /metrics; `servicePids` their processes. */
async function runPhases(sender: Sender, instances: Client[], servicePids: () => number[], label: string): Promise<Phases> {
  progress(`${label}(a) sync at a fixed ${RATE} events/s for ${SECONDS} s`);
  const syncFixed = await phase(instances, servicePids, () => fixedRate(sender, eventRequest('sync', regularSource), { rate: RATE, seconds: SECONDS, ok: [200] }));
  progress(`${label}(b) sync at saturation, ${CONCURRENCY} clients, ${SECONDS} s`);
  const syncMax = await phase(instances, servicePids, () => saturate(sender, eventRequest('sync', regularSource), { concurrency: CONCURRENCY, seconds: SECONDS, ok: [200] }));
  progress(`${label}(c) async at saturation, ${CONCURRENCY} clients, ${SECONDS} s`);
  const asyncMax = await phase(instances, servicePids, () => saturate(sender, eventRequest('async', regularSource), { concurrency: CONCURRENCY, seconds: SECONDS, ok: [202] }));
  progress(`${label}(d) sync events of one hot entity at ${RATE} events/s for ${SECONDS} s`);
  const hot = await phase(instances, servicePids, () => fixedRate(sender, eventRequest('sync', () => 'hot-0'), { rate: RATE, seconds: SECONDS, ok: [200] }));
  return { sync_fixed: syncFixed, sync_max: syncMax, async_max: asyncMax, hot_entity: hot };
}

const brief = (p: Phase) => ({
  rps: p.load.rps,
  p50_ms: p.load.p50_ms,
  p95_ms: p.load.p95_ms,
  p99_ms: p.load.p99_ms,
  errors: p.load.errors,
  events_per_commit: p.eventsPerCommit,
  stage_ms: p.stageMs,
  over_10ms: p.over10ms,
  wal_per_event: p.walPerEvent,
  backends: p.backends,
  cpu_ms_per_event: p.cpuMsPerEvent,
});
const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 1000 : null);

/** The four phases as JSON, and their mean events per commit (over the phases that report one; null if none does). */
function phasesJson(p: Phases) {
  const perCommit = [p.sync_fixed, p.sync_max, p.async_max, p.hot_entity].map((x) => x.eventsPerCommit).filter((x): x is number => x !== null);
  return {
    phases: { sync_fixed: brief(p.sync_fixed), sync_max: brief(p.sync_max), async_max: brief(p.async_max), hot_entity: brief(p.hot_entity) },
    mean: perCommit.length > 0 ? Math.round((perCommit.reduce((a, b) => a + b, 0) / perCommit.length) * 100) / 100 : null,
  };
}

/** The process ids under `pid` (children, grandchildren, ...), from /proc; empty where there is no /proc. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = procStat(entry); // null: the process ended meanwhile
      if (stat) parents.set(stat.ppid, [...(parents.get(stat.ppid) ?? []), Number(entry)]);
    }
  } catch {
    return [];
  }
  const found: number[] = [];
  const walk = (p: number) => {
    for (const c of parents.get(p) ?? []) {
      found.push(c);
      walk(c);
    }
  };
  walk(pid);
  return found;
}

/**
 * Starts the service as `npm start` does (scripts/start.ts, Next.js in the same process), but with
 * Node's CPU profiler on: `node --cpu-prof --import tsx scripts/start.ts`, one process, so the profile
 * covers the request path. Node 20 refuses --cpu-prof in NODE_OPTIONS, and the tsx command would run the
 * server in a child process that does not inherit the flag. The profile is written when the process
 * exits, which start.ts does on SIGTERM (stopProcess) after closing the server; a build it runs first
 * is a separate `next build` process, not profiled.
 */
function startProfiledService(env: Record<string, string | undefined>, dir: string): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--import', 'tsx', 'scripts/start.ts'], { cwd: PROJECT_ROOT, env: cleanEnv(env) });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  return Object.assign(child, { output: () => output });
}

/** Microseconds on the monotonic clock, which V8's CPU profiles use too. */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * The profile of the thread that served the requests: the largest `.cpuprofile` written by one of
 * `pids` (the service's processes while it ran; the tsx loader's thread writes a small one too), or
 * the largest of all when none matches.
 */
async function pickProfile(dir: string, pids: number[]): Promise<{ file: string; pid: number } | undefined> {
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.cpuprofile'));
  const sized = await Promise.all(
    files.map(async (f) => ({ file: path.join(dir, f), pid: Number(f.split('.')[3]), size: (await fs.stat(path.join(dir, f))).size })),
  );
  sized.sort((a, b) => b.size - a.size);
  return sized.find((f) => pids.includes(f.pid)) ?? sized[0];
}

async function main(): Promise<void> {
  if (!Number.isInteger(INSTANCES) || INSTANCES < 1 || INSTANCES > 2) throw new Error('--instances takes 1 or 2');
  if (!Object.hasOwn(PROFILED_PHASES, PROFILE_MODE)) throw new Error('--profile-mode takes sync, async or fixed');
  if (PROFILE && opt('url')) throw new Error('--profile starts the service itself; it cannot profile the one at --url');
  const target = await prepareDatabase();
  const services: ChildProcess[] = [];
  const clients: Client[] = [];
  let statsConnection: pg.Client | undefined;
  const profileDir = PROFILE ? await fs.mkdtemp(path.join(os.tmpdir(), 'aml-bench-profile-')) : undefined;
  try {
    await runMigrations(target.dbUrl);
    process.env.SERVICE_DATABASE_URL = target.dbUrl;
    reloadSettings();
    const org = await createOrganisation(getDb(), { name: `bench-${Date.now()}` });
    const { secret } = await createKey(getDb(), systemActor(org.id), { name: 'bench' });
    const key = opt('key') ?? secret;
    await closeDb();
    progress(`organisation ${org.id}; loading ${EVENTS} historic events across ${ENTITIES} entities`);
    await loadHistory(target.dbUrl, org.id);
    // One connection for the server's statistics: WAL before and after each phase, the backends' states with
    // --backends, and the engine's decision times at the end.
    const stats = new pg.Client({ connectionString: target.dbUrl });
    await stats.connect();
    statsConnection = stats;
    readWal = () => walOf(stats);
    if (flag('backends')) sampleBackends = () => sampleBackendsOn(stats);

    const connect = (baseUrl: string) => {
      const u = new URL(baseUrl);
      const c = new Client(u.hostname, Number(u.port), { authorization: `Bearer ${key}` }, CONCURRENCY * 2);
      clients.push(c);
      return c;
    };
    /** Starts one service process on the bench database (under the CPU profiler with `profileTo`) and waits until it is ready. */
    const launch = async (which: string, profileTo?: string) => {
      const port = await freePort();
      progress(`starting the ${which} service on port ${port}${profileTo ? ' under the CPU profiler' : ''} (building first if needed)`);
      const env = {
        SERVICE_DATABASE_URL: target.dbUrl,
        PORT: String(port),
        SERVICE_RATE_LIMIT: '0',
        SERVICE_LOG_LEVEL: 'warn',
        SERVICE_DB_POOL_SIZE: opt('pool', '20'),
      };
      const service = profileTo ? startProfiledService(env, profileTo) : startService(env);
      services.push(service);
      const baseUrl = `http://127.0.0.1:${port}`;
      const exited = new Promise<never>((_, reject) =>
        service.once('exit', (code) => reject(new Error(`the ${which} service exited (${code}) before it was ready:\n${service.output().slice(-3000)}`))),
      );
      exited.catch(() => undefined);
      await Promise.race([waitFor(`${baseUrl}/readyz`, 600_000), exited]);
      return { service, client: connect(baseUrl) };
    };

    let first: { service?: ChildProcess & { output: () => string }; client: Client };
    if (opt('url')) first = { client: connect(opt('url') as string) };
    else first = await launch('first', profileDir);
    const client = first.client;

    progress('warming up');
    await saturate(client, eventRequest('sync', regularSource), { concurrency: 4, seconds: 3, ok: [200] });

    if (profileDir && first.service) {
      const service = first.service;
      const pids = [service.pid ?? -1, ...descendants(service.pid ?? -1)];
      const profiledPhase = PROFILED_PHASES[PROFILE_MODE];
      progress(`profiling processes ${pids.join(', ')}: ${profiledPhase.label}, ${SECONDS} s`);
      const from = nowUs();
      const ok = profiledPhase.mode === 'async' ? [202] : [200];
      const request = eventRequest(profiledPhase.mode, regularSource);
      const profiled = await phase([client], () => pids, () =>
        profiledPhase.fixed
          ? fixedRate(client, request, { rate: RATE, seconds: SECONDS, ok })
          : saturate(client, request, { concurrency: CONCURRENCY, seconds: SECONDS, ok }),
      );
      const to = nowUs();
      client.close();
      progress('stopping the service so that it writes its profile');
      await stopProcess(service, 120_000);
      const picked = await pickProfile(profileDir, pids);
      if (!picked) throw new Error(`no .cpuprofile in ${profileDir}: did the service exit cleanly?`);
      progress(`reading ${picked.file}`);
      const profile = JSON.parse(await fs.readFile(picked.file, 'utf8')) as CpuProfile;
      const summary = summariseProfile(profile, { projectRoot: PROJECT_ROOT, resolve: sourceMapResolver(PROJECT_ROOT), window: { from, to } });
      const result = {
        [profiledPhase.key]: brief(profiled),
        events_per_commit_mean: profiled.eventsPerCommit,
        profile: { pid: picked.pid, ...summary, kept: flag('keep') ? picked.file : undefined },
        setup: { events: EVENTS, entities: ENTITIES, seconds: SECONDS, concurrency: CONCURRENCY, profile: PROFILE_MODE, cores: os.cpus().length },
      };
      process.stdout.write(`${JSON.stringify(result)}\n`);
      return;
    }

    const metricsBefore = await scrapeMetrics(client);
    const benchStarted = new Date();
    /** The service processes started here and their children (none with --url). */
    const servicePids = () => services.flatMap((s) => (s.pid === undefined || s.exitCode !== null ? [] : [s.pid, ...descendants(s.pid)]));
    const single = await runPhases(client, [client], servicePids, '');
    const metricsAfter = await scrapeMetrics(client);
    const singleEnded = new Date();

    let two: Phases | undefined;
    if (INSTANCES >= 2 && !opt('url')) {
      const second = await launch('second');
      const both = new RoundRobin([client, second.client]);
      progress('two instances: warming up');
      await saturate(both, eventRequest('sync', regularSource), { concurrency: 4, seconds: 3, ok: [200] });
      two = await runPhases(both, [client, second.client], servicePids, 'two instances: ');
      second.client.close();
      progress('two instances: stopping the second service');
      await stopProcess(second.service);
    } else progress(opt('url') ? 'two instances: skipped (--url)' : 'two instances: skipped (--instances 1)');

    progress(`floor: GET /healthz at saturation, ${CONCURRENCY} clients, ${SECONDS} s`);
    const healthz = await saturate(client, () => ({ method: 'GET', path: '/healthz' }), { concurrency: CONCURRENCY, seconds: SECONDS, ok: [200] });
    progress(`    ${JSON.stringify(healthz)}`);
    client.close();
    progress(`floor: raw single-row INSERT transactions, ${CONCURRENCY} connections, ${SECONDS} s`);
    const rawTps = await rawInsertFloor(target.dbUrl, org.id);
    progress(`    ${rawTps} tps`);

    const engine = await stats.query<{ p50: number; p99: number; n: number }>(
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY decided_in_us) / 1000.0 AS p50,
              percentile_cont(0.99) WITHIN GROUP (ORDER BY decided_in_us) / 1000.0 AS p99, count(*)::int AS n
       FROM decisions WHERE org_id = $1 AND created_at >= $2 AND created_at < $3`,
      [org.id, benchStarted, singleEnded],
    );

    const one = phasesJson(single);
    const twoInstances = two && {
      ...phasesJson(two).phases,
      events_per_commit_mean: phasesJson(two).mean,
      ratio_sync_max_to_healthz: ratio(two.sync_max.load.rps, healthz.rps),
    };
    const result = {
      ...one.phases,
      events_per_commit_mean: one.mean,
      healthz_max_rps: healthz.rps,
      raw_insert_tps: rawTps,
      ratio_sync_max_to_healthz: ratio(single.sync_max.load.rps, healthz.rps),
      ratio_sync_max_to_raw_insert: ratio(single.sync_max.load.rps, rawTps),
      // Two service processes on the same database behind a round-robin client; healthz is the single-instance floor.
      two_instances: twoInstances ?? null,
      // The engine's time per decision over the single-instance phases (a) to (d).
      decided_in_ms_p99: Math.round(Number(engine.rows[0]?.p99 ?? 0) * 1000) / 1000,
      decided_in_ms_p50: Math.round(Number(engine.rows[0]?.p50 ?? 0) * 1000) / 1000,
      decisions_measured: engine.rows[0]?.n ?? 0,
      // GET /metrics before phase (a) and after phase (d) of the single instance: counters as differences, gauges as read at the end.
      metrics_moved: metricsMoved(metricsBefore, metricsAfter),
      setup: {
        events: EVENTS,
        entities: ENTITIES,
        hot_entities: HOT_ENTITIES,
        hot_events_each_24h: HOT_EVENTS_EACH,
        seconds: SECONDS,
        concurrency: CONCURRENCY,
        rate: RATE,
        instances: two ? 2 : 1,
        cores: os.cpus().length,
      },
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    for (const c of clients) c.close();
    await statsConnection?.end().catch(() => undefined);
    for (const service of services) await stopProcess(service);
    if (profileDir && !flag('keep')) await fs.rm(profileDir, { recursive: true, force: true });
    await target.cleanup();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`[bench events] failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
