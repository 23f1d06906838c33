import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { newOrg, type CallResult, type TestOrg } from '../support/api';
import { featuresOf, firedRules as fired, payment, postEvent as post, postEventOk as send, storedFeatures } from '../support/events';
import { activateTestRules } from '../support/rules';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const base = Date.parse('2026-04-10T09:30:00.000Z');
const at = (offsetMs: number) => new Date(base + offsetMs).toISOString();

describe('dormant_days read by rules', () => {
  it('gives the whole days since the previous payment to features and dest_features', async () => {
    const org = await newOrg();
    await activateTestRules(org.orgId, [
      { key: 'src_dormant_199', expr: 'features.dormant_days >= 199' },
      { key: 'src_dormant_201', expr: 'features.dormant_days >= 201' },
      { key: 'dst_dormant_199', expr: 'dest_features.dormant_days >= 199' },
      { key: 'dst_dormant_201', expr: 'dest_features.dormant_days >= 201' },
    ]);
    // sleeper last paid out 200 days ago; napper last paid out 200 days ago and now receives.
    await send(org, payment('sleeper', 'old-payee', 40, at(-200 * DAY)), 'async');
    await send(org, payment('napper', 'old-payee-2', 40, at(-200 * DAY)), 'async');

    const woke = await send(org, payment('sleeper', 'fresh-payee', 15, at(0)));
    expect(fired(woke)).toEqual(['src_dormant_199']);
    const f1 = await featuresOf(org, woke.json.event_id);
    expect(f1.features).toMatchObject({ dormant_days: 200, seen_before: 1 });
    expect(f1.dest).toMatchObject({ dormant_days: 0, seen_before: 0 });

    const paid = await send(org, payment('fresh-payer', 'napper', 15, at(0)));
    expect(fired(paid)).toEqual(['dst_dormant_199']);
    const f2 = await featuresOf(org, paid.json.event_id);
    expect(f2.features).toMatchObject({ dormant_days: 0, seen_before: 0 });
    expect(f2.dest).toMatchObject({ dormant_days: 200, seen_before: 1 });
  });
});

describe('receiving-side window edge (t - 24h, t]', () => {
  const rules = [
    { key: 'dst_in_count', expr: 'dest_features.in_count_24h >= 2' },
    { key: 'dst_in_value', expr: 'dest_features.in_value_24h >= 130' },
    { key: 'dst_in_senders', expr: 'dest_features.in_senders_24h >= 2' },
    { key: 'src_in_count', expr: 'features.in_count_24h >= 1' },
    { key: 'src_in_value', expr: 'features.in_value_24h >= 100' },
    { key: 'src_in_senders', expr: 'features.in_senders_24h >= 1' },
  ];

  it('leaves out a payment received exactly 24 h before and counts one received 24 h minus 1 ms before', async () => {
    const org = await newOrg();
    await activateTestRules(org.orgId, rules);

    // Exactly 24 h before: outside the window, for the destination and for the source (which received too).
    await send(org, payment('early-a', 'hub-out', 100, at(-24 * HOUR)), 'async');
    await send(org, payment('early-b', 'relay-out', 100, at(-24 * HOUR)), 'async');
    const out = await send(org, payment('relay-out', 'hub-out', 30, at(0)));
    expect(fired(out)).toEqual([]);
    const fOut = await featuresOf(org, out.json.event_id);
    expect(fOut.dest).toMatchObject({ in_count_24h: 1, in_value_24h: 30, in_senders_24h: 1 });
    expect(fOut.features).toMatchObject({ in_count_24h: 0, in_value_24h: 0, in_senders_24h: 0 });

    // 24 h minus 1 ms before: inside.
    await send(org, payment('early-c', 'hub-in', 100, at(-24 * HOUR + 1)), 'async');
    await send(org, payment('early-d', 'relay-in', 100, at(-24 * HOUR + 1)), 'async');
    const inside = await send(org, payment('relay-in', 'hub-in', 30, at(0)));
    expect(fired(inside)).toEqual(rules.map((r) => r.key).sort());
    const fIn = await featuresOf(org, inside.json.event_id);
    expect(fIn.dest).toMatchObject({ in_count_24h: 2, in_value_24h: 130, in_senders_24h: 2 });
    expect(fIn.features).toMatchObject({ in_count_24h: 1, in_value_24h: 100, in_senders_24h: 1 });
  });
});

describe('in_senders_1h edge', () => {
  it('leaves out a sender exactly 1 h before and counts one 1 h minus 1 ms before', async () => {
    const org = await newOrg();
    const rules = [
      { key: 'dst_senders_1h', expr: 'dest_features.in_senders_1h >= 2' },
      { key: 'dst_senders_24h', expr: 'dest_features.in_senders_24h >= 2' },
      { key: 'src_senders_1h', expr: 'features.in_senders_1h >= 1' },
      { key: 'src_senders_24h', expr: 'features.in_senders_24h >= 1' },
    ];
    await activateTestRules(org.orgId, rules);

    await send(org, payment('hour-a', 'pool-out', 10, at(-HOUR)), 'async');
    await send(org, payment('hour-b', 'mid-out', 10, at(-HOUR)), 'async');
    const out = await send(org, payment('mid-out', 'pool-out', 10, at(0)));
    // Still within 24 h, so only the one-hour counters leave the earlier sender out.
    expect(fired(out)).toEqual(['dst_senders_24h', 'src_senders_24h']);
    const fOut = await featuresOf(org, out.json.event_id);
    expect(fOut.dest).toMatchObject({ in_senders_1h: 1, in_senders_24h: 2 });
    expect(fOut.features).toMatchObject({ in_senders_1h: 0, in_senders_24h: 1 });

    await send(org, payment('hour-c', 'pool-in', 10, at(-HOUR + 1)), 'async');
    await send(org, payment('hour-d', 'mid-in', 10, at(-HOUR + 1)), 'async');
    const inside = await send(org, payment('mid-in', 'pool-in', 10, at(0)));
    expect(fired(inside)).toEqual(rules.map((r) => r.key).sort());
    const fIn = await featuresOf(org, inside.json.event_id);
    expect(fIn.dest).toMatchObject({ in_senders_1h: 2, in_senders_24h: 2 });
    expect(fIn.features).toMatchObject({ in_senders_1h: 1, in_senders_24h: 1 });
  });
});

describe('concurrency on one entity', () => {
  it('serialises 20 simultaneous sync events of one source: each sees a different count, k+1 .. k+20', async () => {
    const org = await newOrg();
    const k = 3;
    const N = 20;
    const threshold = k + 10;
    await activateTestRules(org.orgId, [
      { key: 'txn_high', expr: `features.txn_count_24h >= ${threshold}` },
      { key: 'receivers_high', expr: `features.out_receivers_24h >= ${threshold}` },
    ]);
    for (let i = 0; i < k; i++) await send(org, payment('busy', `before-${i}`, 5, at(-50_000 + i * 1000)), 'async');

    // The same occurred_at for all 20, so whichever arrives later has the earlier ones in its window
    // (t - 24h, t]; only the order of arrival, which the lock decides, sets the counts.
    const answers = await Promise.all(Array.from({ length: N }, (_, i) => post(org, payment('busy', `burst-${i}`, 5, at(0)))));
    for (const a of answers) expect(a.status, a.text).toBe(200);

    const ids = answers.map((a) => a.json.event_id as string);
    const stored = await storedFeatures(org, ids);
    expect(stored.size).toBe(N);
    const expected = Array.from({ length: N }, (_, i) => k + 1 + i);
    const txn = ids.map((id) => stored.get(id)?.features.txn_count_24h as number);
    const receivers = ids.map((id) => stored.get(id)?.features.out_receivers_24h as number);
    expect([...txn].sort((a, b) => a - b)).toEqual(expected);
    expect([...receivers].sort((a, b) => a - b)).toEqual(expected);

    // The decisions read those same counters: a rule fires exactly on the events that saw the threshold.
    answers.forEach((a, i) => {
      const want = [
        ...((txn[i] as number) >= threshold ? ['txn_high'] : []),
        ...((receivers[i] as number) >= threshold ? ['receivers_high'] : []),
      ].sort();
      expect(fired(a), `event ${i} saw txn ${txn[i]}, receivers ${receivers[i]}`).toEqual(want);
    });
    expect(answers.filter((a) => fired(a).includes('txn_high'))).toHaveLength(k + N - threshold + 1);

    // A later event sees all of them.
    const after = await send(org, payment('busy', 'after', 5, at(1000)));
    expect((await featuresOf(org, after.json.event_id)).features).toMatchObject({ txn_count_24h: k + N + 1, out_receivers_24h: k + N + 1 });
  });
});

describe('retries after a failure', () => {
  async function countsFor(org: TestOrg, idempotencyKey: string) {
    const r = await getDb().execute<{ events: number; decisions: number }>(sql`
      SELECT (SELECT count(*)::int FROM events WHERE org_id = ${org.orgId} AND idempotency_key = ${idempotencyKey}) AS events,
             (SELECT count(*)::int FROM decisions d JOIN events e ON e.org_id = d.org_id AND e.id = d.event_id
               WHERE d.org_id = ${org.orgId} AND e.idempotency_key = ${idempotencyKey}) AS decisions`);
    return r.rows[0];
  }

  it('answers a sequential retry with the first decision and counts the event once', async () => {
    const org = await newOrg();
    await activateTestRules(org.orgId, [
      { key: 'any', expr: 'amount > 0.0' },
      { key: 'two_sent', expr: 'features.txn_count_24h == 2' },
      { key: 'three_sent', expr: 'features.txn_count_24h >= 3' },
    ]);
    const body = payment('retrier', 'payee', 25, at(0));
    const first = await send(org, body); // its answer is lost on the way back
    const retry = await send(org, body);
    expect(retry.json.id).toBe(first.json.id);
    expect(retry.json).toEqual(first.json);
    expect(await countsFor(org, body.idempotency_key)).toEqual({ events: 1, decisions: 1 });

    // The retry did not count a second time: the next event of the source sees the original and itself.
    const next = await send(org, payment('retrier', 'payee', 25, at(1000)));
    expect(fired(next)).toEqual(['any', 'two_sent']);
  });

  it('answers 5 concurrent retries of an event naming no entity with one event and one decision', async () => {
    const org = await newOrg();
    await activateTestRules(org.orgId, [{ key: 'any', expr: 'amount > 0.0', weight: 45 }]);
    const body = payment(null, null, 75, at(0));
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(org, body)));
    for (const a of answers) {
      expect(a.status, a.text).toBe(200);
      expect(fired(a)).toEqual(['any']);
    }
    const first = answers[0] as CallResult;
    expect(first.json.id).toMatch(/^[0-9a-f-]{36}$/);
    for (const a of answers) {
      expect(a.json.id).toBe(first.json.id);
      expect(a.json).toEqual(first.json);
    }
    expect(await countsFor(org, body.idempotency_key)).toEqual({ events: 1, decisions: 1 });
    const all = await getDb().execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM events WHERE org_id = ${org.orgId}`);
    expect(all.rows[0]?.n).toBe(1);
  });
});
