import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import * as alertById from '@/app/v1/alerts/[id]/route';
import * as closure from '@/app/v1/alerts/[id]/closure/route';
import * as approve from '@/app/v1/alerts/[id]/closure/approve/route';
import * as alertsRoute from '@/app/v1/alerts/route';
import * as events from '@/app/v1/events/route';
import { getDb } from '@/db/client';
import { alerts, auditLog } from '@/db/schema';
import { systemActor } from '@/lib/auth/actor';
import { reloadSettings } from '@/lib/config';
import { createKey } from '@/lib/keys/create-key';
import { call, newOrg, type TestOrg } from '../support/api';
import { activateTestRules } from '../support/rules';

const HOUR = 3_600_000;
const base = Date.parse('2026-03-01T12:00:00.000Z');
const at = (offsetMs: number) => new Date(base + offsetMs).toISOString();

let seq = 0;
function payment(from: string | null, to: string | null, value: number, occurredAt: string) {
  seq += 1;
  return {
    type: 'transfer',
    idempotency_key: `raise-${seq}-${Math.random().toString(36).slice(2)}`,
    occurred_at: occurredAt,
    amount: { value, currency: 'EUR' },
    ...(from ? { source: { entity_id: from } } : {}),
    ...(to ? { destination: { entity_id: to } } : {}),
  };
}

const post = (org: TestOrg, body: unknown) => call(events.POST, { method: 'POST', path: '/v1/events?mode=sync', key: org.key, body });

/** Amount >= 100 scores 40 (review); >= 1000 scores 80 (block). */
async function orgWithRules(label: string): Promise<TestOrg> {
  const org = await newOrg(label);
  await activateTestRules(org.orgId, [
    { key: 'big', expr: 'amount >= 100.0', weight: 40 },
    { key: 'huge', expr: 'amount >= 1000.0', weight: 40 },
  ]);
  return org;
}

async function secondKey(org: TestOrg): Promise<TestOrg> {
  const { key, secret } = await createKey(getDb(), systemActor(org.orgId), { name: 'second' });
  return { ...org, key: secret, keyId: key.id };
}

async function alertRow(org: TestOrg, id: string) {
  const [row] = await getDb()
    .select()
    .from(alerts)
    .where(and(eq(alerts.orgId, org.orgId), eq(alerts.id, id)));
  if (!row) throw new Error(`no alert ${id}`);
  return row;
}

async function alertsOf(org: TestOrg) {
  return getDb().select().from(alerts).where(eq(alerts.orgId, org.orgId)).orderBy(alerts.number);
}

const get = (org: TestOrg, id: string) => call(alertById.GET, { key: org.key, params: { id } });

describe('raising and grouping', () => {
  it('starts a medium alert for a review and a high one for a block, with due_at from the SLA defaults', async () => {
    const org = await orgWithRules('raise');
    const review = await post(org, payment('alice', 'bob', 150, at(0)));
    expect(review.json.decision).toBe('review');
    const medium = await alertRow(org, review.json.alert_id);
    expect(medium).toMatchObject({ status: 'open', priority: 'medium', occurrences: 1, number: 1, entityId: 'alice' });
    expect(medium.decisionId).toBe(review.json.id);
    expect(medium.eventId).toBe(review.json.event_id);
    expect(medium.dueAt.getTime() - medium.createdAt.getTime()).toBe(72 * HOUR);
    expect(medium.lastEventAt.toISOString()).toBe(at(0));

    const block = await post(org, payment('carol', 'bob', 5000, at(0)));
    expect(block.json.decision).toBe('block');
    const high = await alertRow(org, block.json.alert_id);
    expect(high).toMatchObject({ status: 'open', priority: 'high', occurrences: 1, number: 2, entityId: 'carol' });
    expect(high.dueAt.getTime() - high.createdAt.getTime()).toBe(24 * HOUR);
  });

  it('joins the open alert: occurrences rise, a block lifts medium to high, the best decision leads, last_event_at is the latest', async () => {
    const org = await orgWithRules('join');
    const first = await post(org, payment('dave', 'x', 150, at(0)));
    const alertId = first.json.alert_id as string;

    const second = await post(org, payment('dave', 'x', 200, at(2 * HOUR)));
    expect(second.json.alert_id).toBe(alertId);
    let row = await alertRow(org, alertId);
    expect(row).toMatchObject({ occurrences: 2, priority: 'medium', decisionId: first.json.id, eventId: first.json.event_id });
    expect(row.lastEventAt.toISOString()).toBe(at(2 * HOUR));

    const block = await post(org, payment('dave', 'x', 2000, at(HOUR)));
    expect(block.json.alert_id).toBe(alertId);
    row = await alertRow(org, alertId);
    expect(row).toMatchObject({ occurrences: 3, priority: 'high', riskScore: 80, decisionId: block.json.id, eventId: block.json.event_id });
    expect(row.dueAt.getTime() - row.createdAt.getTime()).toBe(24 * HOUR);
    // An earlier event does not move last_event_at back.
    expect(row.lastEventAt.toISOString()).toBe(at(2 * HOUR));

    // A lower-scoring decision afterwards joins without taking the lead.
    const later = await post(org, payment('dave', 'x', 150, at(3 * HOUR)));
    expect(later.json.alert_id).toBe(alertId);
    row = await alertRow(org, alertId);
    expect(row).toMatchObject({ occurrences: 4, priority: 'high', decisionId: block.json.id });
    expect(row.lastEventAt.toISOString()).toBe(at(3 * HOUR));

    const shown = await get(org, alertId);
    expect(shown.json).toMatchObject({ decision: 'block', risk_score: 80, decision_id: block.json.id, event_id: block.json.event_id, occurrences: 4 });
    expect(shown.json.event).toMatchObject({ occurred_at: at(HOUR), amount: { value: 2000, currency: 'EUR' } });

    const entries = await getDb()
      .select({ action: auditLog.action, actor: auditLog.actor, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.orgId, org.orgId), eq(auditLog.targetId, alertId)))
      .orderBy(auditLog.at);
    expect(entries.map((e) => e.action)).toEqual(['alert.raised', 'alert.decision_added', 'alert.decision_added', 'alert.decision_added']);
    expect(entries.every((e) => e.actor === org.keyId)).toBe(true);
    expect(entries[2]?.changes).toMatchObject({ priority: { from: 'medium', to: 'high' } });
    // What each entry records, the number and occurrences as the statement took them.
    expect(entries[0]?.changes).toEqual({
      number: shown.json.number,
      priority: 'medium',
      decision_id: first.json.id,
      decision: 'review',
      entity_id: 'dave',
    });
    expect(entries[1]?.changes).toEqual({ decision_id: second.json.id, decision: 'review', occurrences: 2 });
    expect(entries[2]?.changes).toEqual({
      decision_id: block.json.id,
      decision: 'block',
      occurrences: 3,
      priority: { from: 'medium', to: 'high' },
    });
    expect(entries[3]?.changes).toEqual({ decision_id: later.json.id, decision: 'review', occurrences: 4 });
  });

  it('joins an in_review alert and keeps its status', async () => {
    const org = await orgWithRules('inreview');
    const first = await post(org, payment('erin', 'x', 150, at(0)));
    await call(alertById.PATCH, { method: 'PATCH', key: org.key, params: { id: first.json.alert_id }, body: { status: 'in_review' } });
    const next = await post(org, payment('erin', 'x', 150, at(HOUR)));
    expect(next.json.alert_id).toBe(first.json.alert_id);
    expect(await alertRow(org, first.json.alert_id)).toMatchObject({ status: 'in_review', occurrences: 2 });
  });

  it('starts a new alert once the previous one is pending closure, and again once it is closed', async () => {
    const org = await orgWithRules('after');
    const other = await secondKey(org);
    const first = await post(org, payment('frank', 'x', 150, at(0)));
    const a1 = first.json.alert_id as string;
    expect((await call(closure.POST, { method: 'POST', key: org.key, params: { id: a1 }, body: { disposition: 'false_positive' } })).status).toBe(200);

    const second = await post(org, payment('frank', 'x', 150, at(HOUR)));
    const a2 = second.json.alert_id as string;
    expect(a2).not.toBe(a1);
    expect(await alertRow(org, a1)).toMatchObject({ status: 'pending_closure', occurrences: 1 });
    expect(await alertRow(org, a2)).toMatchObject({ status: 'open', occurrences: 1, number: 2 });

    await call(closure.POST, { method: 'POST', key: org.key, params: { id: a2 }, body: { disposition: 'escalated' } });
    expect((await call(approve.POST, { method: 'POST', key: other.key, params: { id: a2 } })).status).toBe(200);
    // a1 is still pending closure and a2 is closed: the next decision starts a third alert.
    const third = await post(org, payment('frank', 'x', 150, at(2 * HOUR)));
    expect([a1, a2]).not.toContain(third.json.alert_id);
    expect(await alertRow(org, third.json.alert_id)).toMatchObject({ status: 'open', occurrences: 1, number: 3 });
    const fourth = await post(org, payment('frank', 'x', 150, at(3 * HOUR)));
    expect(fourth.json.alert_id).toBe(third.json.alert_id);
  });

  it('never groups an event that named no source entity', async () => {
    const org = await orgWithRules('nosource');
    const one = await post(org, payment(null, null, 150, at(0)));
    const two = await post(org, payment(null, null, 150, at(0)));
    expect(one.json.alert_id).not.toBe(two.json.alert_id);
    const rows = await alertsOf(org);
    expect(rows.map((r) => [r.entityId, r.occurrences])).toEqual([
      [null, 1],
      [null, 1],
    ]);
    const shown = await get(org, one.json.alert_id);
    expect(shown.json).not.toHaveProperty('source');
    expect(shown.json.event).toEqual({ type: 'transfer', occurred_at: at(0), amount: { value: 150, currency: 'EUR' } });
  });

  it('raises a destination rule on the destination', async () => {
    const org = await newOrg('dest');
    await activateTestRules(org.orgId, [{ key: 'fan_in', expr: 'amount >= 100.0', weight: 50, subject: 'destination' }]);
    const one = await post(org, payment('s1', 'mule', 150, at(0)));
    const two = await post(org, payment('s2', 'mule', 150, at(HOUR)));
    expect(two.json.alert_id).toBe(one.json.alert_id);
    const row = await alertRow(org, one.json.alert_id);
    expect(row).toMatchObject({ entityId: 'mule', occurrences: 2 });
    const shown = await get(org, one.json.alert_id);
    expect(shown.json.source).toEqual({ id: 'mule' });
    expect(shown.json.event.source_id).toBe('s1');
    // The senders have no alert of their own.
    expect((await alertsOf(org)).length).toBe(1);
  });
});

describe('SLA settings', () => {
  const saved = { high: process.env.SERVICE_SLA_HIGH, medium: process.env.SERVICE_SLA_MEDIUM };
  afterEach(() => {
    for (const [name, value] of [
      ['SERVICE_SLA_HIGH', saved.high],
      ['SERVICE_SLA_MEDIUM', saved.medium],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    reloadSettings();
  });

  it('takes due_at from SERVICE_SLA_HIGH and SERVICE_SLA_MEDIUM, and a block brings due_at forward only when earlier', async () => {
    process.env.SERVICE_SLA_HIGH = '2h';
    process.env.SERVICE_SLA_MEDIUM = '90m';
    reloadSettings();
    const org = await orgWithRules('sla');

    const review = await post(org, payment('gina', 'x', 150, at(0)));
    const medium = await alertRow(org, review.json.alert_id);
    expect(medium.dueAt.getTime() - medium.createdAt.getTime()).toBe(90 * 60_000);
    // High SLA (2h) is later than the current due_at (90m): it stays.
    await post(org, payment('gina', 'x', 5000, at(HOUR)));
    const lifted = await alertRow(org, review.json.alert_id);
    expect(lifted.priority).toBe('high');
    expect(lifted.dueAt.getTime()).toBe(medium.dueAt.getTime());

    const block = await post(org, payment('hank', 'x', 5000, at(0)));
    const high = await alertRow(org, block.json.alert_id);
    expect(high.dueAt.getTime() - high.createdAt.getTime()).toBe(2 * HOUR);

    // Changing the settings affects new alerts only.
    process.env.SERVICE_SLA_MEDIUM = '3d';
    reloadSettings();
    await post(org, payment('hank', 'x', 150, at(HOUR)));
    expect((await alertRow(org, block.json.alert_id)).dueAt.getTime()).toBe(high.dueAt.getTime());
    const fresh = await post(org, payment('ivy', 'x', 150, at(0)));
    const freshRow = await alertRow(org, fresh.json.alert_id);
    expect(freshRow.dueAt.getTime() - freshRow.createdAt.getTime()).toBe(72 * HOUR);
  });
});

describe('raising under concurrency', () => {
  it('puts ten simultaneous decisions for one source on one alert', async () => {
    const org = await orgWithRules('race');
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => post(org, payment('racer', `d${i}`, 150, at(i * 1000)))));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const alertIds = new Set(results.map((r) => r.json.alert_id));
    expect(alertIds.size).toBe(1);
    const rows = await alertsOf(org);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entityId: 'racer', occurrences: 10, number: 1 });
    expect(rows[0]?.lastEventAt.toISOString()).toBe(at(9000));
  });

  it('numbers alerts ALR-1..N without gaps when many sources raise at once', async () => {
    const org = await orgWithRules('numbers');
    const sources = Array.from({ length: 12 }, (_, i) => `n-${i}`);
    // Two events per source, all at once: 12 alerts, each with two occurrences.
    const results = await Promise.all(sources.flatMap((s) => [post(org, payment(s, 'x', 150, at(0))), post(org, payment(s, 'y', 150, at(0)))]));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const rows = await alertsOf(org);
    expect(rows.map((r) => r.number)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(rows.every((r) => r.occurrences === 2)).toBe(true);
    expect(new Set(rows.map((r) => r.entityId)).size).toBe(12);

    const counter = await getDb().execute<{ value: number }>(
      sql`SELECT value FROM org_counters WHERE org_id = ${org.orgId} AND name = 'alert'`,
    );
    expect(Number(counter.rows[0]?.value)).toBe(12);
    const listed = await call(alertsRoute.GET, { path: '/v1/alerts?number=ALR-12', key: org.key });
    expect(listed.json.alerts).toHaveLength(1);
  });
});
