/**
 * Events benchmark: `npm run bench -- events [--events N] [--entities N] [--seconds S] [--concurrency C]
 * [--rate R] [--url http://host:port --key sk_...] [--keep]`.
 *
 * Builds and starts the service on a fresh database (embedded, or a new database on
 * SERVICE_DATABASE_URL's server) unless --url points at a running one (then SERVICE_DATABASE_URL must
 * be that service's database, for loading history). Loads historic events, drives the service over
 * HTTP, measures the framework floor (/healthz) and the storage floor (raw INSERT transactions), and
 * prints one JSON object last. Progress goes to stderr.
 */
import '../project';
import { randomUUID } from 'node:crypto';
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
import { freePort, startService, stopProcess, waitFor } from '../../tests/support/processes';
import { Client, fixedRate, saturate, type LoadResult, type Request } from './_load';

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

async function main(): Promise<void> {
  const target = await prepareDatabase();
  let service: ReturnType<typeof startService> | undefined;
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

    let baseUrl = target.baseUrl;
    if (!baseUrl) {
      const port = await freePort();
      progress(`starting the service on port ${port} (building first if needed)`);
      service = startService({
        SERVICE_DATABASE_URL: target.dbUrl,
        PORT: String(port),
        SERVICE_RATE_LIMIT: '0',
        SERVICE_LOG_LEVEL: 'warn',
        SERVICE_DB_POOL_SIZE: opt('pool', '20'),
      });
      baseUrl = `http://127.0.0.1:${port}`;
      await waitFor(`${baseUrl}/readyz`, 600_000);
    }
    const u = new URL(baseUrl);
    const client = new Client(u.hostname, Number(u.port), { authorization: `Bearer ${key}` }, CONCURRENCY * 2);

    progress('warming up');
    await saturate(client, eventRequest('sync', regularSource), { concurrency: 4, seconds: 3, ok: [200] });

    const metricsBefore = await scrapeMetrics(client);
    const benchStarted = new Date();
    progress(`(a) sync at a fixed ${RATE} events/s for ${SECONDS} s`);
    const syncFixed = await fixedRate(client, eventRequest('sync', regularSource), { rate: RATE, seconds: SECONDS, ok: [200] });
    progress(`    ${JSON.stringify(syncFixed)}`);
    progress(`(b) sync at saturation, ${CONCURRENCY} clients, ${SECONDS} s`);
    const syncMax = await saturate(client, eventRequest('sync', regularSource), { concurrency: CONCURRENCY, seconds: SECONDS, ok: [200] });
    progress(`    ${JSON.stringify(syncMax)}`);
    progress(`(c) async at saturation, ${CONCURRENCY} clients, ${SECONDS} s`);
    const asyncMax = await saturate(client, eventRequest('async', regularSource), { concurrency: CONCURRENCY, seconds: SECONDS, ok: [202] });
    progress(`    ${JSON.stringify(asyncMax)}`);
    progress(`(d) sync events of one hot entity at ${RATE} events/s for ${SECONDS} s`);
    const hot = await fixedRate(client, eventRequest('sync', () => 'hot-0'), { rate: RATE, seconds: SECONDS, ok: [200] });
    progress(`    ${JSON.stringify(hot)}`);
    const metricsAfter = await scrapeMetrics(client);
    progress(`floor: GET /healthz at saturation, ${CONCURRENCY} clients, ${SECONDS} s`);
    const healthz = await saturate(client, () => ({ method: 'GET', path: '/healthz' }), { concurrency: CONCURRENCY, seconds: SECONDS, ok: [200] });
    progress(`    ${JSON.stringify(healthz)}`);
    client.close();
    progress(`floor: raw single-row INSERT transactions, ${CONCURRENCY} connections, ${SECONDS} s`);
    const rawTps = await rawInsertFloor(target.dbUrl, org.id);
    progress(`    ${rawTps} tps`);

    const stats = new pg.Client({ connectionString: target.dbUrl });
    await stats.connect();
    const engine = await stats.query<{ p50: number; p99: number; n: number }>(
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY decided_in_us) / 1000.0 AS p50,
              percentile_cont(0.99) WITHIN GROUP (ORDER BY decided_in_us) / 1000.0 AS p99, count(*)::int AS n
       FROM decisions WHERE org_id = $1 AND created_at >= $2`,
      [org.id, benchStarted],
    );
    await stats.end();

    const brief = (r: LoadResult) => ({ rps: r.rps, p50_ms: r.p50_ms, p95_ms: r.p95_ms, p99_ms: r.p99_ms, errors: r.errors });
    const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 1000 : null);
    const result = {
      sync_fixed: brief(syncFixed),
      sync_max: brief(syncMax),
      async_max: brief(asyncMax),
      hot_entity: brief(hot),
      healthz_max_rps: healthz.rps,
      raw_insert_tps: rawTps,
      ratio_sync_max_to_healthz: ratio(syncMax.rps, healthz.rps),
      ratio_sync_max_to_raw_insert: ratio(syncMax.rps, rawTps),
      decided_in_ms_p99: Math.round(Number(engine.rows[0]?.p99 ?? 0) * 1000) / 1000,
      decided_in_ms_p50: Math.round(Number(engine.rows[0]?.p50 ?? 0) * 1000) / 1000,
      decisions_measured: engine.rows[0]?.n ?? 0,
      // GET /metrics before phase (a) and after phase (d): counters as differences, gauges as read at the end.
      metrics_moved: metricsMoved(metricsBefore, metricsAfter),
      setup: { events: EVENTS, entities: ENTITIES, hot_entities: HOT_ENTITIES, hot_events_each_24h: HOT_EVENTS_EACH, seconds: SECONDS, concurrency: CONCURRENCY, rate: RATE, cores: os.cpus().length },
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    if (service) await stopProcess(service);
    await target.cleanup();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`[bench events] failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
