import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { ruleVersions } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import type { RuleVersionRow } from './serialize';

/** A draft waiting for a second person to activate it, with the key's active version it would replace. */
export interface DraftAwaitingActivation {
  draft: RuleVersionRow;
  activeVersion: number | null;
}

/**
 * The organisation's drafts, oldest first (each waits for someone other than its author to activate it),
 * at most `limit`, read on the (org_id, status) index, with the active version of each draft's key.
 */
export async function draftsAwaitingActivation(db: Queryable, actor: Actor, input: { limit: number }): Promise<DraftAwaitingActivation[]> {
  const [drafts, active] = await Promise.all([
    db
      .select()
      .from(ruleVersions)
      .where(and(eq(ruleVersions.orgId, actor.orgId), eq(ruleVersions.status, 'draft')))
      .orderBy(asc(ruleVersions.createdAt), asc(ruleVersions.id))
      .limit(input.limit),
    db
      .select({ key: ruleVersions.key, version: ruleVersions.version })
      .from(ruleVersions)
      .where(and(eq(ruleVersions.orgId, actor.orgId), eq(ruleVersions.status, 'active'))),
  ]);
  const activeOf = new Map(active.map((a) => [a.key, a.version]));
  return drafts.map((draft) => ({ draft, activeVersion: activeOf.get(draft.key) ?? null }));
}
