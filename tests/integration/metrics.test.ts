import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as metricsRoute from '@/app/metrics/route';
import * as alertById from '@/app/v1/alerts/[id]/route';
import * as entityPaths from '@/app/v1/entities/[...id]/route';
import * as events from '@/app/v1/events/route';
import * as keys from '@/app/v1/keys/route';
import * as screenings from '@/app/v1/screenings/route';
import { getDb } from '@/db/client';
import { reloadSettings } from '@/lib/config';
import { resetDatabaseSnapshot } from '@/lib/metrics/database-gauges';
import { loadScreeningList } from '@/lib/screening/load-list';
import { SAMPLE_LIST } from '@/lib/screening/sample-list';
import { call, newOrg, type TestOrg } from '../support/api';
import { freshInstall } from '../support/fresh-install';
import { activateTestRules } from '../support/rules';

// This file has an install (database) of its own, so the install-wide gauges (alerts, lists) are exact.
// The registry is per process, and each test file runs in its own process: counters start here.

let restore: () => Promise<void>;
let org: TestOrg;
let seq = 0;

beforeAll(async () => {
  restore = await freshInstall();
  org = await newOrg('metrics');
  await activateTestRules(org.orgId, [
    { key: 'big', expr: 'amount >= 1000.0', weight: 50 },
    { key: 'huge', expr: 'amount >= 100000.0', weight: 50 },
    // Fails at run time on every event with no earlier payment: a recorded rule error, never a failed decision.
    { key: 'divides', expr: '100 / features.dormant_days > 1', weight: 5 },
  ]);
});

afterAll(async () => {
  await restore?.();
});

async function scrape(): Promise<string> {
  const r = await call(metricsRoute.GET, { path: '/metrics' });
  expect(r.status).toBe(200);
  return r.text;
}

/** The value of one series, 0 when absent. `labels` as written in the exposition, such as `decision="review"`. */
function value(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((l) => (labels ? l.startsWith(`${name}{`) && labels.split(',').every((p) => l.includes(p)) : l.startsWith(`${name} `)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

function payment(source: string, value: number) {
  seq += 1;
  return {
    type: 'transfer',
    idempotency_key: `metrics-${seq}-${randomUUID()}`,
    occurred_at: new Date().toISOString(),
    amount: { value, currency: 'EUR' },
    source: { entity_id: source },
    destination: { entity_id: 'shop' },
  };
}

const send = (body: unknown, mode = 'sync') => call(events.POST, { method: 'POST', path: `/v1/events?mode=${mode}`, key: org.key, body });

describe('GET /metrics', () => {
  it('serves the Prometheus text exposition with process metrics and every named series', async () => {
    const r = await call(metricsRoute.GET, { path: '/metrics' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'aml_http_requests_total',
      'aml_http_request_duration_seconds',
      'aml_decisions_total',
      'aml_decision_engine_duration_seconds',
      'aml_rule_evaluation_errors_total',
      'aml_alerts_open',
      'aml_alerts_overdue',
      'aml_screenings_total',
      'aml_screening_duration_seconds',
      'aml_screening_list_entries',
      'aml_screening_lists_loaded',
      'aml_db_pool_connections_in_use',
      'aml_db_pool_connections_idle',
      'aml_db_pool_waiting_requests',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(r.text, name).toContain(`# TYPE ${name} `);
    }
  });

  it('counts requests by method, route template and status, and times them', async () => {
    const before = await scrape();
    const labels = 'method="GET",route="/v1/keys",status="200"';
    await call(keys.GET, { path: '/v1/keys', key: org.key });
    await call(keys.GET, { path: '/v1/keys', key: org.key });
    await call(keys.GET, { path: '/v1/keys', key: 'sk_wrong' });
    const id = randomUUID();
    await call(alertById.GET, { path: `/v1/alerts/${id}`, key: org.key, params: { id } });
    await call(entityPaths.GET, { path: '/v1/entities/cust%2F7/links', key: org.key, params: { id: ['cust/7', 'links'] } });
    const after = await scrape();
    expect(value(after, 'aml_http_requests_total', labels) - value(before, 'aml_http_requests_total', labels)).toBe(2);
    expect(value(after, 'aml_http_requests_total', 'route="/v1/keys",status="401"')).toBe(1);
    expect(value(after, 'aml_http_request_duration_seconds_count', labels) - value(before, 'aml_http_request_duration_seconds_count', labels)).toBe(2);
    expect(value(after, 'aml_http_request_duration_seconds_bucket', `${labels},le="+Inf"`)).toBe(value(after, 'aml_http_requests_total', labels));
    // The template, never the concrete id: a label per alert would grow without end.
    expect(value(after, 'aml_http_requests_total', 'route="/v1/alerts/{id}",status="404"')).toBe(1);
    expect(value(after, 'aml_http_requests_total', 'route="/v1/entities/{id}/links",status="200"')).toBe(1);
    expect(after).not.toContain(id);
    expect(after).not.toContain('cust');
  });

  it('counts decisions by outcome, times the engine, counts rule errors, and gauges open and overdue alerts', async () => {
    resetDatabaseSnapshot();
    const before = await scrape();
    expect(value(before, 'aml_alerts_open', 'priority="medium"')).toBe(0);
    const review = await send(payment('amy', 5000));
    expect(review.json.decision).toBe('review');
    const blocked = await send(payment('bob', 200000));
    expect(blocked.json.decision).toBe('block');
    expect((await send(payment('cat', 10))).json.decision).toBe('allow');
    await send(payment('dan', 10), 'async'); // stored only: no decision

    // The review alert is overdue.
    await getDb().execute(sql`UPDATE alerts SET due_at = now() - interval '1 hour' WHERE id = ${review.json.alert_id as string}`);
    const cached = await scrape();
    expect(value(cached, 'aml_alerts_open', 'priority="medium"')).toBe(0); // the figures of a few seconds ago
    resetDatabaseSnapshot();
    const after = await scrape();
    const delta = (name: string, labels = '') => value(after, name, labels) - value(before, name, labels);
    expect(delta('aml_decisions_total', 'decision="review"')).toBe(1);
    expect(delta('aml_decisions_total', 'decision="block"')).toBe(1);
    expect(delta('aml_decisions_total', 'decision="allow"')).toBe(1);
    expect(delta('aml_decision_engine_duration_seconds_count')).toBe(3);
    expect(delta('aml_rule_evaluation_errors_total', 'rule="divides"')).toBe(3);
    expect(value(after, 'aml_alerts_open', 'priority="medium"')).toBe(1);
    expect(value(after, 'aml_alerts_open', 'priority="high"')).toBe(1);
    expect(value(after, 'aml_alerts_overdue', 'priority="medium"')).toBe(1);
    expect(value(after, 'aml_alerts_overdue', 'priority="high"')).toBe(0);
  });

  it('does not count a replayed event twice (the replay answers the original decision)', async () => {
    const body = payment('eve', 5000);
    const before = await scrape();
    await send(body);
    await send(body);
    const after = await scrape();
    expect(value(after, 'aml_decisions_total', 'decision="review"') - value(before, 'aml_decisions_total', 'decision="review"')).toBe(1);
  });

  it('gauges the loaded screening lists and counts screenings by status with their latency', async () => {
    const screen = (name: string) => call(screenings.POST, { method: 'POST', path: '/v1/screenings', key: org.key, body: { name, kind: 'person' } });
    const before = await scrape();
    // Refused screenings store nothing, so they are not counted: no list loaded yet, then a bad name.
    expect((await screen('Viktor Fictionov')).status).toBe(503);
    await getDb().execute(sql`INSERT INTO screening_lists (code, name, version, entries) VALUES ('UN-SC', 'UN Security Council', '2026-03-01', 812)`);
    await loadScreeningList(getDb(), SAMPLE_LIST);
    expect((await screen('')).status).toBe(400);
    const screened = [await screen('Viktor Fictionov'), await screen('Emily Thornbury'), await screen('Rosalind Pettigrew-Okafor')];
    expect(screened.map((r) => [r.status, r.json.status])).toEqual([
      [200, 'potential_match'],
      [200, 'clear'],
      [200, 'clear'],
    ]);
    resetDatabaseSnapshot();
    const after = await scrape();
    const delta = (name: string, labels = '') => value(after, name, labels) - value(before, name, labels);
    expect(delta('aml_screenings_total', 'status="clear"')).toBe(2);
    expect(delta('aml_screenings_total', 'status="potential_match"')).toBe(1);
    expect(delta('aml_screening_duration_seconds_count', 'status="clear"')).toBe(2);
    expect(delta('aml_screening_duration_seconds_count', 'status="potential_match"')).toBe(1);
    expect(delta('aml_screening_duration_seconds_sum', 'status="clear"')).toBeGreaterThan(0);
    expect(value(after, 'aml_screening_duration_seconds_bucket', 'status="clear",le="+Inf"')).toBe(value(after, 'aml_screening_duration_seconds_count', 'status="clear"'));
    expect(value(after, 'aml_screening_list_entries', 'list="UN-SC",version="2026-03-01"')).toBe(812);
    expect(value(after, 'aml_screening_list_entries', `list="sample",version="${SAMPLE_LIST.version}"`)).toBe(SAMPLE_LIST.entries.length);
    expect(value(after, 'aml_screening_lists_loaded')).toBe(2);
    expect(value(after, 'aml_metrics_database_scrape_errors')).toBe(0);
  });

  it('reports the database pool of this instance', async () => {
    const text = await scrape();
    expect(value(text, 'aml_db_pool_connections_in_use')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'aml_db_pool_connections_idle')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'aml_db_pool_waiting_requests')).toBe(0);
  });

  it('asks for SERVICE_METRICS_TOKEN as a bearer token when it is set', async () => {
    process.env.SERVICE_METRICS_TOKEN = 'scrape-me-please';
    reloadSettings();
    try {
      for (const authorization of [undefined, 'Bearer wrong', 'Bearer scrape-me-pleas', 'scrape-me-please', `Bearer ${org.key}`]) {
        const r = await call(metricsRoute.GET, { path: '/metrics', headers: authorization ? { authorization } : {} });
        expect(r.status, String(authorization)).toBe(401);
        expect(r.json).toEqual({ error: 'missing or invalid metrics token' });
      }
      const ok = await call(metricsRoute.GET, { path: '/metrics', headers: { authorization: 'Bearer scrape-me-please' } });
      expect(ok.status).toBe(200);
      expect(ok.text).toContain('aml_http_requests_total');
    } finally {
      delete process.env.SERVICE_METRICS_TOKEN;
      reloadSettings();
    }
  });
});
