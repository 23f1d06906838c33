import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '@/db/client';
import { ruleVersions } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { InvalidInputError } from '@/lib/errors';
import { compileRule, RuleCompileError } from '@/lib/scoring/engine';
import { parseInput } from '@/lib/validation';
import { lockRuleKey } from './locks';
import { ruleDraftInput } from './schemas';
import type { RuleVersionRow } from './serialize';

export {
  DETAIL_LENGTH_MESSAGE,
  DETAIL_MESSAGE,
  EXPR_LENGTH_MESSAGE,
  EXPR_MESSAGE,
  KEY_MESSAGE,
  KEY_PATTERN,
  MAX_DETAIL_LENGTH,
  SUBJECT_MESSAGE,
  WEIGHT_MESSAGE,
} from './schemas';

/** A draft: key, expression, weight, detail and (by default `source`) the subject it scores. */
export type RuleDraftInput = z.input<typeof ruleDraftInput>;

/**
 * Creates the next version of a rule key as a draft (version 1 for a new key). The expression is compiled
 * first, so a draft that exists always compiles. Numbering takes the key's advisory lock, so two drafts of
 * one key created at the same moment get consecutive versions rather than a unique-index failure.
 */
export async function createRuleDraft(db: Database, actor: Actor, input: RuleDraftInput): Promise<RuleVersionRow> {
  authorize(actor, 'work');
  const draft = parseInput(ruleDraftInput, input);
  try {
    compileRule({ key: draft.key, expr: draft.expr });
  } catch (err) {
    if (err instanceof RuleCompileError) throw new InvalidInputError(err.message, 'expr');
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
