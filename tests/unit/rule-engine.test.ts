import { describe, expect, it } from 'vitest';
import {
  COUNTER_NAMES,
  compileRule,
  compileRuleVersion,
  decide,
  DEFAULT_THRESHOLDS,
  emptyCounters,
  evaluateRules,
  RuleCompileError,
  type Counters,
  type RuleSubject,
  type ScoringInput,
} from '@/lib/scoring/engine';
import { renameTypeIdentifier } from '@/lib/scoring/engine/compile';

/** An ordinary transfer between two known entities. */
function input(overrides: Partial<ScoringInput> = {}): ScoringInput {
  return {
    type: 'transfer',
    amount: 120.5,
    currency: 'EUR',
    rail: 'sepa',
    source_id: 'cust-1',
    destination_id: 'cust-2',
    features: emptyCounters(),
    dest_features: emptyCounters(),
    ...overrides,
  };
}

function counters(values: Partial<Counters>): Counters {
  return { ...emptyCounters(), ...values };
}

function rule(expr: string, opts: { key?: string; weight?: number; subject?: RuleSubject; id?: string } = {}) {
  return compileRuleVersion({
    key: opts.key ?? 'r',
    expr,
    version: 3,
    weight: opts.weight ?? 10,
    detail: `detail of ${opts.key ?? 'r'}`,
    subject: opts.subject ?? 'source',
    ...(opts.id ? { id: opts.id } : {}),
  });
}

/** Whether a single rule fires on the input (and did not fail). */
function fires(expr: string, event: ScoringInput = input()): boolean {
  const { fired, errors } = evaluateRules([rule(expr)], event);
  expect(errors).toEqual([]);
  return fired.length === 1;
}

/** The RuleCompileError message for an expression (fails the test when it compiles). */
function compileError(expr: string, key = 'big'): string {
  try {
    compileRule({ key, expr });
  } catch (e) {
    expect(e).toBeInstanceOf(RuleCompileError);
    expect(e).toBeInstanceOf(Error);
    return (e as RuleCompileError).message;
  }
  throw new Error(`expected ${expr} not to compile`);
}

describe('variables', () => {
  it('reads every variable with its declared type', () => {
    const event = input({
      type: 'card_authorization',
      amount: 42.25,
      currency: 'GBP',
      rail: 'visa',
      source_id: 'alice',
      destination_id: 'shop',
      features: counters({ txn_count_24h: 7 }),
      dest_features: counters({ in_senders_1h: 2 }),
    });
    expect(fires('type == "card_authorization"', event)).toBe(true);
    expect(fires('amount == 42.25', event)).toBe(true);
    expect(fires('currency == "GBP"', event)).toBe(true);
    expect(fires('rail == "visa"', event)).toBe(true);
    expect(fires('source_id == "alice"', event)).toBe(true);
    expect(fires('destination_id == "shop"', event)).toBe(true);
    expect(fires('features.txn_count_24h == 7', event)).toBe(true);
    expect(fires('dest_features.in_senders_1h == 2', event)).toBe(true);
    expect(fires('source_id == "bob"', event)).toBe(false);
  });

  it('exposes every counter in both maps, 0 by default, as ints', () => {
    for (const name of COUNTER_NAMES) {
      expect(fires(`features.${name} == 0 && dest_features.${name} == 0`)).toBe(true);
      expect(fires(`"${name}" in features && features["${name}"] == 0`)).toBe(true);
      const event = input({ features: counters({ [name]: 6 }), dest_features: counters({ [name]: 9 }) });
      expect(fires(`features.${name} > 5 && dest_features.${name} == 9`, event)).toBe(true);
    }
  });

  it('compares int counters with int literals, including large whole-unit values', () => {
    const event = input({ features: counters({ txn_count_24h: 6, in_value_24h: 12_345_678_901 }) });
    expect(fires('features.txn_count_24h > 5', event)).toBe(true);
    expect(fires('features.txn_count_24h > 6', event)).toBe(false);
    expect(fires('features.in_value_24h == 12345678901', event)).toBe(true);
    expect(fires('features.in_value_24h * 10 >= features.txn_count_24h * 9', event)).toBe(true);
  });

  it('reads amount as a double even when it is a whole number', () => {
    expect(fires('amount >= 4500.0', input({ amount: 4500 }))).toBe(true);
    expect(fires('amount >= 4500.0', input({ amount: 4499.99 }))).toBe(false);
    expect(fires('amount == 0.0', input({ amount: 0 }))).toBe(true);
  });
});

describe('the variable `type`', () => {
  it('compiles and evaluates type == "transfer"', () => {
    expect(fires('type == "transfer"')).toBe(true);
    expect(fires('type == "transfer"', input({ type: 'login' }))).toBe(false);
    expect(fires('type != "login" && type.startsWith("trans")')).toBe(true);
    expect(fires('type in ["cash_out", "transfer"]')).toBe(true);
  });

  it('leaves string literals containing the word type alone', () => {
    expect(fires('type == "type"', input({ type: 'type' }))).toBe(true);
    expect(fires('type == "type"')).toBe(false);
    expect(fires("rail == 'type of rail'", input({ rail: 'type of rail' }))).toBe(true);
    expect(fires('rail == r"type" || rail == """a type""" || rail == "say \\"type\\""', input({ rail: 'say "type"' }))).toBe(
      true,
    );
  });

  it('leaves comments and the built-in type() function alone', () => {
    expect(fires('type == "transfer" // the type of the event')).toBe(true);
    expect(fires('type(amount) == double && type(type) == string')).toBe(true);
  });

  it('words compile errors in terms of type, never the internal name', () => {
    for (const expr of ['type == 1', 'type + 1 > 2', 'type[0] == "a"', 'type.nope()', 'type.type == "a"']) {
      const message = compileError(expr, 'k');
      expect(message.startsWith('rule k: ')).toBe(true);
      expect(message).not.toMatch(/_ty_/);
    }
  });

  it('does not let a rule reach the internal name', () => {
    expect(compileError('_ty_ == "transfer"')).toBe('rule big: Unknown variable: _ty_ at column 1');
  });
});

describe('renaming type in the source', () => {
  const renamed = (src: string) => renameTypeIdentifier(src).source;

  it('renames only the identifier, keeping every offset', () => {
    expect(renamed('type == "type"')).toBe('_ty_ == "type"');
    expect(renamed("type\n  == 'type' && x.type == type")).toBe("_ty_\n  == 'type' && x.type == _ty_");
    expect(renamed(`r"type" + b'type' + """type "" type""" + '''type''' == type`)).toBe(
      `r"type" + b'type' + """type "" type""" + '''type''' == _ty_`,
    );
    expect(renamed('"a \\" type" == type')).toBe('"a \\" type" == _ty_');
    expect(renamed('type // "type" type\n|| types == type')).toBe('_ty_ // "type" type\n|| types == _ty_');
    expect(renamed('type (amount) == double && mytype == subtype')).toBe('type (amount) == double && mytype == subtype');
    expect(renamed('x . type == 1e5 && 1.5e-3 > 0x1F')).toBe('x . type == 1e5 && 1.5e-3 > 0x1F');
    for (const src of ['type == "transfer"', 'a.type || type', '"type"']) expect(renamed(src).length).toBe(src.length);
  });

  it('flags the internal name used as an identifier', () => {
    expect(renameTypeIdentifier('_ty_ == "x"').misuse).toEqual({ start: 0, end: 4 });
    expect(renameTypeIdentifier('x._ty_ == "_ty_"').misuse).toBeUndefined();
  });
});

describe('compile errors', () => {
  it('refuses an expression that does not return bool, with the exact message', () => {
    expect(compileError('amount', 'big')).toBe('rule big: expression must return bool');
    expect(compileError('features.txn_count_24h + 1', 'velocity')).toBe('rule velocity: expression must return bool');
    expect(compileError('type', 'k')).toBe('rule k: expression must return bool');
    expect(compileError('dyn(true)', 'k')).toBe('rule k: expression must return bool');
  });

  it('reports a parse error as rule <key>: <compiler message>', () => {
    const message = compileError('amount >', 'broken');
    expect(message.startsWith('rule broken: ')).toBe(true);
    expect(message).toBe('rule broken: Unexpected token: EOF at column 9');
    expect(compileError('(amount > 1.0', 'broken')).toMatch(/^rule broken: Expected RPAREN/);
    expect(compileError('', 'empty')).toMatch(/^rule empty: /);
  });

  it('reports type errors: unknown variables, wrong operand types', () => {
    expect(compileError('device_id == "d"', 'k')).toBe('rule k: Unknown variable: device_id at column 1');
    expect(compileError('currency == 1', 'k')).toMatch(/^rule k: no such overload: string == int/);
  });

  it('says to write a double literal when a double is compared with an int', () => {
    expect(compileError('amount >= 4500', 'big')).toBe(
      'rule big: amount is a double; compare it with a double literal such as 4500.0, not 4500',
    );
    expect(compileError('amount == 4500', 'big')).toBe(
      'rule big: amount is a double; compare it with a double literal such as 4500.0, not 4500',
    );
    expect(compileError('10000 < amount', 'big')).toMatch(/such as 10000\.0, not 10000$/);
    expect(compileError('type == "x" && (amount > 1000 || amount < 5.0)', 'big')).toMatch(/such as 1000\.0, not 1000$/);
    expect(compileError('amount * 2 > 10.0', 'big')).toMatch(/amount is a double; .* 2\.0, not 2$/);
    expect(compileError('amount in [4500, 5000]', 'big')).toMatch(/amount is a double; .*4500\.0/);
  });

  it('says how to mix an int counter with a double', () => {
    expect(compileError('features.txn_count_24h > 5.0', 'k')).toBe(
      'rule k: features.txn_count_24h is an int; compare it with an int literal such as 5, not 5.0',
    );
    expect(compileError('amount > features.in_value_24h', 'k')).toMatch(/double\(features\.in_value_24h\)/);
    expect(fires('amount > double(features.in_value_24h)', input({ amount: 10 }))).toBe(true);
  });

  it('refuses a counter name that does not exist', () => {
    expect(compileError('features.txn_count > 1', 'k')).toMatch(/^rule k: features has no counter "txn_count"; the counters are txn_count_24h, /);
    expect(compileError('dest_features["senders"] > 1', 'k')).toMatch(/^rule k: dest_features has no counter "senders"/);
  });

  it('compiles once and evaluates many times', () => {
    const compiled = compileRule({ key: 'k', expr: 'amount > 10.0' });
    expect(compiled.key).toBe('k');
    expect(compiled.expr).toBe('amount > 10.0');
  });
});

describe('evaluateRules', () => {
  it('reports fired rules with their version, weight, detail, subject and id', () => {
    const rules = [
      rule('amount > 100.0', { key: 'big', weight: 30, id: 'id-1' }),
      rule('amount > 1000.0', { key: 'huge', weight: 50 }),
      rule('dest_features.in_senders_1h >= 1', { key: 'fan', weight: 20, subject: 'destination' }),
    ];
    const { fired, errors } = evaluateRules(rules, input({ amount: 500, dest_features: counters({ in_senders_1h: 1 }) }));
    expect(errors).toEqual([]);
    expect(fired).toEqual([
      { rule: 'big', version: 3, detail: 'detail of big', weight: 30, subject: 'source', rule_id: 'id-1' },
      { rule: 'fan', version: 3, detail: 'detail of fan', weight: 20, subject: 'destination' },
    ]);
  });

  it('records a run-time error in one rule and still runs the others', () => {
    const rules = [
      rule('amount > 1.0', { key: 'before' }),
      rule('100 / features.txn_count_24h > 1', { key: 'divides', id: 'id-div' }),
      rule('features[source_id] > 1', { key: 'missing_key' }),
      rule('features.in_value_24h * features.in_value_24h > 0', { key: 'overflows' }),
      rule('amount > 2.0', { key: 'after' }),
    ];
    const { fired, errors } = evaluateRules(rules, input({ amount: 10, features: counters({ in_value_24h: 2 ** 40 }) }));
    expect(fired.map((f) => f.rule)).toEqual(['before', 'after']);
    expect(errors).toEqual([
      { rule: 'divides', version: 3, rule_id: 'id-div', code: 'division_by_zero', message: 'division by zero' },
      { rule: 'missing_key', version: 3, code: 'no_such_key', message: 'No such key: cust-1' },
      { rule: 'overflows', version: 3, code: expect.any(String), message: expect.stringMatching(/overflow/) },
    ]);
  });

  it('reads a missing counter map or a non-finite amount as 0', () => {
    const event = { ...input({ amount: Number.NaN }), features: undefined } as unknown as ScoringInput;
    expect(fires('amount == 0.0 && features.txn_count_24h == 0', event)).toBe(true);
  });

  it('returns nothing for no rules', () => {
    expect(evaluateRules([], input())).toEqual({ fired: [], errors: [] });
  });
});

describe('decide', () => {
  const w = (...weights: number[]) => weights.map((weight) => ({ weight }));

  it('adds the weights and caps the risk score at 100', () => {
    expect(decide(w())).toEqual({ decision: 'allow', risk_score: 0 });
    expect(decide(w(10, 15))).toEqual({ decision: 'allow', risk_score: 25 });
    expect(decide(w(60, 70))).toEqual({ decision: 'block', risk_score: 100 });
    expect(decide(w(100, 100, 100))).toEqual({ decision: 'block', risk_score: 100 });
  });

  it('applies the default thresholds: review at 40, block at 80', () => {
    expect(DEFAULT_THRESHOLDS).toEqual({ block: 80, review: 40 });
    expect(decide(w(39)).decision).toBe('allow');
    expect(decide(w(40)).decision).toBe('review');
    expect(decide(w(20, 20)).decision).toBe('review');
    expect(decide(w(79)).decision).toBe('review');
    expect(decide(w(80)).decision).toBe('block');
    expect(decide(w(40, 40)).decision).toBe('block');
  });

  it('applies configured thresholds', () => {
    const t = { block: 60, review: 20 };
    expect(decide(w(19), t)).toEqual({ decision: 'allow', risk_score: 19 });
    expect(decide(w(20), t)).toEqual({ decision: 'review', risk_score: 20 });
    expect(decide(w(60), t)).toEqual({ decision: 'block', risk_score: 60 });
  });

  it('takes the fired rules of evaluateRules as they are', () => {
    const { fired } = evaluateRules([rule('true', { weight: 45 })], input());
    expect(decide(fired, DEFAULT_THRESHOLDS)).toEqual({ decision: 'review', risk_score: 45 });
  });
});
