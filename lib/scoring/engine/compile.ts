/**
 * Compiles a rule expression once: parse, type-check against the interface's variables, and the checks
 * the library does not make on its own (double compared with int, unknown counter names). The result is
 * evaluated many times by `evaluate.ts` without further parsing or checking.
 */
import { Environment, ParseError, serialize, TypeError as CelTypeError } from '@marcbachmann/cel-js';
import { COUNTER_NAMES, isCounterName } from './counters';
import { compilePattern, MATCHES_FUNCTION, patternMatches, RegexSyntaxError } from './regex';

/** A rule that failed to compile. `message` is the user-facing text answered by POST /v1/rules. */
export class RuleCompileError extends Error {
  constructor(
    readonly ruleKey: string,
    message: string,
    /** Where in the expression the problem is (0-based offsets into the source as written), when known. */
    readonly range?: { start: number; end: number },
  ) {
    super(message);
    this.name = 'RuleCompileError';
  }
}

/**
 * CEL reserves `type` (the type-of function and the type of types), so the library refuses a variable of
 * that name. Rules still write `type`; compile renames the identifier to this internal name. It has the
 * same length as `type`, so every offset and every caret the library reports stays valid for the source
 * as the author wrote it.
 */
export const TYPE_VARIABLE = '_ty_';

/** What a compiled program reads. `evaluate.ts` builds one per event and shares it across rules. */
export type Activation = {
  [TYPE_VARIABLE]: string;
  amount: number;
  currency: string;
  rail: string;
  source_id: string;
  destination_id: string;
  features: CelCounters;
  dest_features: CelCounters;
};

/** Counters as CEL sees them: `map(string, int)`, and CEL ints are BigInt. */
export type CelCounters = Record<string, bigint>;

export interface CompiledRule {
  readonly key: string;
  /** The expression as written by the author. */
  readonly expr: string;
  /** The parsed and type-checked program; throws the library's EvaluationError on a run-time failure. */
  readonly program: (activation: Activation) => unknown;
}

/** Whose alert a match goes on. */
export type RuleSubject = 'source' | 'destination';

/** What a stored rule version adds to its expression. `id` is absent for the built-in pack. */
export interface RuleVersionMeta {
  id?: string;
  key: string;
  version: number;
  weight: number;
  detail: string;
  subject: RuleSubject;
}

export type CompiledRuleVersion = CompiledRule & RuleVersionMeta;

/** Compiles a stored rule version (or a pack rule) into what `evaluateRules` runs. */
export function compileRuleVersion(def: RuleVersionMeta & { expr: string }): CompiledRuleVersion {
  const compiled = compileRule(def);
  const meta: RuleVersionMeta = {
    key: def.key,
    version: def.version,
    weight: def.weight,
    detail: def.detail,
    subject: def.subject,
  };
  if (def.id !== undefined) meta.id = def.id;
  return { ...compiled, ...meta };
}

/**
 * The variables a rule reads, as the interface's "Scoring rules" table names them: the environment is
 * declared from this list, and the console's rule editor lists it beside the expression.
 */
export const RULE_VARIABLES = Object.freeze([
  { name: 'type', celType: 'string', meaning: 'Event type' },
  { name: 'amount', celType: 'double', meaning: 'amount.value, or 0' },
  { name: 'currency', celType: 'string', meaning: 'amount.currency, or empty' },
  { name: 'rail', celType: 'string', meaning: 'As sent, or empty' },
  { name: 'source_id', celType: 'string', meaning: 'source.entity_id, or empty' },
  { name: 'destination_id', celType: 'string', meaning: 'destination.entity_id, or empty' },
  { name: 'features', celType: 'map<string, int>', meaning: 'Counters for the source' },
  { name: 'dest_features', celType: 'map<string, int>', meaning: 'Same counters for the destination' },
] as const);

export type RuleVariable = (typeof RULE_VARIABLES)[number];

// One environment for every rule: building it is the expensive part, and it is immutable once declared.
const environment = RULE_VARIABLES.reduce(
  (env, v) => env.registerVariable(v.name === 'type' ? TYPE_VARIABLE : v.name, v.celType),
  new Environment(),
);

/**
 * The environment programs run in: the same variables, plus `matches` on the linear-time RE2 engine under
 * another name. The library's own `string.matches` runs a backtracking RegExp (a pattern such as
 * `^(a+)+$` takes exponential time on the event loop) and cannot be re-registered, so compile renames
 * the calls (see `withLinearMatches`).
 */
const programEnvironment = environment
  .clone()
  .registerFunction(`string.${MATCHES_FUNCTION}(string): bool`, (text: string, pattern: string) => patternMatches(text, pattern));

/** Longest expression a rule may have (DESIGN, "Rule expressions"); also checked by POST /v1/rules. */
export const MAX_EXPRESSION_LENGTH = 4000;

const COUNTER_MAPS = new Set(['features', 'dest_features']);
const COMPARISONS = new Set(['<', '<=', '>', '>=', '==', '!=']);
const ARITHMETIC = new Set(['+', '-', '*', '/', '%']);

export function compileRule(def: { key: string; expr: string }): CompiledRule {
  const { key, expr } = def;
  const fail = (message: string, range?: { start: number; end: number }): never => {
    throw new RuleCompileError(key, `rule ${key}: ${message}`, range);
  };

  if (typeof expr !== 'string') fail('expression must be a string');
  if (expr.length > MAX_EXPRESSION_LENGTH) fail(`expression must be at most ${MAX_EXPRESSION_LENGTH} characters`);

  const rewritten = renameTypeIdentifier(expr);
  if (rewritten.misuse) {
    // The internal name must not be reachable from a rule, or it would silently alias `type`.
    fail(`Unknown variable: ${TYPE_VARIABLE}${at(expr, rewritten.misuse.start)}`, rewritten.misuse);
  }

  let parsed: ReturnType<Environment['parse']>;
  try {
    parsed = environment.parse(rewritten.source);
  } catch (error) {
    return fail(libraryMessage(error, expr), errorRange(error));
  }

  const checked = parsed.check();
  if (!checked.valid) {
    const error = checked.error;
    const mixed = error instanceof CelTypeError && error.code === 'no_such_overload' ? mixedNumbers(error.node, expr) : null;
    if (mixed) fail(mixed);
    fail(libraryMessage(error, expr), errorRange(error));
  }
  if (checked.type !== 'bool') fail('expression must return bool');

  // The library orders doubles against ints without complaint; the interface forbids it (Scoring rules, 5).
  const root: unknown = parsed.ast;
  let usesMatches = false;
  forEachNode(root, (node) => {
    const pattern = matchesPattern(node);
    if (pattern !== null) {
      usesMatches = true;
      // A literal pattern is compiled now, so one RE2 refuses (a backreference, a lookaround) is a compile error.
      if (pattern.literal !== undefined) {
        try {
          compilePattern(pattern.literal);
        } catch (error) {
          if (error instanceof RegexSyntaxError) fail(`${error.message}${at(expr, pattern.node.start)}`, { start: pattern.node.start, end: pattern.node.end });
          throw error;
        }
      }
    }
    if (COMPARISONS.has(node.op)) {
      const mixed = mixedNumbers(node, expr);
      if (mixed) fail(mixed);
    }
    const counter = staticCounterAccess(node);
    if (counter && !isCounterName(counter.name)) {
      fail(
        `${counter.map} has no counter "${counter.name}"; the counters are ${COUNTER_NAMES.join(', ')}`,
        { start: node.start, end: node.end },
      );
    }
  });

  return { key, expr, program: usesMatches ? withLinearMatches(root) : parsed };
}

/** A `x.matches(p)` call: its pattern node, and the pattern when it is written as a string literal. */
function matchesPattern(node: Node): { node: Node; literal?: string } | null {
  if (node.op !== 'rcall' || !Array.isArray(node.args) || node.args[0] !== 'matches') return null;
  const callArgs: unknown = node.args[2];
  if (!Array.isArray(callArgs) || callArgs.length !== 1 || !isNode(callArgs[0])) return null;
  const pattern = callArgs[0];
  return pattern.op === 'value' && typeof pattern.args === 'string' ? { node: pattern, literal: pattern.args } : { node: pattern };
}

/**
 * The checked program with every `matches` call running on RE2: the checked tree with those calls
 * renamed, written back as CEL and parsed in the program environment. The author's expression has been
 * checked already, so messages and offsets never refer to this rewritten text.
 */
function withLinearMatches(root: unknown): CompiledRule['program'] {
  forEachNode(root, (node) => {
    if (matchesPattern(node) !== null) (node.args as unknown[])[0] = MATCHES_FUNCTION;
  });
  const rewritten = programEnvironment.parse(serialize(root as Parameters<typeof serialize>[0]));
  const checked = rewritten.check();
  if (!checked.valid || checked.type !== 'bool') throw new Error('a rule expression did not survive the RE2 rewrite');
  return rewritten;
}

// ---------------------------------------------------------------------------------------------------
// Renaming `type`

interface Rewrite {
  source: string;
  /** Where the author used the internal name itself. */
  misuse?: { start: number; end: number };
}

/**
 * Renames the identifier `type` to TYPE_VARIABLE, mirroring the library's lexer (parser.js, class Lexer)
 * so that string and bytes literals (plain, raw, triple-quoted), comments, numbers, field selections
 * (`x.type`) and calls of the built-in `type(...)` function are left alone.
 */
export function renameTypeIdentifier(src: string): Rewrite {
  const n = src.length;
  let out = '';
  let copied = 0;
  let misuse: Rewrite['misuse'];
  let afterDot = false;
  let i = 0;
  while (i < n) {
    const ch = src[i]!;
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      i++;
      continue;
    }
    if (ch === '/' && src[i + 1] === '/') {
      while (i < n && src[i] !== '\n') i++;
      continue;
    }
    if (ch === '"' || ch === "'") {
      i = skipString(src, i, ch);
      afterDot = false;
      continue;
    }
    if ((ch === 'b' || ch === 'B' || ch === 'r' || ch === 'R') && (src[i + 1] === '"' || src[i + 1] === "'")) {
      i = skipString(src, i + 1, src[i + 1]!);
      afterDot = false;
      continue;
    }
    const code = ch.charCodeAt(0);
    if (isDigit(code)) {
      i = skipNumber(src, i);
      afterDot = false;
      continue;
    }
    if (isIdentifierChar(code)) {
      const start = i;
      while (i < n && isIdentifierChar(src.charCodeAt(i))) i++;
      const word = src.slice(start, i);
      if (!afterDot && (word === 'type' || word === TYPE_VARIABLE) && !followedByParen(src, i)) {
        if (word === 'type') {
          out += src.slice(copied, start) + TYPE_VARIABLE;
          copied = i;
        } else {
          misuse ??= { start, end: i };
        }
      }
      afterDot = false;
      continue;
    }
    afterDot = ch === '.';
    i++;
  }
  return { source: copied === 0 ? src : out + src.slice(copied), misuse };
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

// Same character class as the library: ASCII letters, digits and underscore.
function isIdentifierChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || isDigit(code) || code === 95;
}

function isHexDigit(ch: string | undefined): boolean {
  return ch !== undefined && /^[0-9a-fA-F]$/.test(ch);
}

/** Index just past a string literal opening at `i` (a backslash always escapes the next character). */
function skipString(src: string, i: number, quote: string): number {
  const n = src.length;
  if (src[i + 1] === quote && src[i + 2] === quote) {
    let p = i + 3;
    while (p < n) {
      if (src[p] === '\\') p += 2;
      else if (src[p] === quote && src[p + 1] === quote && src[p + 2] === quote) return p + 3;
      else p++;
    }
    return n;
  }
  let p = i + 1;
  while (p < n) {
    const c = src[p];
    if (c === '\\') p += 2;
    else if (c === quote) return p + 1;
    else if (c === '\n' || c === '\r') return p; // the library rejects this; just stop here
    else p++;
  }
  return n;
}

function skipNumber(src: string, i: number): number {
  let p = i;
  if (src[p] === '0' && (src[p + 1] === 'x' || src[p + 1] === 'X')) {
    p += 2;
    while (isHexDigit(src[p])) p++;
  } else {
    while (p < src.length && isDigit(src.charCodeAt(p))) p++;
    if (src[p] === '.' && isDigit(src.charCodeAt(p + 1))) {
      p++;
      while (p < src.length && isDigit(src.charCodeAt(p))) p++;
    }
    if (src[p] === 'e' || src[p] === 'E') {
      let q = p + 1;
      if (src[q] === '+' || src[q] === '-') q++;
      if (isDigit(src.charCodeAt(q))) {
        p = q;
        while (p < src.length && isDigit(src.charCodeAt(p))) p++;
      }
    }
  }
  if (src[p] === 'u' || src[p] === 'U') p++;
  return p;
}

/** Whether the next token after `i` is `(`, skipping blanks and comments as the lexer does. */
function followedByParen(src: string, i: number): boolean {
  let p = i;
  while (p < src.length) {
    const c = src[p];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') p++;
    else if (c === '/' && src[p + 1] === '/') {
      while (p < src.length && src[p] !== '\n') p++;
    } else return c === '(';
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------
// The parsed tree (the library types it loosely; `checkedType` is set on each node by `check()`)

interface Node {
  op: string;
  args: unknown;
  start: number;
  end: number;
  checkedType?: { name: string };
}

function isNode(value: unknown): value is Node {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Node>;
  return typeof v.op === 'string' && typeof v.start === 'number' && typeof v.end === 'number';
}

function forEachNode(value: unknown, visit: (node: Node) => void): void {
  if (isNode(value)) {
    visit(value);
    forEachNode(value.args, visit);
  } else if (Array.isArray(value)) {
    for (const item of value) forEachNode(item, visit);
  }
}

function binaryArgs(node: Node): [Node, Node] | null {
  const args = node.args;
  if (Array.isArray(args) && args.length === 2 && isNode(args[0]) && isNode(args[1])) return [args[0], args[1]];
  return null;
}

/** `features.x` or `features["x"]`: the map and the key, when the key is written in the rule. */
function staticCounterAccess(node: Node): { map: string; name: string } | null {
  if (node.op !== '.' && node.op !== '[]') return null;
  const args = node.args;
  if (!Array.isArray(args) || !isNode(args[0])) return null;
  const target = args[0];
  if (target.op !== 'id' || typeof target.args !== 'string' || !COUNTER_MAPS.has(target.args)) return null;
  const keyArg: unknown = args[1];
  if (node.op === '.' && typeof keyArg === 'string') return { map: target.args, name: keyArg };
  if (node.op === '[]' && isNode(keyArg) && keyArg.op === 'value' && typeof keyArg.args === 'string') {
    return { map: target.args, name: keyArg.args };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Messages

const isIntType = (name: string | undefined) => name === 'int' || name === 'uint';

/** A literal integer (`4500`, `-4500`, `0x10`, `5u`) as written, with its value. */
function intLiteral(node: Node): bigint | null {
  if (node.op === 'value') {
    const v = node.args;
    if (typeof v === 'bigint') return v;
    if (typeof v === 'object' && v !== null) {
      const raw: unknown = (v as { valueOf(): unknown }).valueOf(); // a uint literal (UnsignedInt)
      if (typeof raw === 'bigint') return raw;
    }
    return null;
  }
  if (node.op === '-_' && isNode(node.args)) {
    const inner = intLiteral(node.args);
    return inner === null ? null : -inner;
  }
  return null;
}

function doubleLiteral(node: Node): number | null {
  if (node.op === 'value' && typeof node.args === 'number') return node.args;
  if (node.op === '-_' && isNode(node.args)) {
    const inner = doubleLiteral(node.args);
    return inner === null ? null : -inner;
  }
  return null;
}

/**
 * When a binary node mixes a double with an int, a message that says how to write it; otherwise null.
 * Called for comparisons the checker accepted and for `no such overload` errors it raised.
 */
function mixedNumbers(nodeLike: unknown, src: string): string | null {
  if (!isNode(nodeLike)) return null;
  const node = nodeLike;
  const sides = binaryArgs(node);
  if (!sides) return null;
  const [left, right] = sides;
  const text = (n: Node) => src.slice(n.start, n.end).trim();
  const lt = left.checkedType?.name;
  const rt = right.checkedType?.name;

  if (node.op === 'in') {
    // `amount in [4500, 5000]`: the list holds ints.
    if (lt === 'double' && (rt === 'list<int>' || rt === 'list<uint>')) {
      return `${text(left)} is a double; list double literals such as 4500.0, not 4500, or convert with double(...)`;
    }
    return null;
  }
  if (!COMPARISONS.has(node.op) && !ARITHMETIC.has(node.op)) return null;

  let dbl: Node;
  let int: Node;
  if (lt === 'double' && isIntType(rt)) [dbl, int] = [left, right];
  else if (rt === 'double' && isIntType(lt)) [dbl, int] = [right, left];
  else return null;

  const verb = COMPARISONS.has(node.op) ? 'compare it with' : 'combine it with';
  const intValue = intLiteral(int);
  if (intValue !== null) {
    return `${text(dbl)} is a double; ${verb} a double literal such as ${intValue}.0, not ${text(int)}`;
  }
  const dblValue = doubleLiteral(dbl);
  if (dblValue !== null && Number.isInteger(dblValue)) {
    return `${text(int)} is an int; ${verb} an int literal such as ${dblValue}, not ${text(dbl)}`;
  }
  return `${text(dbl)} is a double and ${text(int)} is an int; convert one side, for example double(${text(int)})`;
}

/** The library's one-line summary, worded in terms of `type`, with where it happened. */
function libraryMessage(error: unknown, src: string): string {
  if (error instanceof ParseError || error instanceof CelTypeError) {
    const summary = error.summary.split(TYPE_VARIABLE).join('type');
    return summary + (error.range ? at(src, error.range.start) : '');
  }
  if (error instanceof Error) return error.message.split(TYPE_VARIABLE).join('type');
  return String(error);
}

function errorRange(error: unknown): { start: number; end: number } | undefined {
  if (error instanceof ParseError || error instanceof CelTypeError) {
    return error.range ? { start: error.range.start, end: error.range.end } : undefined;
  }
  return undefined;
}

/** ` at column C` (1-based), or ` at line L, column C` when the expression spans lines. */
function at(src: string, offset: number): string {
  const before = src.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return src.includes('\n') ? ` at line ${line}, column ${column}` : ` at column ${column}`;
}
