import { and, eq } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { ruleSetVersions, ruleVersions } from '@/db/schema';
import { log } from '@/lib/log';
import { processState } from '@/lib/process-state';
import { compiledBuiltinPack } from '@/lib/scoring/builtin-pack';
import { compileRuleVersion, type CompiledRuleVersion } from '@/lib/scoring/engine';

export interface ActiveRuleSet {
  rules: readonly CompiledRuleVersion[];
  /** `builtin` while the organisation has no active rule of its own. */
  source: 'own' | 'builtin';
  version: number;
}

interface Cached {
  set: ActiveRuleSet;
  checkedAt: number;
}

// How often an instance asks the database whether the organisation's rules changed. Well inside the
// interface's 30 seconds; an activation on this instance invalidates at once.
export const RULE_SET_CHECK_MS = 5_000;
// Process-wide, so an activation through one route bundle is seen at once by the event routes.
const cache = processState('active-rule-sets', () => new Map<string, Cached>());
const loading = processState('active-rule-set-loads', () => new Map<string, Promise<ActiveRuleSet>>());
// Bumped by each invalidation: a load that started before it may have read the old rules, so it must
// not put them in the cache, and nobody may join it any more.
const generations = processState('active-rule-set-generations', () => new Map<string, number>());

async function currentVersion(db: Queryable, orgId: string): Promise<number> {
  const [row] = await db.select({ version: ruleSetVersions.version }).from(ruleSetVersions).where(eq(ruleSetVersions.orgId, orgId));
  return row?.version ?? 0;
}

async function load(db: Queryable, orgId: string, version: number): Promise<ActiveRuleSet> {
  const rows = await db
    .select()
    .from(ruleVersions)
    .where(and(eq(ruleVersions.orgId, orgId), eq(ruleVersions.status, 'active')))
    .orderBy(ruleVersions.key);
  if (rows.length === 0) return { rules: compiledBuiltinPack(), source: 'builtin', version };
  // Each version compiled once per load; a stored rule compiled when it was drafted, so this cannot fail
  // unless the engine changed, in which case the rule is left out rather than stopping all scoring.
  const rules: CompiledRuleVersion[] = [];
  for (const r of rows) {
    try {
      rules.push(
        compileRuleVersion({ id: r.id, key: r.key, version: r.version, expr: r.expr, weight: r.weight, detail: r.detail, subject: r.subject }),
      );
    } catch (err) {
      log('error', 'active rule no longer compiles', { org_id: orgId, rule: r.key, version: r.version, error: String(err) });
    }
  }
  return { rules, source: 'own', version };
}

/**
 * The compiled rules that score the organisation's events: its active rules, or the built-in pack
 * while it has none. Cached per organisation; the cache is checked against `rule_set_versions`
 * at most every RULE_SET_CHECK_MS.
 */
export async function activeRuleSet(db: Queryable, orgId: string, now = Date.now()): Promise<ActiveRuleSet> {
  const cached = cache.get(orgId);
  if (cached && now - cached.checkedAt < RULE_SET_CHECK_MS) return cached.set;
  const pending = loading.get(orgId);
  if (pending) return pending;
  const generation = generations.get(orgId) ?? 0;
  const work: Promise<ActiveRuleSet> = (async () => {
    const version = await currentVersion(db, orgId);
    const set = cached && cached.set.version === version ? cached.set : await load(db, orgId, version);
    if ((generations.get(orgId) ?? 0) === generation) cache.set(orgId, { set, checkedAt: Date.now() });
    return set;
  })().finally(() => {
    if (loading.get(orgId) === work) loading.delete(orgId);
  });
  loading.set(orgId, work);
  return work;
}

/**
 * Drops this instance's cached rule set (after an activation here), and any load already under way:
 * it may have read the rules from before the activation.
 */
export function invalidateRuleSet(orgId: string): void {
  generations.set(orgId, (generations.get(orgId) ?? 0) + 1);
  cache.delete(orgId);
  loading.delete(orgId);
}
