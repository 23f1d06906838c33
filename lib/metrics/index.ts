import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { getPool } from '@/db/client';
import { settings } from '@/lib/config';
import { log } from '@/lib/log';
import { processState } from '@/lib/process-state';
import { databaseSnapshot, PRIORITIES } from './database-gauges';

/**
 * The service's Prometheus metrics, served by GET /metrics. One registry per process: Next.js may
 * bundle this module more than once (each route handler, server actions), so the registry and every
 * metric live in `processState` and are created exactly once.
 *
 * Recording functions are cheap (a map lookup and an add) and never throw into the caller.
 */
function createMetrics() {
  const registry = new Registry();
  // Process metrics: CPU, memory, heap, event loop lag, open handles, GC (process_*, nodejs_*).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpRequests = new Counter({
    name: 'aml_http_requests_total',
    help: 'Requests answered, by method, route template (the file-system route, such as /v1/alerts/{id}) and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'aml_http_request_duration_seconds',
    help: 'Time from receiving a request to having its response, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const decisions = new Counter({
    name: 'aml_decisions_total',
    help: 'Decisions made on events scored in sync mode, by outcome (allow, review, block); replays are not counted',
    labelNames: ['decision'] as const,
    registers,
  });
  const decisionEngine = new Histogram({
    name: 'aml_decision_engine_duration_seconds',
    help: "The rule engine's time per decision (the decision's decided_in_ms), in seconds",
    buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
    registers,
  });
  const ruleErrors = new Counter({
    name: 'aml_rule_evaluation_errors_total',
    help: 'Run-time failures of rule expressions while scoring (the rule then counts as not fired), by rule key',
    labelNames: ['rule'] as const,
    registers,
  });
  const ingestBatch = new Histogram({
    name: 'aml_ingest_batch_events',
    help: 'Events committed per ingest transaction (group commit): _sum / _count is the mean batch size',
    buckets: [1, 2, 4, 8, 16, 32, 64, 128],
    registers,
  });
  const ingestStage = new Histogram({
    name: 'aml_ingest_stage_seconds',
    help:
      'Where ingest time goes: queued (per event, from arrival in the ingest queue to its batch starting), and per committed batch counters (the locks and the counter read), write (events, state and alerts) and commit',
    labelNames: ['stage'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers,
  });
  const screenings = new Counter({
    name: 'aml_screenings_total',
    help: 'Screenings stored, by status (clear, potential_match)',
    labelNames: ['status'] as const,
    registers,
  });
  const screeningDuration = new Histogram({
    name: 'aml_screening_duration_seconds',
    help: 'Time to screen a name and store the result, by status',
    labelNames: ['status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });

  // Computed at scrape time from one cached query (see database-gauges.ts).
  new Gauge({
    name: 'aml_alerts_open',
    help: 'Alerts not yet put up for closure (status open or in_review) across the install, by priority',
    labelNames: ['priority'] as const,
    registers,
    async collect() {
      const snapshot = await databaseSnapshot();
      for (const p of PRIORITIES) this.set({ priority: p }, snapshot.alerts[p].open);
    },
  });
  new Gauge({
    name: 'aml_alerts_overdue',
    help: 'Open or in_review alerts past their due_at across the install, by priority',
    labelNames: ['priority'] as const,
    registers,
    async collect() {
      const snapshot = await databaseSnapshot();
      for (const p of PRIORITIES) this.set({ priority: p }, snapshot.alerts[p].overdue);
    },
  });
  new Gauge({
    name: 'aml_screening_list_entries',
    help: 'Screening lists loaded on the install (shared by every organisation): entries, by list code and version',
    labelNames: ['list', 'version'] as const,
    registers,
    async collect() {
      const snapshot = await databaseSnapshot();
      this.reset();
      for (const l of snapshot.lists) this.set({ list: l.code, version: l.version }, l.entries);
    },
  });
  new Gauge({
    name: 'aml_screening_lists_loaded',
    help: 'Number of screening lists loaded on the install',
    registers,
    async collect() {
      this.set((await databaseSnapshot()).lists.length);
    },
  });
  new Gauge({
    name: 'aml_metrics_database_scrape_errors',
    help: '1 when the last scrape-time database query failed (alert and list gauges then show the previous values)',
    registers,
    async collect() {
      this.set((await databaseSnapshot()).failed ? 1 : 0);
    },
  });

  // The database pool of this instance (SERVICE_DB_POOL_SIZE connections at most).
  const pool = () => {
    try {
      return getPool();
    } catch {
      return undefined;
    }
  };
  new Gauge({
    name: 'aml_db_pool_connections_in_use',
    help: 'Database connections of this instance checked out by a request',
    registers,
    collect() {
      const p = pool();
      this.set(p ? p.totalCount - p.idleCount : 0);
    },
  });
  new Gauge({
    name: 'aml_db_pool_connections_idle',
    help: 'Open database connections of this instance waiting in the pool',
    registers,
    collect() {
      this.set(pool()?.idleCount ?? 0);
    },
  });
  new Gauge({
    name: 'aml_db_pool_waiting_requests',
    help: 'Requests of this instance waiting for a database connection (all SERVICE_DB_POOL_SIZE in use)',
    registers,
    collect() {
      this.set(pool()?.waitingCount ?? 0);
    },
  });

  return { registry, httpRequests, httpDuration, decisions, decisionEngine, ruleErrors, ingestBatch, ingestStage, screenings, screeningDuration };
}

const metrics = () => processState('prometheus-metrics', createMetrics);

/** One answered request: `route` is the route template, never the concrete path. */
export function recordRequest(method: string, route: string, status: number, seconds: number): void {
  const m = metrics();
  const labels = { method, route, status: String(status) };
  m.httpRequests.inc(labels);
  m.httpDuration.observe(labels, seconds);
}

/** A fresh decision (not a replay), after its transaction committed. */
export function recordDecision(d: {
  decision: string;
  decidedInUs: number;
  ruleErrors: readonly { rule: string; version: number; message: string }[];
}): void {
  const m = metrics();
  m.decisions.inc({ decision: d.decision });
  m.decisionEngine.observe(d.decidedInUs / 1_000_000);
  for (const e of d.ruleErrors) {
    m.ruleErrors.inc({ rule: e.rule });
    // The rule counted as not fired: say which version failed, so its author can mend it.
    log('warn', 'rule evaluation failed', { rule: e.rule, version: e.version, error: e.message });
  }
}

/** A stored screening (`clear` or `potential_match`) and the milliseconds it took, after its transaction committed. */
/** One committed ingest transaction and the number of events it stored or replayed. */
export function recordIngestBatch(events: number, stages?: IngestBatchStages): void {
  const m = metrics();
  m.ingestBatch.observe(events);
  if (!stages) return;
  m.ingestStage.observe({ stage: 'counters' }, stages.countersMs / 1000);
  m.ingestStage.observe({ stage: 'write' }, stages.writeMs / 1000);
  m.ingestStage.observe({ stage: 'commit' }, stages.commitMs / 1000);
}

/** The milliseconds a committed ingest batch spent in each of its round trips. */
export interface IngestBatchStages {
  countersMs: number;
  writeMs: number;
  commitMs: number;
}

/** How long an event waited in the ingest queue before its batch started. */
export function recordIngestQueued(ms: number): void {
  metrics().ingestStage.observe({ stage: 'queued' }, ms / 1000);
}

export function recordScreening(status: string, ms: number): void {
  const m = metrics();
  m.screenings.inc({ status });
  m.screeningDuration.observe({ status }, ms / 1000);
}

/** The text exposition of every metric, and its content type. */
export async function metricsExposition(): Promise<{ contentType: string; body: string }> {
  const { registry } = metrics();
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/** Whether a request may read /metrics: always without SERVICE_METRICS_TOKEN, else only with `Bearer <token>`. */
export function metricsAllowed(authorization: string | null): boolean {
  const token = settings().metricsToken;
  if (token === undefined) return true;
  const sent = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (sent === undefined) return false;
  // Compared as hashes: equal lengths for timingSafeEqual, and no early exit on the first different character.
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(sent), digest(token));
}
