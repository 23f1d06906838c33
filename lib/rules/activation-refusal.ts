import type { Queryable } from '@/db/client';
import { refusalOf } from '@/lib/alerts/closure-review';
import type { Actor } from '@/lib/auth/actor';
import { isSameOwner } from '@/lib/auth/owners';
import { ACTIVATE_ROLE_MESSAGE, AUTHOR_MESSAGE, ONLY_DRAFT_MESSAGE } from './activate-rule';
import type { RuleVersionRow } from './serialize';

/**
 * Why the actor cannot activate this version now, as activateRule would refuse it, or null when they
 * can: the role (reviewers and admins activate), the state (only a draft), and four-eyes by owner (the
 * author, through the console or any of their keys, is not a second person). For the console, so the
 * Activate control is disabled with its reason before anyone clicks.
 */
export async function activationRefusal(db: Queryable, actor: Actor, rule: Pick<RuleVersionRow, 'status' | 'createdBy'>): Promise<string | null> {
  if (refusalOf(actor, 'approve') !== undefined) return ACTIVATE_ROLE_MESSAGE;
  if (rule.status !== 'draft') return ONLY_DRAFT_MESSAGE;
  if (await isSameOwner(db, actor, rule.createdBy)) return AUTHOR_MESSAGE;
  return null;
}
