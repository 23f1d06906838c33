import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { ruleVersions } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { isSameOwner } from '@/lib/auth/owners';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError, ForbiddenError, NotFoundError } from '@/lib/errors';
import { invalidateRuleSet } from './active-rule-set';
import { bumpRuleSetVersion } from './bump-rule-set';
import { lockRuleKey } from './locks';
import type { RuleVersionRow } from './serialize';

export const RULE_NOT_FOUND = 'rule not found';
export const ONLY_DRAFT_MESSAGE = 'only a draft can be activated';
export const AUTHOR_MESSAGE = 'the author of a rule cannot approve it';
export const ACTIVATE_ROLE_MESSAGE = 'only a reviewer or an admin can activate a rule';

/**
 * Activates a draft, approved by an actor with another owner than its author's (a key acts for its owner): the key's active version (if any) is retired
 * in the same transaction, the organisation's rule set version rises, and this instance drops its cached
 * rule set at once (other instances see the new version within RULE_SET_CHECK_MS).
 *
 * Checks, in order: 404 (no such rule in the organisation), 409 (not a draft: already active or retired,
 * including a colleague's activation that won a race), then 403 (the caller wrote it). Before all of these, the
 * role: activating is approving (lib/auth/policy.ts), so a person needs to be a reviewer or an admin. The state comes
 * before four-eyes because it is a fact about the rule whoever asks: an author retrying the activation of
 * a version a colleague has just approved learns that it is done, not that someone else must approve it.
 *
 * Activations of one key are serialised by the key's advisory lock, so two drafts of a key activated at
 * the same moment end with the later one active and the earlier one retired; the partial unique index
 * `rule_versions_one_active` backs this in the database.
 */
export async function activateRule(db: Database, actor: Actor, ruleId: string): Promise<RuleVersionRow> {
  authorize(actor, 'approve', ACTIVATE_ROLE_MESSAGE);
  const activated = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ key: ruleVersions.key })
      .from(ruleVersions)
      .where(and(eq(ruleVersions.orgId, actor.orgId), eq(ruleVersions.id, ruleId)));
    if (!found) throw new NotFoundError(RULE_NOT_FOUND);
    await lockRuleKey(tx, actor.orgId, found.key);

    // Read again under the lock: another activation of this key may have committed meanwhile.
    const [rule] = await tx
      .select()
      .from(ruleVersions)
      .where(and(eq(ruleVersions.orgId, actor.orgId), eq(ruleVersions.id, ruleId)))
      .for('update');
    if (!rule) throw new NotFoundError(RULE_NOT_FOUND);
    if (rule.status !== 'draft') throw new ConflictError(ONLY_DRAFT_MESSAGE);
    if (await isSameOwner(tx, actor, rule.createdBy)) throw new ForbiddenError(AUTHOR_MESSAGE);

    const retired = await tx
      .update(ruleVersions)
      .set({ status: 'retired', retiredAt: sql`now()` })
      .where(
        and(
          eq(ruleVersions.orgId, actor.orgId),
          eq(ruleVersions.key, rule.key),
          eq(ruleVersions.status, 'active'),
          ne(ruleVersions.id, rule.id),
        ),
      )
      .returning();
    const [row] = await tx
      .update(ruleVersions)
      .set({ status: 'active', approvedBy: actor.actorId, activatedAt: sql`now()` })
      .where(and(eq(ruleVersions.orgId, actor.orgId), eq(ruleVersions.id, rule.id), eq(ruleVersions.status, 'draft')))
      .returning();
    if (!row) throw new ConflictError(ONLY_DRAFT_MESSAGE);

    await bumpRuleSetVersion(tx, actor.orgId);
    for (const old of retired) {
      await recordAudit(tx, actor, {
        action: 'rule.retired',
        targetType: 'rule_version',
        targetId: old.id,
        changes: { key: old.key, version: old.version, status: { from: 'active', to: 'retired' }, replaced_by: row.id },
      });
    }
    await recordAudit(tx, actor, {
      action: 'rule.activated',
      targetType: 'rule_version',
      targetId: row.id,
      changes: {
        key: row.key,
        version: row.version,
        status: { from: 'draft', to: 'active' },
        created_by: row.createdBy,
        approved_by: row.approvedBy,
        ...(retired[0] ? { retired: retired.map((r) => ({ id: r.id, version: r.version })) } : {}),
      },
    });
    return row;
  });
  invalidateRuleSet(actor.orgId);
  return activated;
}
