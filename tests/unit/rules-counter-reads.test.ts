import { describe, expect, it } from 'vitest';
import { counterReads, mergeCounterReads } from '@/lib/rules/counter-reads';
import { BUILTIN_PACK } from '@/lib/scoring/builtin-pack';
import { COUNTER_NAMES } from '@/lib/scoring/engine';

describe('counterReads', () => {
  it('lists the counters read by name, in the engine order', () => {
    expect(counterReads('amount > 0.0 && features.out_value_24h * 10 >= features.in_value_24h * 9')).toEqual({
      features: ['in_value_24h', 'out_value_24h'],
      dest_features: [],
    });
    expect(counterReads(`dest_features [ 'in_senders_1h' ] >= 10 && features . seen_before == 0 && dest_features["dormant_days"] > 1`)).toEqual({
      features: ['seen_before'],
      dest_features: ['in_senders_1h', 'dormant_days'],
    });
    expect(counterReads('amount >= 10000.0')).toEqual({ features: [], dest_features: [] });
    expect(counterReads('has(features.dormant_days)')).toEqual({ features: ['dormant_days'], dest_features: [] });
  });

  it('reads a whole map whenever it is used other than by a known counter name', () => {
    for (const expr of [
      'size(features) > 0',
      'features.exists(k, features[k] > 3)',
      'features["in_" + "count_24h"] > 0',
      'features == dest_features',
      'features.txn_count_24h > 0 && type == "features"',
      'features // comment\n.txn_count_24h > 0',
    ]) {
      expect(counterReads(expr).features, expr).toBe('all');
    }
    expect(counterReads('dest_features.in_count_24h > 0 && features.size() > 0')).toEqual({ features: 'all', dest_features: ['in_count_24h'] });
  });

  it('covers every built-in rule with the counters it names', () => {
    for (const rule of BUILTIN_PACK) {
      const reads = counterReads(rule.expr);
      for (const map of ['features', 'dest_features'] as const) {
        const listed = reads[map];
        expect(listed).not.toBe('all');
        for (const name of COUNTER_NAMES) {
          if (new RegExp(`\\b${map}\\.${name}\\b`).test(rule.expr)) expect(listed).toContain(name);
          else expect(listed).not.toContain(name);
        }
      }
    }
  });

  it('merges: a whole map wins, lists are united', () => {
    expect(
      mergeCounterReads([
        { features: ['seen_before'], dest_features: [] },
        { features: ['txn_count_24h', 'seen_before'], dest_features: 'all' },
      ]),
    ).toEqual({ features: ['txn_count_24h', 'seen_before'], dest_features: 'all' });
    expect(mergeCounterReads([])).toEqual({ features: [], dest_features: [] });
  });
});
