import { COUNTER_NAMES, isCounterName, type CounterName } from '@/lib/scoring/engine';

/** Which counters of each map an expression can read: a list, or `all` when it may read any. */
export interface CounterReads {
  features: CounterName[] | 'all';
  dest_features: CounterName[] | 'all';
}

type MapName = keyof CounterReads;

// `features.name`, `features["name"]`, `features['name']` (whitespace allowed as CEL allows it).
const STATIC_ACCESS = /\b(features|dest_features)\s*(?:\.\s*([A-Za-z_][A-Za-z0-9_]*)|\[\s*(?:"([^"\\]*)"|'([^'\\]*)')\s*\])/g;
const ANY_MENTION = /\b(features|dest_features)\b/g;

/**
 * The counters an expression reads, found on its text, so that a backtest fetches only those values of
 * each stored event instead of both whole counter maps (most of its cost). Conservative: any mention of a
 * map other than a static read of a known counter (`features[k]`, `size(features)`, `features.exists(...)`,
 * the word in a comment or a string) counts as reading the whole map. A reference inside a string literal
 * at worst fetches a value that is not needed. The other counters are then given as 0, which an
 * expression that only reads the listed ones cannot observe (every name is still present in the map).
 */
export function counterReads(expr: string): CounterReads {
  const found: Record<MapName, Set<CounterName>> = { features: new Set(), dest_features: new Set() };
  const all: Record<MapName, boolean> = { features: false, dest_features: false };
  const rest = expr.replace(STATIC_ACCESS, (whole, map: MapName, field?: string, dq?: string, sq?: string) => {
    const name = field ?? dq ?? sq ?? '';
    if (!isCounterName(name)) return whole; // left in place, so it counts as an open-ended mention below
    found[map].add(name);
    return ' ';
  });
  for (const m of rest.matchAll(ANY_MENTION)) all[m[1] as MapName] = true;
  const pick = (map: MapName): CounterName[] | 'all' => (all[map] ? 'all' : COUNTER_NAMES.filter((n) => found[map].has(n)));
  return { features: pick('features'), dest_features: pick('dest_features') };
}

/** The counters several expressions read together. */
export function mergeCounterReads(reads: CounterReads[]): CounterReads {
  const merge = (map: MapName): CounterName[] | 'all' => {
    const names = new Set<CounterName>();
    for (const r of reads) {
      const v = r[map];
      if (v === 'all') return 'all';
      for (const n of v) names.add(n);
    }
    return COUNTER_NAMES.filter((n) => names.has(n));
  };
  return { features: merge('features'), dest_features: merge('dest_features') };
}
