import { describe, expect, it } from 'vitest';
import { addOwnContribution, type WindowRow } from '@/lib/events/counters';
import type { EventInput } from '@/lib/events/event-input';

const empty: WindowRow = {
  s_txn: 0, s_near: 0, s_out_cnt: 0, s_out_val: 0, s_out_receivers: 0, s_out_has_d: false,
  s_in_cnt: 0, s_in_val: 0, s_in_senders: 0, s_in_senders_1h: 0,
  d_out_cnt: 0, d_out_val: 0, d_out_receivers: 0, d_in_cnt: 0, d_in_val: 0, d_in_senders: 0, d_in_senders_1h: 0,
  d_in_has_s: false, d_in_has_s_1h: false, s_last: null, d_last: null,
};

const event = (over: Partial<EventInput>): EventInput => ({
  type: 'transfer', idempotencyKey: 'k', occurredAt: new Date('2026-03-01T12:00:00Z'), amount: 100, currency: 'EUR',
  rail: null, sourceId: 's', destinationId: 'd', deviceId: null, payload: {}, ...over,
});

describe('addOwnContribution', () => {
  it('adds the event itself to both sides', () => {
    const { source, destination } = addOwnContribution(empty, event({ amount: 4600 }), 4500, 5000);
    expect(source).toMatchObject({ txn_count_24h: 1, near_threshold_count_24h: 1, out_count_24h: 1, out_value_24h: 4600, out_receivers_24h: 1, seen_before: 0 });
    expect(destination).toMatchObject({ txn_count_24h: 0, in_count_24h: 1, in_value_24h: 4600, in_senders_24h: 1, in_senders_1h: 1 });
  });

  it('does not count a known receiver or sender twice', () => {
    const w = { ...empty, s_out_receivers: 3, s_out_has_d: true, d_in_senders: 2, d_in_has_s: true, d_in_senders_1h: 1, d_in_has_s_1h: false };
    const { source, destination } = addOwnContribution(w, event({}), 4500, 5000);
    expect(source.out_receivers_24h).toBe(3);
    expect(destination.in_senders_24h).toBe(2);
    expect(destination.in_senders_1h).toBe(2);
  });

  it('counts an event without money as a transaction but not as a payment', () => {
    const { source, destination } = addOwnContribution(empty, event({ amount: null, currency: null, type: 'login' }), 4500, 5000);
    expect(source).toMatchObject({ txn_count_24h: 1, out_count_24h: 0, out_receivers_24h: 0 });
    expect(destination).toMatchObject({ in_count_24h: 0, in_senders_24h: 0 });
  });

  it('keeps the near band low-inclusive and high-exclusive and sums values in whole units', () => {
    expect(addOwnContribution(empty, event({ amount: 4500 }), 4500, 5000).source.near_threshold_count_24h).toBe(1);
    expect(addOwnContribution(empty, event({ amount: 5000 }), 4500, 5000).source.near_threshold_count_24h).toBe(0);
    expect(addOwnContribution({ ...empty, s_out_val: 0.6 }, event({ amount: 0.6 }), 4500, 5000).source.out_value_24h).toBe(1);
  });

  it('counts whole days since the previous payment', () => {
    const last = new Date('2026-01-01T13:00:00Z');
    const { source } = addOwnContribution({ ...empty, s_last: last }, event({}), 4500, 5000);
    expect(source).toMatchObject({ dormant_days: 58, seen_before: 1 });
  });

  it('reads zeros for a side the event does not name', () => {
    const { source, destination } = addOwnContribution(empty, event({ sourceId: null }), 4500, 5000);
    expect(Object.values(source).every((v) => v === 0)).toBe(true);
    expect(destination.in_senders_24h).toBe(0);
    expect(destination.in_count_24h).toBe(1);
  });

  it('treats a payment to oneself as both out and in', () => {
    const { source, destination } = addOwnContribution(empty, event({ destinationId: 's' }), 4500, 5000);
    expect(source).toMatchObject({ out_count_24h: 1, in_count_24h: 1 });
    expect(destination).toMatchObject({ out_count_24h: 1, in_count_24h: 1 });
  });
});
