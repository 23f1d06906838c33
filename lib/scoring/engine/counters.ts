/**
 * The per-entity counters a rule reads through `features` (source) and `dest_features` (destination).
 * The list is fixed by the interface's "Scoring rules" table; every key is always present (0 when it does
 * not apply), which is why rules may read them without `has(...)` and why the compiler can reject a typo.
 */
export const COUNTER_NAMES = [
  'txn_count_24h',
  'near_threshold_count_24h',
  'in_count_24h',
  'in_value_24h',
  'in_senders_24h',
  'in_senders_1h',
  'out_count_24h',
  'out_value_24h',
  'out_receivers_24h',
  'dormant_days',
  'seen_before',
] as const;

export type CounterName = (typeof COUNTER_NAMES)[number];

/** Counter values as plain numbers (whole numbers); the engine turns them into CEL ints itself. */
export type Counters = Record<CounterName, number>;

/** What each counter counts, in the interface's words (shown beside the rule editor). */
export const COUNTER_MEANINGS: Readonly<Record<CounterName, string>> = Object.freeze({
  txn_count_24h: 'Events the entity sent (source only; reads 0 in dest_features)',
  near_threshold_count_24h: 'Of those, amounts from the near-threshold low bound up to but excluding the high bound (source only)',
  in_count_24h: 'Payments received',
  in_value_24h: 'Total of payments received, in whole units',
  in_senders_24h: 'Different senders that paid it in 24 hours',
  in_senders_1h: 'Different senders that paid it in the last hour',
  out_count_24h: 'Payments made',
  out_value_24h: 'Total of payments made, in whole units',
  out_receivers_24h: 'Different receivers paid',
  dormant_days: 'Whole days since its previous payment in or out; 0 if none',
  seen_before: '1 if any earlier payment, else 0',
});

const COUNTER_SET: ReadonlySet<string> = new Set(COUNTER_NAMES);

export function isCounterName(name: string): name is CounterName {
  return COUNTER_SET.has(name);
}

/** All counters at 0: an entity with no history, or a side of the event that has no entity. */
export function emptyCounters(): Counters {
  return {
    txn_count_24h: 0,
    near_threshold_count_24h: 0,
    in_count_24h: 0,
    in_value_24h: 0,
    in_senders_24h: 0,
    in_senders_1h: 0,
    out_count_24h: 0,
    out_value_24h: 0,
    out_receivers_24h: 0,
    dormant_days: 0,
    seen_before: 0,
  };
}
