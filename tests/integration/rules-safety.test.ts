import { describe, expect, it } from 'vitest';
import * as events from '@/app/v1/events/route';
import * as healthz from '@/app/healthz/route';
import * as metricsRoute from '@/app/metrics/route';
import * as rules from '@/app/v1/rules/route';
import * as activate from '@/app/v1/rules/[id]/activate/route';
import * as backtest from '@/app/v1/rules/[id]/backtest/route';
import { getDb } from '@/db/client';
import { systemActor } from '@/lib/auth/actor';
import { createKey } from '@/lib/keys/create-key';
import { resetRateLimits } from '@/lib/http/rate-limit';
import { call, newOrg, type TestOrg } from '../support/api';
import { insertEventRows } from '../support/event-rows';

// 32 characters of `a` and a `b`: a backtracking RegExp needs about 2^32 steps to give up on `^(a+)+$`
// (many seconds on the event loop); RE2 answers in linear time.
const EVIL_ID = `${'a'.repeat(32)}b`;
const EVIL_EXPR = "source_id.matches('^(a+)+$')";

const draft = (org: TestOrg, body: Record<string, unknown>) =>
  call(rules.POST, { method: 'POST', key: org.key, body: { key: 'probe', weight: 40, detail: 'probe', ...body } });

async function activateAsColleague(org: TestOrg, id: string): Promise<void> {
  const { secret } = await createKey(getDb(), systemActor(org.orgId), { name: 'colleague' });
  const r = await call(activate.POST, { method: 'POST', key: secret, params: { id } });
  expect(r.status, r.text).toBe(200);
}

/** Milliseconds a health check takes when issued while `work` runs on the same process. */
async function healthWhile(work: Promise<unknown>): Promise<{ healthMs: number; workMs: number }> {
  const started = performance.now();
  const health = (async () => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    const t0 = performance.now();
    const r = healthz.GET();
    expect(r.status).toBe(200);
    return performance.now() - t0 + (t0 - started);
  })();
  const [healthMs] = await Promise.all([health, work]);
  return { healthMs, workMs: performance.now() - started };
}

describe('matches() in rule expressions', () => {
  it('backtests an exponential pattern over a long id without stalling the process', async () => {
    const org = await newOrg('re2-backtest');
    await insertEventRows(org.orgId, [{ occurredAt: new Date(Date.now() - 3_600_000), sourceId: EVIL_ID, amount: 10 }]);
    const created = await draft(org, { expr: EVIL_EXPR });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as string;

    const run = call(backtest.POST, { method: 'POST', key: org.key, params: { id }, body: {} });
    const { healthMs, workMs } = await healthWhile(run);
    const r = await run;
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ events_evaluated: 1, would_flag: 0, eval_errors: 0 });
    // Generous bounds: the backtracking engine takes many seconds here; RE2 a few milliseconds.
    expect(workMs).toBeLessThan(1_000);
    expect(healthMs).toBeLessThan(1_000);
  });

  it('scores a live event against an active rule with such a pattern, and the pattern still matches what it should', async () => {
    const org = await newOrg('re2-live');
    const created = await draft(org, { expr: EVIL_EXPR });
    await activateAsColleague(org, created.json.id as string);

    const post = (idempotencyKey: string, sourceId: string) =>
      call(events.POST, {
        method: 'POST',
        path: '/v1/events?mode=sync',
        key: org.key,
        body: { type: 'transfer', idempotency_key: idempotencyKey, occurred_at: new Date().toISOString(), source: { entity_id: sourceId } },
      });
    const started = performance.now();
    const evil = await post('evil-1', EVIL_ID);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(evil.status, evil.text).toBe(200);
    expect(evil.json.decision).toBe('allow');

    const hit = await post('hit-1', 'aaaa');
    expect(hit.json).toMatchObject({ decision: 'review', reasons: [{ rule: 'probe', version: 1 }] });
  });

  it('refuses at drafting a pattern RE2 does not accept, in the compiler’s words', async () => {
    const org = await newOrg('re2-refuse');
    for (const pattern of ['(a)\\\\1', '(?=a)b', '(unclosed']) {
      const r = await draft(org, { expr: `source_id.matches('${pattern}')` });
      expect(r.status, pattern).toBe(400);
      expect(r.json.error).toMatch(/^rule probe: invalid regular expression .* at column 19$/);
    }
    const ok = await draft(org, { expr: "source_id.matches('^cust-[0-9]+$') && type == 'transfer'" });
    expect(ok.status, ok.text).toBe(201);
  });
});

describe('a rule that fails while running', () => {
  it('counts as not fired, the others still fire, and it is counted in /metrics', async () => {
    const org = await newOrg('rule-throws');
    // A pattern computed at run time that RE2 refuses (the rail is `(`) makes the first rule throw.
    const broken = await draft(org, { key: 'broken', expr: 'source_id.matches(rail)', weight: 90 });
    expect(broken.status, broken.text).toBe(201);
    const sound = await draft(org, { key: 'sound', expr: "type == 'transfer'", weight: 40 });
    await activateAsColleague(org, broken.json.id as string);
    await activateAsColleague(org, sound.json.id as string);

    const r = await call(events.POST, {
      method: 'POST',
      path: '/v1/events?mode=sync',
      key: org.key,
      body: { type: 'transfer', idempotency_key: 'throws-1', occurred_at: new Date().toISOString(), rail: '(', source: { entity_id: 'c-1' } },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ decision: 'review', risk_score: 40 });
    expect(r.json.reasons.map((x: { rule: string }) => x.rule)).toEqual(['sound']);

    resetRateLimits();
    const m = await call(metricsRoute.GET, { path: '/metrics' });
    expect(m.text).toMatch(/aml_rule_evaluation_errors_total\{rule="broken"\} [1-9]/);
  });
});

describe('rule text limits', () => {
  it('refuses an expression over 4000 characters and a detail over 500, and takes them at the limit', async () => {
    const org = await newOrg('rule-limits');
    const longExpr = `type == '${'x'.repeat(3991)}'`; // 4001 characters
    expect(longExpr.length).toBe(4001);
    const r1 = await draft(org, { expr: longExpr });
    expect(r1.status).toBe(400);
    expect(r1.json).toEqual({ error: 'expression must be at most 4000 characters' });

    const r2 = await draft(org, { expr: "type == 'x'", detail: 'd'.repeat(501) });
    expect(r2.status).toBe(400);
    expect(r2.json).toEqual({ error: 'detail must be at most 500 characters' });

    const r3 = await draft(org, { expr: `type == '${'x'.repeat(3990)}'`, detail: 'd'.repeat(500) });
    expect(r3.status, r3.text).toBe(201);

    const huge = await draft(org, { expr: "type == 'x'", detail: 'd'.repeat(1_000_000) });
    expect(huge.status).toBe(400);
  });
});
