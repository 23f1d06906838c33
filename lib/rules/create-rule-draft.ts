import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { ruleVersions } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit/record';
import { InvalidInputError } from '@/lib/errors';
import { compileRule, MAX_EXPRESSION_LENGTH, RuleCompileError, type RuleSubject } from '@/lib/scoring/engine';
import { lockRuleKey } from './locks';
import type { RuleVersionRow } from './serialize';

export const KEY_MESSAGE = 'key must be lowercase letters, digits and underscores, starting with a letter';
export const EXPR_MESSAGE = 'expr is required';
export const WEIGHT_MESSAGE = 'weight must be between 1 and 100';
export const DETAIL_MESSAGE = 'detail is required';
export const SUBJECT_MESSAGE = 'subject must be source or destination';
export const MAX_DETAIL_LENGTH = 500;
export const EXPR_LENGTH_MESSAGE = `expression must be at most ${MAX_EXPRESSION_LENGTH} characters`;
// The detail is copied into every decision the rule fires on, so it is kept short.
export const DETAIL_LENGTH_MESSAGE = `detail must be at most ${MAX_DETAIL_LENGTH} characters`;

/** Lowercase letters, digits and underscores, starting with a letter, 2 to 64 characters. */
export const KEY_PATTERN = /^[a-z][a-z0-9_]{1,63}$/;

export interface RuleDraftInput {
  key: string;
  expr: string;
  weight: number;
  detail: string;
  subject?: RuleSubject;
}

/** The interface's checks on a draft, in field order; the route's schema gives the same messages. */
function validate(input: RuleDraftInput): Required<RuleDraftInput> {
  if (typeof input.key !== 'string' || !KEY_PATTERN.test(input.key)) throw new InvalidInputError(KEY_MESSAGE);
  if (typeof input.expr !== 'string' || input.expr.trim() === '') throw new InvalidInputError(EXPR_MESSAGE);
  if (input.expr.length > MAX_EXPRESSION_LENGTH) throw new InvalidInputError(EXPR_LENGTH_MESSAGE);
  if (typeof input.weight !== 'number' || !Number.isInteger(input.weight) || input.weight < 1 || input.weight > 100) {
    throw new InvalidInputError(WEIGHT_MESSAGE);
  }
  if (typeof input.detail !== 'string' || input.detail.trim() === '') throw new InvalidInputError(DETAIL_MESSAGE);
  if (input.detail.length > MAX_DETAIL_LENGTH) throw new InvalidInputError(DETAIL_LENGTH_MESSAGE);
  const subject = input.subject ?? 'source';
  if (subject !== 'source' && subject !== 'destination') throw new InvalidInputError(SUBJECT_MESSAGE);
  return { key: input.key, expr: input.expr, weight: input.weight, detail: input.detail, subject };
}

/**
 * Creates the next version of a rule key as a draft (version 1 for a new key). The expression is compiled
 * first, so a draft that exists always compiles. Numbering takes the key's advisory lock, so two drafts of
 * one key created at the same moment get consecutive versions rather than a unique-index failure.
 */
export async function createRuleDraft(db: Database, actor: Actor, input: RuleDraftInput): Promise<RuleVersionRow> {
  const draft = validate(input);
  try {
    compileRule({ key: draft.key, expr: draft.expr });
  } catch (err) {
    if (err instanceof RuleCompileError) throw new InvalidInputError(err.message);
    throw err;
  }
  return db.transaction(async (tx) => {
    await lockRuleKey(tx, actor.orgId, draft.key);
    const [latest] = await tx
      .select({ version: sql<number>`coalesce(max(${ruleVersions.version}), 0)::int` })
      .from(ruleVersions)
      .where(and(eq(ruleVersions.orgId, actor.orgId), eq(ruleVersions.key, draft.key)));
    const version = (latest?.version ?? 0) + 1;
    const [row] = await tx
      .insert(ruleVersions)
      .values({ orgId: actor.orgId, ...draft, version, status: 'draft', createdBy: actor.actorId })
      .returning();
    if (!row) throw new Error('rule version insert returned no row');
    await recordAudit(tx, actor, {
      action: 'rule.drafted',
      targetType: 'rule_version',
      targetId: row.id,
      changes: { key: row.key, version: row.version, expr: row.expr, weight: row.weight, detail: row.detail, subject: row.subject },
    });
    return row;
  });
}
