import { describe, expect, it } from 'vitest';
import { BUILTIN_PACK, compiledBuiltinPack } from '@/lib/scoring/builtin-pack';
import {
  compileRule,
  decide,
  DEFAULT_THRESHOLDS,
  emptyCounters,
  evaluateRules,
  type Counters,
  type ScoringInput,
} from '@/lib/scoring/engine';

function counters(values: Partial<Counters> = {}): Counters {
  return { ...emptyCounters(), ...values };
}

/** An ordinary payment: a known customer paying a known merchant, nothing unusual in 24 hours. */
function ordinary(overrides: Partial<ScoringInput> = {}): ScoringInput {
  return {
    type: 'transfer',
    amount: 120,
    currency: 'EUR',
    rail: 'sepa',
    source_id: 'cust-1',
    destination_id: 'shop-1',
    features: counters({
      txn_count_24h: 2,
      out_count_24h: 2,
      out_value_24h: 180,
      out_receivers_24h: 2,
      in_count_24h: 1,
      in_value_24h: 2500,
      in_senders_24h: 1,
      dormant_days: 3,
      seen_before: 1,
    }),
    dest_features: counters({
      in_count_24h: 40,
      in_value_24h: 3000,
      in_senders_24h: 8,
      in_senders_1h: 2,
      dormant_days: 0,
      seen_before: 1,
    }),
    ...overrides,
  };
}

function firedKeys(event: ScoringInput): string[] {
  const { fired, errors } = evaluateRules(compiledBuiltinPack(), event);
  expect(errors).toEqual([]);
  return fired.map((f) => f.rule);
}

function decision(event: ScoringInput) {
  return decide(evaluateRules(compiledBuiltinPack(), event).fired, DEFAULT_THRESHOLDS);
}

/** For each pack rule, an event built to trigger it. */
const triggers: Record<string, ScoringInput> = {
  structuring: ordinary({ amount: 4800, features: counters({ ...ordinary().features, near_threshold_count_24h: 3 }) }),
  structuring_repeated: ordinary({ amount: 4900, features: counters({ ...ordinary().features, near_threshold_count_24h: 5 }) }),
  velocity: ordinary({ features: counters({ ...ordinary().features, txn_count_24h: 20 }) }),
  fan_in_1h: ordinary({ destination_id: 'mule-1', dest_features: counters({ in_senders_1h: 10, in_senders_24h: 10 }) }),
  fan_in_24h: ordinary({ destination_id: 'mule-1', dest_features: counters({ in_senders_1h: 3, in_senders_24h: 25 }) }),
  fan_out: ordinary({ features: counters({ ...ordinary().features, out_receivers_24h: 10 }) }),
  dormant_reactivation: ordinary({ amount: 2500, features: counters({ seen_before: 1, dormant_days: 200 }) }),
  pass_through: ordinary({
    amount: 4700,
    features: counters({ seen_before: 1, in_count_24h: 1, in_value_24h: 5000, out_count_24h: 1, out_value_24h: 4700 }),
  }),
  large_cash_out: ordinary({ type: 'cash_out', rail: 'branch', amount: 12000, destination_id: '' }),
  new_entity_large_payment: ordinary({ amount: 7500, features: counters({ txn_count_24h: 1, out_count_24h: 1 }) }),
};

describe('built-in rule pack', () => {
  it('has unique keys that follow the POST /v1/rules rules', () => {
    const keys = BUILTIN_PACK.map((r) => r.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of BUILTIN_PACK) {
      expect(r.key).toMatch(/^[a-z][a-z0-9_]{1,63}$/);
      expect(Number.isInteger(r.weight) && r.weight >= 1 && r.weight <= 100).toBe(true);
      expect(r.detail.length).toBeGreaterThan(20);
      expect(['source', 'destination']).toContain(r.subject);
    }
  });

  it('compiles every rule with the engine', () => {
    for (const r of BUILTIN_PACK) expect(() => compileRule(r)).not.toThrow();
    expect(compiledBuiltinPack().map((r) => [r.key, r.version])).toEqual(BUILTIN_PACK.map((r) => [r.key, 1]));
    expect(compiledBuiltinPack()).toBe(compiledBuiltinPack());
  });

  it('covers the typologies the design asks for', () => {
    const keys = BUILTIN_PACK.map((r) => r.key);
    for (const k of [
      'structuring',
      'velocity',
      'fan_in_1h',
      'fan_in_24h',
      'fan_out',
      'dormant_reactivation',
      'pass_through',
      'large_cash_out',
      'new_entity_large_payment',
    ]) {
      expect(keys).toContain(k);
    }
    const fanIn = BUILTIN_PACK.filter((r) => r.key.startsWith('fan_in'));
    for (const r of fanIn) {
      expect(r.subject).toBe('destination');
      expect(r.expr).toContain('dest_features');
    }
  });

  it('has a trigger event for every rule', () => {
    expect(Object.keys(triggers).sort()).toEqual(BUILTIN_PACK.map((r) => r.key).sort());
  });

  for (const r of BUILTIN_PACK) {
    it(`${r.key} fires on its trigger and not on an ordinary payment`, () => {
      const event = triggers[r.key];
      if (!event) throw new Error(`no trigger for ${r.key}`);
      expect(firedKeys(event)).toContain(r.key);
      expect(firedKeys(ordinary())).not.toContain(r.key);
    });
  }

  it('allows ordinary single payments', () => {
    expect(firedKeys(ordinary())).toEqual([]);
    expect(decision(ordinary())).toEqual({ decision: 'allow', risk_score: 0 });
    // A first small payment of a brand-new customer, a large payment of a known one, a small cash withdrawal.
    expect(decision(ordinary({ amount: 80, features: counters({ txn_count_24h: 1, out_count_24h: 1 }) })).decision).toBe(
      'allow',
    );
    expect(decision(ordinary({ amount: 9500 })).decision).toBe('allow');
    expect(decision(ordinary({ type: 'cash_out', rail: 'atm', amount: 400 })).decision).toBe('allow');
    // A payment just under the threshold once or twice is not structuring.
    const twice = counters({ ...ordinary().features, near_threshold_count_24h: 2 });
    expect(decision(ordinary({ amount: 4800, features: twice })).decision).toBe('allow');
  });

  it('does not fire on events without money, whatever the counters', () => {
    const busy = counters({
      txn_count_24h: 50,
      near_threshold_count_24h: 6,
      out_receivers_24h: 30,
      in_value_24h: 10000,
      out_value_24h: 10000,
      dormant_days: 400,
    });
    expect(firedKeys(ordinary({ type: 'login', amount: 0, features: busy, destination_id: '' }))).toEqual([]);
  });

  it('gives structuring (3+ near-threshold payments in 24h) at least review', () => {
    expect(decision(triggers.structuring!)).toEqual({ decision: 'review', risk_score: 45 });
    expect(decision(triggers.structuring_repeated!)).toEqual({ decision: 'block', risk_score: 85 });
  });

  it('gives fan-in (10+ senders in 1h to one destination) at least review, on the destination', () => {
    const { fired } = evaluateRules(compiledBuiltinPack(), triggers.fan_in_1h!);
    expect(fired.map((f) => [f.rule, f.subject])).toEqual([['fan_in_1h', 'destination']]);
    expect(decide(fired).decision).toBe('review');
    const both = ordinary({ destination_id: 'mule-1', dest_features: counters({ in_senders_1h: 12, in_senders_24h: 30 }) });
    expect(decision(both).decision).toBe('block');
  });

  it('gives each single red flag review and velocity alone allow', () => {
    for (const key of ['fan_out', 'dormant_reactivation', 'pass_through', 'large_cash_out', 'new_entity_large_payment']) {
      expect([key, decision(triggers[key]!).decision]).toEqual([key, 'review']);
    }
    expect(decision(triggers.velocity!)).toEqual({ decision: 'allow', risk_score: 30 });
  });

  it('treats cash by rail or type, but not cash coming in', () => {
    expect(firedKeys(ordinary({ type: 'withdrawal', rail: 'cash', amount: 15000 }))).toContain('large_cash_out');
    expect(firedKeys(ordinary({ type: 'cash_withdrawal', rail: 'atm', amount: 10000 }))).toContain('large_cash_out');
    expect(firedKeys(ordinary({ type: 'cash_deposit', rail: 'cash', amount: 15000 }))).not.toContain('large_cash_out');
    expect(firedKeys(ordinary({ type: 'cash_out', rail: 'cash', amount: 9999.99 }))).not.toContain('large_cash_out');
  });

  it('does not call paying on part of the money received pass-through', () => {
    const salary = counters({ seen_before: 1, in_value_24h: 3200, out_value_24h: 1200, out_count_24h: 1 });
    expect(firedKeys(ordinary({ amount: 1200, features: salary }))).not.toContain('pass_through');
  });
});
