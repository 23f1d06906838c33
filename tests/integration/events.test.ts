import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as decisionById from '@/app/v1/decisions/[id]/route';
import * as events from '@/app/v1/events/route';
import * as eventById from '@/app/v1/events/[id]/route';
import { getDb } from '@/db/client';
import { entities } from '@/db/schema';
import { call, newOrg } from '../support/api';
import { featuresOf, firedRules as fired, payment, postEvent as post } from '../support/events';
import { activateTestRules } from '../support/rules';

const HOUR = 3_600_000;
// Far enough back that the longest test (501 days on) still ends before today: occurred_at may be at most a day ahead.
const base = Date.parse('2025-03-01T12:00:00.000Z');
const at = (offsetMs: number) => new Date(base + offsetMs).toISOString();

let seq = 0;
const storedFeatures = featuresOf;

describe('POST /v1/events validation', () => {
  it('answers the interface messages', async () => {
    const org = await newOrg();
    const cases: [unknown, string][] = [
      [{ idempotency_key: 'a', occurred_at: at(0) }, 'type and idempotency_key are required'],
      [{ type: 'transfer', occurred_at: at(0) }, 'type and idempotency_key are required'],
      [{ type: '', idempotency_key: 'a', occurred_at: at(0) }, 'type and idempotency_key are required'],
      [{ type: 'transfer', idempotency_key: 5, occurred_at: at(0) }, 'type and idempotency_key are required'],
      [{}, 'type and idempotency_key are required'],
      [{ ...payment('a', 'b', -1, at(0)) }, 'amount needs a non-negative value and a 3-letter currency'],
      [{ ...payment('a', 'b', null, at(0)), amount: { value: 10 } }, 'amount needs a non-negative value and a 3-letter currency'],
      [{ ...payment('a', 'b', null, at(0)), amount: { value: 10, currency: 'EURO' } }, 'amount needs a non-negative value and a 3-letter currency'],
      [{ ...payment('a', 'b', null, at(0)), amount: { value: '10', currency: 'EUR' } }, 'amount needs a non-negative value and a 3-letter currency'],
      [{ ...payment('a', 'b', null, at(0)), amount: 10 }, 'amount needs a non-negative value and a 3-letter currency'],
    ];
    for (const [body, message] of cases) {
      const r = await post(org, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json).toEqual({ error: message });
    }
  });

  it('refuses other malformed fields with a message naming the field', async () => {
    const org = await newOrg();
    const badTime = await post(org, { ...payment('a', 'b', 1, at(0)), occurred_at: 'yesterday' });
    expect(badTime.status).toBe(400);
    expect(badTime.json.error).toContain('occurred_at');
    const noTime = await post(org, { type: 'login', idempotency_key: 'x' });
    expect(noTime.status).toBe(400);
    expect(noTime.json.error).toContain('occurred_at');
    const badSource = await post(org, { ...payment(null, 'b', 1, at(0)), source: 'alice' });
    expect(badSource.status).toBe(400);
    expect(badSource.json.error).toBe('source must be an object');
    const badMode = await call(events.POST, { method: 'POST', path: '/v1/events?mode=later', key: org.key, body: payment('a', 'b', 1, at(0)) });
    expect(badMode.status).toBe(400);
    expect(badMode.json.error).toBe('mode must be sync or async');
  });
});

describe('sync and async events', () => {
  it('stores the payload as the exact text sent and reads it back in the order sent', async () => {
    const org = await newOrg();
    // Key order, spacing, a number spelt 2.50, non-ASCII text and a repeated key: what jsonb would change.
    const text = `{"zeta": 1,  "type":"transfer", "idempotency_key":"exact-${Math.random().toString(36).slice(2)}",
      "occurred_at":"${at(0)}", "amount": {"value": 2.50, "currency":"eur"}, "note":"Zürich – 東京", "note":"second",
      "source":{"entity_id":"exact-a"}, "10": "numeric key"}`;
    const r = await call(events.POST, { method: 'POST', path: '/v1/events?mode=async', key: org.key, rawBody: text, headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(202);
    const stored = await getDb().execute<{ payload: string }>(
      sql`SELECT payload::text AS payload FROM events WHERE org_id = ${org.orgId} AND id = ${r.json.id}`,
    );
    expect(stored.rows[0]?.payload).toBe(text);
    const detail = await call(eventById.GET, { key: org.key, params: { id: r.json.id } });
    expect(detail.status).toBe(200);
    // JSON itself keeps one value per key and puts integer-like keys first; everything else as sent.
    expect(Object.keys(detail.json.payload)).toEqual(['10', 'zeta', 'type', 'idempotency_key', 'occurred_at', 'amount', 'note', 'source']);
    expect(detail.json.payload.amount).toEqual({ value: 2.5, currency: 'eur' });
    expect(detail.json.amount).toEqual({ value: 2.5, currency: 'EUR' });
  });

  it('scores in sync mode, stores in async mode, and reads back payload, reasons and decision', async () => {
    const org = await newOrg();
    await activateTestRules(org.orgId, [{ key: 'big', expr: 'amount >= 1000.0', weight: 50 }]);
    const body = payment('alice', 'bob', 2500, at(0), { rail: 'instant_payment', device: { id: 'phone-1' }, custom: { nested: [1, 2] } });
    const r = await post(org, body);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ decision: 'review', risk_score: 50, reasons: [{ rule: 'big', version: 1, weight: 50, detail: 'test rule big' }] });
    expect(r.json.alert_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof r.json.decided_in_ms).toBe('number');

    const detail = await call(eventById.GET, { key: org.key, params: { id: r.json.event_id } });
    expect(detail.status).toBe(200);
    expect(detail.json.payload).toEqual(body);
    expect(detail.json).toMatchObject({
      id: r.json.event_id,
      type: 'transfer',
      amount: { value: 2500, currency: 'EUR' },
      rail: 'instant_payment',
      source_id: 'alice',
      destination_id: 'bob',
      decision: { id: r.json.id, decision: 'review', risk_score: 50 },
      reasons: [{ rule: 'big', version: 1, weight: 50 }],
    });

    const decision = await call(decisionById.GET, { key: org.key, params: { id: r.json.id } });
    expect(decision.status).toBe(200);
    expect(decision.json).toEqual(r.json);

    const stored = await post(org, payment('alice', 'bob', 10, at(1000)), 'async');
    expect(stored.status).toBe(202);
    expect(Object.keys(stored.json).sort()).toEqual(['id', 'received_at']);
    const unscored = await call(eventById.GET, { key: org.key, params: { id: stored.json.id } });
    expect(unscored.json.reasons).toEqual([]);
    expect(unscored.json).not.toHaveProperty('decision');
  });

  it('creates placeholders for unknown source, destination and device', async () => {
    const org = await newOrg();
    await post(org, payment('p-src', 'p-dst', 5, at(0), { device: { id: 'p-dev' } }), 'async');
    const rows = await getDb().select().from(entities).where(eq(entities.orgId, org.orgId));
    expect(rows.map((e) => e.id).sort()).toEqual(['p-dev', 'p-dst', 'p-src']);
    for (const e of rows) {
      expect(e.registered).toBe(false);
      expect(e.kind).toBeNull();
    }
  });

  it('scores with the built-in pack out of the box: structuring and fan-in', async () => {
    const org = await newOrg();
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await post(org, payment('smurf', `shop-${i}`, 4800, at(i * 60_000))));
    expect(results[0]?.json.decision).toBe('allow');
    expect(results[2]?.json.decision).toBe('review');
    expect(fired(results[2] as never)).toContain('structuring');

    let last;
    for (let i = 0; i < 10; i++) last = await post(org, payment(`sender-${i}`, 'mule', 50, at(HOUR + i * 60_000)));
    expect(last?.json.decision).not.toBe('allow');
    expect(fired(last as never)).toContain('fan_in_1h');
  });

  it('records a rule that fails at run time and still decides with the others', async () => {
    const org = await newOrg();
    await activateTestRules(org.orgId, [
      { key: 'broken', expr: 'features.txn_count_24h / features.seen_before > 0' },
      { key: 'works', expr: 'amount > 1.0', weight: 45 },
    ]);
    const r = await post(org, payment('fresh', 'x', 10, at(0)));
    expect(r.status).toBe(200);
    expect(r.json.decision).toBe('review');
    expect(fired(r)).toEqual(['works']);
    const [row] = await getDb().execute<{ rule_errors: { rule: string; message: string }[] }>(
      sql`SELECT rule_errors FROM decisions WHERE org_id = ${org.orgId} AND id = ${r.json.id}`,
    ).then((x) => x.rows);
    expect(row?.rule_errors).toHaveLength(1);
    expect(row?.rule_errors[0]?.rule).toBe('broken');
    expect(row?.rule_errors[0]?.message).toMatch(/division/i);
  });
});

describe('idempotency', () => {
  it('replays the original answer with the original status, never a second event', async () => {
    const org = await newOrg();
    const body = payment('idem-a', 'idem-b', 10, at(0));
    const first = await post(org, body);
    const again = await post(org, { ...body, amount: { value: 99999, currency: 'USD' } }, 'async');
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);

    const asyncBody = payment('idem-a', 'idem-b', 10, at(1000));
    const a1 = await post(org, asyncBody, 'async');
    const a2 = await post(org, asyncBody, 'sync');
    expect(a2.status).toBe(202);
    expect(a2.json).toEqual(a1.json);

    const count = await getDb().execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM events WHERE org_id = ${org.orgId}`);
    expect(Number(count.rows[0]?.n)).toBe(2);
  });

  it('lets a unique constraint decide between concurrent identical requests', async () => {
    const org = await newOrg();
    await activateTestRules(org.orgId, [{ key: 'any', expr: 'amount > 0.0', weight: 45 }]);
    const body = payment('race-a', 'race-b', 10, at(0));
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(org, body)));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.json).toEqual(answers[0]?.json);
    }
    const counts = await getDb().execute<{ events: number; decisions: number; alerts: number }>(sql`
      SELECT (SELECT count(*)::int FROM events WHERE org_id = ${org.orgId}) AS events,
             (SELECT count(*)::int FROM decisions WHERE org_id = ${org.orgId}) AS decisions,
             (SELECT count(*)::int FROM alerts WHERE org_id = ${org.orgId}) AS alerts`);
    expect(counts.rows[0]).toEqual({ events: 1, decisions: 1, alerts: 1 });
  });

  it('keeps idempotency keys per organisation', async () => {
    const a = await newOrg('a');
    const b = await newOrg('b');
    const body = payment('x', 'y', 1, at(0));
    const ra = await post(a, body);
    const rb = await post(b, body);
    expect(rb.json.id).not.toBe(ra.json.id);
  });
});

describe('counters', () => {
  it('computes every counter for source and destination, stores them, and rules read them', async () => {
    const org = await newOrg();
    // A probe rule per counter: it fires when the counter reaches the value this scenario expects.
    await activateTestRules(org.orgId, [
      { key: 'txn', expr: 'features.txn_count_24h == 4' },
      { key: 'near', expr: 'features.near_threshold_count_24h == 1' },
      { key: 'out_count', expr: 'features.out_count_24h == 3' },
      { key: 'out_value', expr: 'features.out_value_24h == 9500' },
      { key: 'dormancy', expr: 'features.seen_before == 1 && features.dormant_days == 0 && dest_features.seen_before == 1' },
      { key: 'receivers', expr: 'features.out_receivers_24h == 2' },
      { key: 'dest_in_count', expr: 'dest_features.in_count_24h == 3' },
      { key: 'dest_in_value', expr: 'dest_features.in_value_24h == 4750' },
      { key: 'dest_senders', expr: 'dest_features.in_senders_24h == 2' },
      { key: 'dest_senders_1h', expr: 'dest_features.in_senders_1h == 1' },
      { key: 'dest_txn_zero', expr: 'dest_features.txn_count_24h == 0 && dest_features.near_threshold_count_24h == 0' },
      { key: 'src_in', expr: 'features.in_count_24h == 1 && features.in_value_24h == 20 && features.in_senders_24h == 1 && features.in_senders_1h == 1' },
    ]);
    await post(org, payment('amy', 'bo', 4500, at(-3 * HOUR)), 'async'); // near (low bound included)
    await post(org, payment('cy', 'bo', 250, at(-2 * HOUR)), 'async'); // another sender to bo, outside 1h
    await post(org, { type: 'login', idempotency_key: `login-${seq++}`, occurred_at: at(-90 * 60_000), source: { entity_id: 'amy' } }, 'async');
    await post(org, payment('zed', 'amy', 20.5, at(-10 * 60_000)), 'async'); // money in to amy
    await post(org, payment('amy', 'dee', 5000, at(-5 * 60_000)), 'async'); // high bound excluded from near
    // Out of amy: 4500 + 5000 + 0.5 (whole units: 9500); into bo: 4500 + 250 + 0.5 (4750).
    const r = await post(org, payment('amy', 'bo', 0.5, at(0)));
    const f = await storedFeatures(org, r.json.event_id);
    expect(f.features).toMatchObject({
      txn_count_24h: 4,
      near_threshold_count_24h: 1,
      out_count_24h: 3,
      out_value_24h: 9500,
      out_receivers_24h: 2,
      in_count_24h: 1,
      in_value_24h: 20,
      in_senders_24h: 1,
      in_senders_1h: 1,
      seen_before: 1,
      dormant_days: 0,
    });
    expect(f.dest).toMatchObject({
      txn_count_24h: 0,
      near_threshold_count_24h: 0,
      in_count_24h: 3,
      in_value_24h: 4750,
      in_senders_24h: 2,
      in_senders_1h: 1,
      out_count_24h: 0,
      seen_before: 1,
    });
    expect(fired(r)).toEqual(
      [
        'txn', 'near', 'out_count', 'out_value', 'receivers', 'dormancy', 'dest_in_count', 'dest_in_value',
        'dest_senders', 'dest_senders_1h', 'dest_txn_zero', 'src_in',
      ].sort(),
    );
  });

  it('counts exactly the window (t - 24h, t]: an event exactly 24 h earlier is out, one just inside is in', async () => {
    const org = await newOrg();
    await post(org, payment('w', 'v1', 100, at(-24 * HOUR)), 'async');
    await post(org, payment('w', 'v2', 100, at(-24 * HOUR + 1)), 'async');
    await post(org, payment('w', 'v3', 100, at(HOUR)), 'async'); // occurred after t: not in t's window
    const r = await post(org, payment('w', 'v4', 100, at(0)));
    const f = await storedFeatures(org, r.json.event_id);
    expect(f.features.txn_count_24h).toBe(2);
    expect(f.features.out_count_24h).toBe(2);
    expect(f.features.out_value_24h).toBe(200);
    expect(f.features.out_receivers_24h).toBe(2);
  });

  it('counts in_senders_1h over the last hour only and a repeated sender once', async () => {
    const org = await newOrg();
    await post(org, payment('s1', 'hub', 10, at(-HOUR)), 'async'); // exactly 1 h before: outside the hour
    await post(org, payment('s2', 'hub', 10, at(-HOUR + 1)), 'async');
    await post(org, payment('s2', 'hub', 10, at(-30 * 60_000)), 'async');
    const r = await post(org, payment('s3', 'hub', 10, at(0)));
    const f = await storedFeatures(org, r.json.event_id);
    expect(f.dest.in_senders_1h).toBe(2);
    expect(f.dest.in_senders_24h).toBe(3);
    expect(f.dest.in_count_24h).toBe(4);
  });

  it('computes dormant_days and seen_before over all earlier payments, in or out', async () => {
    const org = await newOrg();
    const first = await post(org, payment('sleeper', 'x', 10, at(0)));
    const f0 = await storedFeatures(org, first.json.event_id);
    expect(f0.features).toMatchObject({ seen_before: 0, dormant_days: 0 });
    await post(org, payment('y', 'sleeper', 10, at(24 * HOUR)), 'async'); // last payment, received
    const woke = await post(org, payment('sleeper', 'z', 10, at(24 * HOUR + 200 * 24 * HOUR + 5 * HOUR)));
    const f1 = await storedFeatures(org, woke.json.event_id);
    expect(f1.features).toMatchObject({ seen_before: 1, dormant_days: 200 });
    expect(f1.dest).toMatchObject({ seen_before: 0, dormant_days: 0 });
    // A login is not a payment: it does not end dormancy.
    await post(org, { type: 'login', idempotency_key: `l-${seq++}`, occurred_at: at(500 * 24 * HOUR), source: { entity_id: 'sleeper' } }, 'async');
    const later = await post(org, payment('sleeper', 'z', 10, at(501 * 24 * HOUR)));
    // previous payment: day 201 plus 5 hours, so 299 whole days before day 501
    expect((await storedFeatures(org, later.json.event_id)).features.dormant_days).toBe(299);
  });

  it('lets async events count toward later sync events', async () => {
    const org = await newOrg();
    await activateTestRules(org.orgId, [{ key: 'three', expr: 'features.txn_count_24h >= 3', weight: 45 }]);
    await post(org, payment('async-user', 'm', 1, at(0)), 'async');
    await post(org, payment('async-user', 'm', 1, at(1000)), 'async');
    const r = await post(org, payment('async-user', 'm', 1, at(2000)));
    expect(r.json.decision).toBe('review');
    expect(fired(r)).toEqual(['three']);
  });

  it('gives a late event only the events that arrived before it, and never changes what it saw', async () => {
    const org = await newOrg();
    await post(org, payment('late', 'a', 10, at(0)), 'async');
    await post(org, payment('late', 'b', 10, at(2 * HOUR)), 'async');
    // Occurred between the two, arrived after both: sees the first (earlier), not the second (occurred later).
    const lateOne = await post(org, payment('late', 'c', 10, at(HOUR)));
    const seen = await storedFeatures(org, lateOne.json.event_id);
    expect(seen.features.txn_count_24h).toBe(2);
    // An event that arrives afterwards but occurred earlier does not change the late event's counters,
    // and it does not see the late event (which occurred after it).
    const earlier = await post(org, payment('late', 'd', 10, at(HOUR / 2)));
    expect((await storedFeatures(org, earlier.json.event_id)).features.txn_count_24h).toBe(2);
    expect((await storedFeatures(org, lateOne.json.event_id)).features.txn_count_24h).toBe(2);
  });

  it('uses the near-threshold settings', async () => {
    const { reloadSettings } = await import('@/lib/config');
    process.env.SERVICE_NEAR_THRESHOLD_LOW = '900';
    process.env.SERVICE_NEAR_THRESHOLD_HIGH = '1000';
    reloadSettings();
    try {
      const org = await newOrg();
      await post(org, payment('nt', 'x', 950, at(0)), 'async');
      const r = await post(org, payment('nt', 'x', 4600, at(1000)));
      expect((await storedFeatures(org, r.json.event_id)).features.near_threshold_count_24h).toBe(1);
    } finally {
      delete process.env.SERVICE_NEAR_THRESHOLD_LOW;
      delete process.env.SERVICE_NEAR_THRESHOLD_HIGH;
      reloadSettings();
    }
  });
});

describe('GET /v1/events', () => {
  it('filters by type, entity, decision, since and until, and pages newest first', async () => {
    const org = await newOrg();
    await activateTestRules(org.orgId, [
      { key: 'huge', expr: 'amount >= 10000.0', weight: 90 },
      { key: 'big', expr: 'amount >= 1000.0', weight: 45 },
    ]);
    const allow = await post(org, payment('f1', 'f2', 5, at(0)));
    const review = await post(org, payment('f1', 'f3', 2000, at(HOUR)));
    const block = await post(org, payment('f4', 'f1', 20000, at(2 * HOUR)));
    const unscored = await post(org, { type: 'login', idempotency_key: `lg-${seq++}`, occurred_at: at(3 * HOUR), source: { entity_id: 'f5' } }, 'async');
    const list = async (q: string) => (await call(events.GET, { path: `/v1/events?${q}`, key: org.key })).json.events.map((e: { id: string }) => e.id);

    expect(await list('')).toEqual([unscored.json.id, block.json.event_id, review.json.event_id, allow.json.event_id]);
    expect(await list('type=login')).toEqual([unscored.json.id]);
    expect(await list('entity=f1')).toEqual([block.json.event_id, review.json.event_id, allow.json.event_id]);
    expect(await list('decision=allow')).toEqual([allow.json.event_id]);
    expect(await list('decision=review')).toEqual([review.json.event_id]);
    expect(await list('decision=block')).toEqual([block.json.event_id]);
    expect(await list('decision=unscored')).toEqual([unscored.json.id]);
    expect(await list(`since=${encodeURIComponent(at(0))}&until=${encodeURIComponent(at(2 * HOUR))}`)).toEqual([block.json.event_id, review.json.event_id]);

    const page1 = await call(events.GET, { path: '/v1/events?limit=3', key: org.key });
    expect(page1.json.events).toHaveLength(3);
    const page2 = await call(events.GET, { path: `/v1/events?limit=3&cursor=${page1.json.next_cursor}`, key: org.key });
    expect(page2.json.events.map((e: { id: string }) => e.id)).toEqual([allow.json.event_id]);
    expect(page2.json).not.toHaveProperty('next_cursor');

    const bad = await call(events.GET, { path: '/v1/events?decision=maybe', key: org.key });
    expect(bad.status).toBe(400);
  });

  it('answers 404 for another organisation event and decision, and lists only its own', async () => {
    const a = await newOrg('a');
    const b = await newOrg('b');
    const r = await post(b, payment('b1', 'b2', 5, at(0)));
    const ev = await call(eventById.GET, { key: a.key, params: { id: r.json.event_id } });
    expect(ev.status).toBe(404);
    expect(ev.json).toEqual({ error: 'event not found' });
    const dec = await call(decisionById.GET, { key: a.key, params: { id: r.json.id } });
    expect(dec.status).toBe(404);
    expect(dec.json).toEqual({ error: 'decision not found' });
    const list = await call(events.GET, { path: '/v1/events', key: a.key });
    expect(list.json.events).toEqual([]);
    const notUuid = await call(eventById.GET, { key: a.key, params: { id: 'abc' } });
    expect(notUuid.status).toBe(400);
    expect(notUuid.headers.get('content-type')).toMatch(/^text\/plain/);
  });
});
