import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as audit from '@/app/v1/audit/route';
import * as rules from '@/app/v1/rules/route';
import * as activate from '@/app/v1/rules/[id]/activate/route';
import * as backtest from '@/app/v1/rules/[id]/backtest/route';
import { getDb } from '@/db/client';
import { ruleBacktests } from '@/db/schema';
import { systemActor } from '@/lib/auth/actor';
import { createKey } from '@/lib/keys/create-key';
import { call, newOrg, type TestOrg } from '../support/api';
import { insertEventRows, insertEventSeries } from '../support/event-rows';

const DAY = 86_400_000;
const base = Date.parse('2026-02-01T00:00:00.000Z');
const at = (ms: number) => new Date(base + ms).toISOString();

async function draftRule(org: TestOrg, body: Record<string, unknown>): Promise<string> {
  const r = await call(rules.POST, {
    method: 'POST',
    key: org.key,
    body: { key: 'probe', weight: 40, detail: 'backtest probe', ...body },
  });
  expect(r.status, r.text).toBe(201);
  return r.json.id as string;
}

async function activateRule(org: TestOrg, id: string): Promise<void> {
  const { secret } = await createKey(getDb(), systemActor(org.orgId), { name: 'approver' });
  const r = await call(activate.POST, { method: 'POST', key: secret, params: { id } });
  expect(r.status, r.text).toBe(200);
}

const run = (org: TestOrg, id: string, body?: unknown) =>
  call(backtest.POST, { method: 'POST', path: `/v1/rules/${id}/backtest`, key: org.key, params: { id }, body });

/** Window covering the fixture events. */
const window = { since: at(-DAY), until: at(10 * DAY) };

describe('POST /v1/rules/{id}/backtest validation', () => {
  it('answers the interface messages for the window and max_events', async () => {
    const org = await newOrg();
    const id = await draftRule(org, { expr: 'amount > 0.0' });
    const cases: [unknown, string][] = [
      [{ since: at(DAY), until: at(0) }, 'since must be before until'],
      [{ since: at(0), until: at(0) }, 'since must be before until'],
      [{ since: new Date(Date.now() + DAY).toISOString() }, 'since must be before until'],
      [{ since: at(0), until: at(31 * DAY + 1) }, 'window is capped at 31 days'],
      [{ since: new Date(Date.now() - 40 * DAY).toISOString() }, 'window is capped at 31 days'],
      [{ max_events: 0 }, 'max_events must be between 1 and 100000'],
      [{ max_events: 100001 }, 'max_events must be between 1 and 100000'],
      [{ max_events: 2.5 }, 'max_events must be between 1 and 100000'],
      [{ max_events: '100' }, 'max_events must be between 1 and 100000'],
      [{ max_events: -1 }, 'max_events must be between 1 and 100000'],
      [{ since: 'last week' }, 'since must be an RFC 3339 date-time'],
      [{ until: 12 }, 'until must be an RFC 3339 date-time'],
    ];
    for (const [body, message] of cases) {
      const r = await run(org, id, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json).toEqual({ error: message });
    }
    // The limits themselves are accepted.
    expect((await run(org, id, { since: at(0), until: at(31 * DAY) })).status).toBe(200);
    expect((await run(org, id, { max_events: 1 })).status).toBe(200);
    expect((await run(org, id, { max_events: 100000 })).status).toBe(200);
  });

  it('answers 404 for an unknown rule and for another organisation, 400 in plain text for a non-UUID', async () => {
    const org = await newOrg();
    const other = await newOrg();
    const theirs = await draftRule(other, { expr: 'amount > 0.0' });
    for (const id of ['00000000-0000-4000-8000-000000000000', theirs]) {
      const r = await run(org, id);
      expect(r.status).toBe(404);
      expect(r.json).toEqual({ error: 'rule not found' });
    }
    const bad = await run(org, 'nope');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('text/plain');
  });
});

describe('POST /v1/rules/{id}/backtest', () => {
  it('with no body replays the last 7 days up to now', async () => {
    const org = await newOrg();
    const now = Date.now();
    const [inside, , ,] = await insertEventRows(org.orgId, [
      { occurredAt: new Date(now - DAY), amount: 10 },
      { occurredAt: new Date(now - 8 * DAY), amount: 10 },
      { occurredAt: new Date(now + 3_600_000), amount: 10 },
      { occurredAt: new Date(now - 6 * DAY), amount: null, type: 'login' },
    ]);
    const id = await draftRule(org, { expr: 'amount > 0.0' });
    const r = await run(org, id);
    expect(r.status).toBe(200);
    expect(Object.keys(r.json)).toEqual([
      'rule_id',
      'key',
      'version',
      'since',
      'until',
      'events_evaluated',
      'truncated',
      'would_flag',
      'eval_errors',
      'sample_event_ids',
    ]);
    expect(r.json).toMatchObject({ rule_id: id, key: 'probe', version: 1, events_evaluated: 2, truncated: false, would_flag: 1, eval_errors: 0 });
    expect(r.json.sample_event_ids).toEqual([inside]);
    const until = Date.parse(r.json.until);
    expect(Math.abs(until - Date.now())).toBeLessThan(10_000);
    expect(until - Date.parse(r.json.since)).toBe(7 * DAY);

    // An empty object is the same as no body; `since` alone runs up to now.
    expect((await run(org, id, {})).json.events_evaluated).toBe(2);
    const sinceOnly = await run(org, id, { since: new Date(now - 10 * DAY).toISOString() });
    expect(sinceOnly.json.events_evaluated).toBe(3);
    expect(Math.abs(Date.parse(sinceOnly.json.until) - Date.now())).toBeLessThan(10_000);
    // `until` alone starts 7 days before it, and times come back as the same instant.
    const untilOnly = await run(org, id, { until: new Date(now - 2 * DAY).toISOString() });
    expect(untilOnly.json).toMatchObject({ events_evaluated: 2, would_flag: 1, until: new Date(now - 2 * DAY).toISOString(), since: new Date(now - 9 * DAY).toISOString() });
  });

  it('compares a draft with the active version of its key: newly and no longer flagged, samples of the newly flagged', async () => {
    const org = await newOrg();
    const ids = await insertEventRows(org.orgId, [
      { occurredAt: at(0), amount: 2000, features: { txn_count_24h: 1 } }, // v1 only: no longer flagged
      { occurredAt: at(1000), amount: 600, features: { txn_count_24h: 3 } }, // v2 only: newly flagged
      { occurredAt: at(2000), amount: 1500, features: { txn_count_24h: 5 } }, // both
      { occurredAt: at(3000), amount: 100, features: { txn_count_24h: 5 } }, // neither
      { occurredAt: at(4000), amount: 700, features: { txn_count_24h: 2 } }, // v2 only: newly flagged
      { occurredAt: at(5000), type: 'login', features: { txn_count_24h: 9 } }, // neither
    ]);
    const v1 = await draftRule(org, { expr: 'amount >= 1000.0' });
    await activateRule(org, v1);
    const v2 = await draftRule(org, { expr: 'amount >= 500.0 && features.txn_count_24h >= 2' });

    const r = await run(org, v2, window);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      rule_id: v2,
      key: 'probe',
      version: 2,
      since: window.since,
      until: window.until,
      events_evaluated: 6,
      truncated: false,
      would_flag: 3,
      eval_errors: 0,
      baseline_version: 1,
      baseline_would_flag: 2,
      newly_flagged: 2,
      no_longer_flagged: 1,
      sample_event_ids: [ids[1], ids[4]],
    });

    // The active version itself has nothing to compare with: its samples are what it flags.
    const active = await run(org, v1, window);
    expect(active.json).not.toHaveProperty('baseline_version');
    expect(active.json).not.toHaveProperty('newly_flagged');
    expect(active.json).toMatchObject({ version: 1, would_flag: 2, sample_event_ids: [ids[0], ids[2]] });

    // Once v2 is active, the retired v1 is compared with it.
    await activateRule(org, v2);
    const retired = await run(org, v1, window);
    expect(retired.json).toMatchObject({ version: 1, baseline_version: 2, baseline_would_flag: 3, newly_flagged: 1, no_longer_flagged: 2 });
    expect(retired.json.sample_event_ids).toEqual([ids[0]]);
  });

  it('has no comparison for a key with no active version, and samples at most 20 flagged events, oldest first', async () => {
    const org = await newOrg();
    const ids = await insertEventRows(
      org.orgId,
      Array.from({ length: 30 }, (_, i) => ({ occurredAt: at(i * 1000), amount: i })),
    );
    const id = await draftRule(org, { expr: 'amount >= 5.0' });
    const r = await run(org, id, window);
    expect(r.json).toMatchObject({ events_evaluated: 30, would_flag: 25 });
    expect(r.json).not.toHaveProperty('baseline_version');
    expect(r.json.sample_event_ids).toEqual(ids.slice(5, 25));
  });

  it('stops at max_events, oldest first, and says the window was truncated', async () => {
    const org = await newOrg();
    const ids = await insertEventRows(
      org.orgId,
      [4, 0, 3, 1, 2].map((i) => ({ occurredAt: at(i * 1000), amount: i + 1 })),
    );
    const byAge = [ids[1], ids[3], ids[4], ids[2], ids[0]];
    const id = await draftRule(org, { expr: 'amount > 0.0' });
    const three = await run(org, id, { ...window, max_events: 3 });
    expect(three.json).toMatchObject({ events_evaluated: 3, truncated: true, would_flag: 3, sample_event_ids: byAge.slice(0, 3) });
    const five = await run(org, id, { ...window, max_events: 5 });
    expect(five.json).toMatchObject({ events_evaluated: 5, truncated: false, sample_event_ids: byAge });
    expect((await run(org, id, { ...window, max_events: 6 })).json).toMatchObject({ events_evaluated: 5, truncated: false });
  });

  it('reads more events than one batch in order, with ties on occurred_at, and truncates inside a batch', async () => {
    const org = await newOrg();
    // 12,003 events, three to an instant, amount i and txn_count_24h i.
    await insertEventSeries(org.orgId, 12_003, { start: new Date(base), stepMs: 10, perInstant: 3 });
    const id = await draftRule(org, { expr: 'amount >= 6000.0 && features.txn_count_24h % 2 == 0' });
    const all = await run(org, id, window);
    // Even amounts from 6000 to 12002.
    expect(all.json).toMatchObject({ events_evaluated: 12_003, truncated: false, would_flag: 3_002 });
    const cut = await run(org, id, { ...window, max_events: 10_001 });
    // The first 10,001 by (occurred_at, id): the cut falls inside an instant, so the id decides which of its events count.
    const expected = await getDb().execute<{ n: number }>(sql`
      WITH firsts AS (
        SELECT id, amount FROM events WHERE org_id = ${org.orgId} ORDER BY occurred_at, id LIMIT 10001)
      SELECT count(*) FILTER (WHERE amount >= 6000 AND amount % 2 = 0)::int AS n FROM firsts`);
    expect(cut.json).toMatchObject({ events_evaluated: 10_001, truncated: true, would_flag: expected.rows[0]?.n });
    expect([2_000, 2_001]).toContain(cut.json.would_flag);
    expect((await run(org, id, { ...window, max_events: 12_003 })).json.truncated).toBe(false);
  });

  it('counts run-time failures in eval_errors and goes on with the other events', async () => {
    const org = await newOrg();
    await insertEventRows(org.orgId, [
      { occurredAt: at(0), amount: 10, features: { txn_count_24h: 0 } },
      { occurredAt: at(1000), amount: 10, features: { txn_count_24h: 2 } },
      { occurredAt: at(2000), amount: 10, features: { txn_count_24h: 0 } },
      { occurredAt: at(3000), amount: 10, features: { txn_count_24h: 20 } },
    ]);
    const id = await draftRule(org, { expr: '10 / features.txn_count_24h > 1' });
    const r = await run(org, id, window);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ events_evaluated: 4, eval_errors: 2, would_flag: 1 });
  });

  it('evaluates each event with its stored fields and the counters it saw, for either side', async () => {
    const org = await newOrg();
    const ids = await insertEventRows(org.orgId, [
      { occurredAt: at(0), type: 'cash_out', amount: 12000, currency: 'USD', rail: 'cash', sourceId: 'alice', destinationId: 'agent-7' },
      { occurredAt: at(1000), type: 'cash_out', amount: 12000, currency: 'EUR', rail: 'cash', sourceId: 'alice', destinationId: 'agent-7' },
      { occurredAt: at(2000), type: 'transfer', amount: 50, sourceId: 'p1', destinationId: 'mule', destFeatures: { in_senders_1h: 12 } },
      { occurredAt: at(3000), type: 'transfer', amount: 50, sourceId: 'p2', destinationId: 'mule', destFeatures: { in_senders_1h: 2 } },
      // No stored counters (should not happen): every counter reads 0.
      { occurredAt: at(4000), type: 'transfer', amount: 50, sourceId: 'ghost', features: null, destFeatures: null },
    ]);
    const cash = await draftRule(org, {
      key: 'cash_usd',
      expr: 'type == "cash_out" && rail == "cash" && currency == "USD" && amount >= 10000.0 && source_id == "alice" && destination_id == "agent-7"',
    });
    expect((await run(org, cash, window)).json).toMatchObject({ would_flag: 1, sample_event_ids: [ids[0]] });

    const fanIn = await draftRule(org, { key: 'fan_in', subject: 'destination', expr: 'dest_features.in_senders_1h >= 10' });
    expect((await run(org, fanIn, window)).json).toMatchObject({ would_flag: 1, sample_event_ids: [ids[2]] });

    // Whole-map reads (a computed key, a macro over the map) see the same stored counters.
    const computed = await draftRule(org, { key: 'computed_key', expr: 'dest_features["in_senders" + "_1h"] >= 10' });
    expect((await run(org, computed, window)).json).toMatchObject({ would_flag: 1, eval_errors: 0, sample_event_ids: [ids[2]] });
    const macro = await draftRule(org, { key: 'macro', expr: 'size(dest_features) == 11 && dest_features.exists(k, dest_features[k] >= 12)' });
    expect((await run(org, macro, window)).json).toMatchObject({ would_flag: 1, eval_errors: 0, sample_event_ids: [ids[2]] });

    const zero = await draftRule(org, { key: 'no_counters', expr: 'source_id == "ghost" && features.seen_before == 0 && dest_features.in_count_24h == 0' });
    expect((await run(org, zero, window)).json).toMatchObject({ would_flag: 1, eval_errors: 0, sample_event_ids: [ids[4]] });
  });

  it('replays only the caller organisation, keeps each run, audits it, and changes no decision or alert', async () => {
    const org = await newOrg();
    const other = await newOrg();
    await insertEventRows(org.orgId, [{ occurredAt: at(0), amount: 10 }]);
    await insertEventRows(other.orgId, [
      { occurredAt: at(0), amount: 10 },
      { occurredAt: at(1), amount: 10 },
    ]);
    const id = await draftRule(org, { expr: 'amount > 0.0' });
    const r = await run(org, id, window);
    expect(r.json).toMatchObject({ events_evaluated: 1, would_flag: 1 });

    const stored = await getDb()
      .select()
      .from(ruleBacktests)
      .where(and(eq(ruleBacktests.orgId, org.orgId), eq(ruleBacktests.ruleId, id)));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ ranBy: org.keyId, result: r.json });

    const entries = (await call(audit.GET, { path: `/v1/audit?target_id=${id}&action=rule.backtested`, key: org.key })).json.entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: org.keyId,
      changes: { backtest_id: stored[0]?.id, events_evaluated: 1, would_flag: 1, since: window.since, until: window.until },
    });

    const counts = await getDb().execute<{ decisions: number; alerts: number }>(sql`
      SELECT (SELECT count(*)::int FROM decisions WHERE org_id = ${org.orgId}) AS decisions,
             (SELECT count(*)::int FROM alerts WHERE org_id = ${org.orgId}) AS alerts`);
    expect(counts.rows[0]).toEqual({ decisions: 0, alerts: 0 });
    // The rule itself is unchanged.
    const listed = await call(rules.GET, { key: org.key });
    expect(listed.json.rules[0]).toMatchObject({ id, status: 'draft' });
  });
});
