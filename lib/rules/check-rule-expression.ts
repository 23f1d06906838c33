import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { compileRule, RuleCompileError } from '@/lib/scoring/engine';
import { EXPR_LENGTH_MESSAGE, EXPR_MESSAGE, KEY_PATTERN } from './schemas';
import { MAX_EXPRESSION_LENGTH } from '@/lib/scoring/engine';

/** What the compiler says of an expression: nothing, or its message and where in the text it points. */
export type ExpressionCheck = { ok: true } | { ok: false; message: string; range?: { start: number; end: number } };

/** The key the message names when the author has not chosen a valid one yet. */
const PLACEHOLDER_KEY = 'new_rule';

/**
 * Compiles an expression as POST /v1/rules does (the same compiler, the same messages), without storing
 * anything: the rule editor calls it as the author types.
 */
export function checkRuleExpression(actor: Actor, input: { key: string; expr: string }): ExpressionCheck {
  authorize(actor, 'work');
  const key = KEY_PATTERN.test(input.key) ? input.key : PLACEHOLDER_KEY;
  if (input.expr.trim() === '') return { ok: false, message: EXPR_MESSAGE };
  if (input.expr.length > MAX_EXPRESSION_LENGTH) return { ok: false, message: EXPR_LENGTH_MESSAGE };
  try {
    compileRule({ key, expr: input.expr });
    return { ok: true };
  } catch (err) {
    if (err instanceof RuleCompileError) return { ok: false, message: err.message, ...(err.range ? { range: err.range } : {}) };
    throw err;
  }
}
