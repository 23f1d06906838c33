/**
 * Runs compiled rules against one event. This is on the request path of sync scoring (target: p99 of
 * `decided_in_ms` <= 2 ms for about ten rules), so it does no parsing or checking, builds the CEL
 * activation once per event and shares it across rules, and converts counters to BigInt from a cache.
 */
import { EvaluationError } from '@marcbachmann/cel-js';
import { TYPE_VARIABLE, type Activation, type CelCounters, type CompiledRuleVersion, type RuleSubject } from './compile';
import { COUNTER_NAMES, type Counters } from './counters';

/** The rule variables of one event (interface, "Scoring rules", 3); counters as plain numbers. */
export interface ScoringInput {
  type: string;
  /** `amount.value`, or 0 when the event has no amount. */
  amount: number;
  currency: string;
  rail: string;
  source_id: string;
  destination_id: string;
  features: Counters;
  dest_features: Counters;
}

/** One reason on a decision. */
export interface FiredRule {
  rule: string;
  version: number;
  detail: string;
  weight: number;
  subject: RuleSubject;
  rule_id?: string;
}

/** A rule that failed while running on this event (division by zero, a missing map key, overflow...). */
export interface RuleRuntimeError {
  rule: string;
  version: number;
  rule_id?: string;
  /** The library's error code, e.g. `division_by_zero`, `no_such_key`; `internal` for anything else. */
  code: string;
  message: string;
}

export interface EvaluationResult {
  fired: FiredRule[];
  errors: RuleRuntimeError[];
}

/**
 * Evaluates every rule; a rule that throws is recorded in `errors` and does not stop the others.
 * A rule fires when its expression yields `true`.
 */
export function evaluateRules(rules: readonly CompiledRuleVersion[], input: ScoringInput): EvaluationResult {
  const activation = toActivation(input);
  const fired: FiredRule[] = [];
  const errors: RuleRuntimeError[] = [];
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    let result: unknown;
    try {
      result = rule.program(activation);
    } catch (error) {
      errors.push(runtimeError(rule, error));
      continue;
    }
    if (result === true) {
      const reason: FiredRule = {
        rule: rule.key,
        version: rule.version,
        detail: rule.detail,
        weight: rule.weight,
        subject: rule.subject,
      };
      if (rule.id !== undefined) reason.rule_id = rule.id;
      fired.push(reason);
    } else if (result !== false) {
      // Cannot happen for a rule that went through compileRule (it must type-check as bool); kept as a guard.
      errors.push(withRule(rule, 'internal', `expression returned ${typeof result}, not bool`));
    }
  }
  return { fired, errors };
}

/** The CEL variables for one event; exported for the backtest, which evaluates one rule over many events. */
export function toActivation(input: ScoringInput): Activation {
  return {
    [TYPE_VARIABLE]: input.type ?? '',
    // A missing or non-finite amount reads 0, as for an event without an amount.
    amount: Number.isFinite(input.amount) ? input.amount : 0,
    currency: input.currency ?? '',
    rail: input.rail ?? '',
    source_id: input.source_id ?? '',
    destination_id: input.destination_id ?? '',
    features: toCelCounters(input.features),
    dest_features: toCelCounters(input.dest_features),
  };
}

// Counters are mostly small; BigInt(n) allocates, a table lookup does not.
const SMALL_INTS: readonly bigint[] = Array.from({ length: 4096 }, (_, i) => BigInt(i));

function toCelInt(n: number): bigint {
  if (n >= 0 && n < SMALL_INTS.length && Number.isInteger(n)) return SMALL_INTS[n]!;
  // Counters are whole numbers; a missing or non-finite one reads 0 ("a counter that does not apply").
  if (!Number.isFinite(n)) return 0n;
  return BigInt(Math.trunc(n));
}

function toCelCounters(counters: Counters | undefined): CelCounters {
  const out: CelCounters = {};
  for (let i = 0; i < COUNTER_NAMES.length; i++) {
    const name = COUNTER_NAMES[i]!;
    out[name] = counters ? toCelInt(counters[name]) : 0n;
  }
  return out;
}

function runtimeError(rule: CompiledRuleVersion, error: unknown): RuleRuntimeError {
  if (error instanceof EvaluationError) {
    return withRule(rule, error.code, error.summary.split(TYPE_VARIABLE).join('type'));
  }
  return withRule(rule, 'internal', error instanceof Error ? error.message : String(error));
}

function withRule(rule: CompiledRuleVersion, code: string, message: string): RuleRuntimeError {
  const out: RuleRuntimeError = { rule: rule.key, version: rule.version, code, message };
  if (rule.id !== undefined) out.rule_id = rule.id;
  return out;
}
