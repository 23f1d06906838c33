/**
 * The built-in rule pack: what scores an organisation that has no active rules of its own, and what
 * `service-admin rules seed` installs as active version 1 of each key. Each entry has the shape
 * POST /v1/rules takes.
 *
 * Weights are set against the default thresholds (review at 40, block at 80):
 * - each typology that is a red flag on its own (structuring, fan-in, fan-out, pass-through, dormant
 *   reactivation, large cash out, large first payment) weighs 40 to 45, so it alone raises a review;
 * - velocity weighs 30: many transactions is common for legitimate heavy users, so it only adds to
 *   other evidence;
 * - blocks need two independent signals, or a stronger tier of the same one (5+ near-threshold payments,
 *   fan-in within the hour and over the day).
 *
 * Rules that speak of a payment start with `amount > 0.0` (or a larger amount), so a login or other
 * event without money never fires them even when the entity's counters are high.
 * Money amounts are compared as doubles (`10000.0`) and counters as ints (interface, Scoring rules, 5).
 */
import { compileRuleVersion, type CompiledRuleVersion, type RuleSubject } from './engine';

export interface RuleDefinition {
  key: string;
  expr: string;
  weight: number;
  detail: string;
  subject: RuleSubject;
}

export const BUILTIN_PACK: readonly Readonly<RuleDefinition>[] = Object.freeze([
  {
    key: 'structuring',
    expr: 'amount > 0.0 && features.near_threshold_count_24h >= 3',
    weight: 45,
    detail:
      'Structuring: the sender made 3 or more payments in 24 hours just below the reporting threshold, as if to keep each one under it.',
    subject: 'source',
  },
  {
    key: 'structuring_repeated',
    expr: 'amount > 0.0 && features.near_threshold_count_24h >= 5',
    weight: 40,
    detail:
      'Repeated structuring: the sender made 5 or more payments in 24 hours just below the reporting threshold.',
    subject: 'source',
  },
  {
    key: 'velocity',
    expr: 'amount > 0.0 && features.txn_count_24h >= 20',
    weight: 30,
    detail: 'High velocity: the sender made 20 or more transactions in 24 hours.',
    subject: 'source',
  },
  {
    key: 'fan_in_1h',
    expr: 'amount > 0.0 && destination_id != "" && dest_features.in_senders_1h >= 10',
    weight: 45,
    detail:
      'Fan-in: the receiver was paid by 10 or more different senders within one hour, as collection or mule accounts are.',
    subject: 'destination',
  },
  {
    key: 'fan_in_24h',
    expr: 'amount > 0.0 && destination_id != "" && dest_features.in_senders_24h >= 25',
    weight: 40,
    detail: 'Fan-in: the receiver was paid by 25 or more different senders within 24 hours.',
    subject: 'destination',
  },
  {
    key: 'fan_out',
    expr: 'amount > 0.0 && features.out_receivers_24h >= 10',
    weight: 40,
    detail: 'Fan-out: the sender paid 10 or more different receivers within 24 hours, spreading funds out.',
    subject: 'source',
  },
  {
    key: 'dormant_reactivation',
    expr: 'amount >= 1000.0 && features.dormant_days >= 180',
    weight: 40,
    detail:
      'Dormant account reactivated: the sender had no payment in or out for 180 days or more and now moves 1,000 or more.',
    subject: 'source',
  },
  {
    key: 'pass_through',
    // out >= 90% of in, kept in ints (out * 10 >= in * 9) because counters are ints.
    expr: 'amount > 0.0 && features.in_value_24h >= 3000 && features.out_value_24h * 10 >= features.in_value_24h * 9',
    weight: 45,
    detail:
      'Pass-through: the sender received 3,000 or more in the last 24 hours and has already sent 90% or more of it on, as a mule account does.',
    subject: 'source',
  },
  {
    key: 'large_cash_out',
    expr:
      'amount >= 10000.0 && (type in ["cash_out", "cash_withdrawal"] || (rail == "cash" && !(type in ["cash_in", "cash_deposit"])))',
    weight: 40,
    detail: 'Large cash withdrawal: 10,000 or more taken out in cash in one event.',
    subject: 'source',
  },
  {
    key: 'new_entity_large_payment',
    expr: 'amount >= 5000.0 && features.seen_before == 0',
    weight: 40,
    detail:
      'New entity, large first payment: the sender had never sent or received a payment before, and this one is 5,000 or more.',
    subject: 'source',
  },
]);

let compiled: readonly CompiledRuleVersion[] | undefined;

/** The pack compiled as version 1 of each key (no ids: these rules are not stored). Compiled once. */
export function compiledBuiltinPack(): readonly CompiledRuleVersion[] {
  compiled ??= Object.freeze(BUILTIN_PACK.map((rule) => compileRuleVersion({ ...rule, version: 1 })));
  return compiled;
}
