import { describe, expect, it } from 'vitest';
import { getDb, getPool } from '@/db/client';
import { computeCounters, pairLookupSql, pairsFrom } from '@/lib/events/counters';
import { parseEventInput } from '@/lib/events/event-input';
import { ingestEvent } from '@/lib/events/ingest-event';
import { random } from '../support/random';
import { newOrg } from '../support/api';

const HOUR = 3_600_000;

describe('incremental counter state', () => {
  it('gives exactly the counters of the event-by-event count, over random traffic with late events', async () => {
    const org = await newOrg();
    const actor = { orgId: org.orgId, actorId: org.keyId, actorKind: 'key' as const };
    const rnd = random(20261122);
    const people = ['ann', 'bob', 'cat', 'dan', 'eve'];
    const pick = () => people[Math.floor(rnd() * people.length)] as string;
    const start = Date.parse('2026-05-01T00:00:00.000Z');
    let clock = start;
    let viaState = 0;
    // Late events answered from the state: their entities' later events taken off (LATE_WINDOWS).
    let lateViaState = 0;
    for (let i = 0; i < 300; i++) {
      // Mostly forward in time, sometimes minutes to hours; now and then an event that occurred earlier.
      clock += Math.floor(rnd() * 40 * 60_000);
      const late = rnd() < 0.1;
      const occurredAt = new Date(late ? clock - Math.floor(rnd() * 30 * HOUR) : clock);
      const isPayment = rnd() < 0.85;
      const amount = rnd() < 0.2 ? 4500 + Math.floor(rnd() * 600) : Math.floor(rnd() * 100_000) / 100;
      const source = rnd() < 0.95 ? pick() : undefined;
      const destination = isPayment && rnd() < 0.95 ? pick() : undefined;
      const event = parseEventInput({
        type: isPayment ? 'transfer' : 'login',
        idempotency_key: `cs-${i}`,
        occurred_at: occurredAt.toISOString(),
        ...(isPayment ? { amount: { value: amount, currency: 'EUR' } } : {}),
        ...(source ? { source: { entity_id: source } } : {}),
        ...(destination ? { destination: { entity_id: destination } } : {}),
      });

      const client = await getPool().connect();
      try {
        await client.query('BEGIN');
        const lookup = pairLookupSql(client, org.orgId, event);
        const pairs = pairsFrom(lookup ? (await client.query(lookup)).rows[0] : undefined);
        const fromState = await computeCounters(client, org.orgId, event, pairs);
        const fromEvents = await computeCounters(client, org.orgId, event, pairs, true);
        await client.query('ROLLBACK');
        expect(fromEvents.via).toBe('events');
        if (fromState.via === 'state') viaState++;
        if (fromState.via === 'state' && late) lateViaState++;
        expect({ i, source: fromState.source, destination: fromState.destination }).toEqual({
          i,
          source: fromEvents.source,
          destination: fromEvents.destination,
        });
      } finally {
        client.release();
      }
      await ingestEvent(getDb(), actor, { event, mode: i % 3 === 0 ? 'sync' : 'async' });
    }
    // Most events are in order, so most are answered from the state; late ones fall back.
    expect(viaState).toBeGreaterThan(200);
    expect(lateViaState).toBeGreaterThan(10);

    // Rebuilding the state from the events (as after a bulk load) gives exactly what was kept incrementally.
    const snapshot = async () => {
      const c = await getPool().connect();
      try {
        const q = async (table: string, order: string) =>
          (await c.query(`SELECT * FROM ${table} WHERE org_id = $1 AND ${table === 'counterparty_hours' ? 'parties <> 0' : 'true'} ORDER BY ${order}`, [org.orgId])).rows;
        return {
          buckets: await q('counter_buckets', 'entity_id, hour'),
          pairs: await q('counterparties', 'entity_id, direction, counterparty_id'),
          hours: await q('counterparty_hours', 'entity_id, direction, hour'),
        };
      } finally {
        c.release();
      }
    };
    const kept = await snapshot();
    await getPool().query('SELECT rebuild_counter_state($1)', [org.orgId]);
    expect(await snapshot()).toEqual(kept);
  }, 120_000);

  it('falls back to counting events when the near-threshold band changed', async () => {
    const { reloadSettings } = await import('@/lib/config');
    const org = await newOrg();
    const actor = { orgId: org.orgId, actorId: org.keyId, actorKind: 'key' as const };
    const at = Date.parse('2026-06-01T10:00:00.000Z');
    const pay = (i: number, value: number) =>
      parseEventInput({
        type: 'transfer',
        idempotency_key: `band-${i}`,
        occurred_at: new Date(at + i * 60_000).toISOString(),
        amount: { value, currency: 'EUR' },
        source: { entity_id: 'band-src' },
        destination: { entity_id: 'band-dst' },
      });
    await ingestEvent(getDb(), actor, { event: pay(0, 950), mode: 'async' });
    process.env.SERVICE_NEAR_THRESHOLD_LOW = '900';
    process.env.SERVICE_NEAR_THRESHOLD_HIGH = '1000';
    reloadSettings();
    try {
      const client = await getPool().connect();
      try {
        const counters = await computeCounters(client, org.orgId, pay(1, 10), pairsFrom(undefined));
        expect(counters.via).toBe('events');
        expect(counters.source.near_threshold_count_24h).toBe(1);
      } finally {
        client.release();
      }
    } finally {
      delete process.env.SERVICE_NEAR_THRESHOLD_LOW;
      delete process.env.SERVICE_NEAR_THRESHOLD_HIGH;
      reloadSettings();
    }
  });
});
