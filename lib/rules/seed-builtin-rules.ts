import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { ruleVersions } from '@/db/schema';
import { systemActor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError } from '@/lib/errors';
import { BUILTIN_PACK } from '@/lib/scoring/builtin-pack';
import { compileRuleVersion } from '@/lib/scoring/engine';
import { invalidateRuleSet } from './active-rule-set';
import { bumpRuleSetVersion } from './bump-rule-set';
import { lockOrganisationRules } from './locks';

export const SEED_AUTHOR = 'service-admin';
export const SEED_APPROVER = 'service-admin (seed)';

export interface SeedResult {
  org_id: string;
  rules: string[];
}

/**
 * Installs the built-in pack as active version 1 of each of its keys (`service-admin rules seed`), only
 * on an organisation that has no rule version at all: seeding never mixes with rules a team wrote. The
 * organisation's rules lock keeps a draft or another seed from slipping in between the check and the
 * insert. Each rule gets an audit entry, and the rule set version rises so running instances switch from
 * the (identical) unseeded pack to the stored rules.
 */
export async function seedBuiltinRules(db: Database, orgId: string): Promise<SeedResult> {
  // Every pack rule compiles (a unit test says so); compiling here keeps a broken pack from being stored.
  for (const rule of BUILTIN_PACK) compileRuleVersion({ ...rule, version: 1 });
  const actor = systemActor(orgId, SEED_AUTHOR);
  const rows = await db.transaction(async (tx) => {
    await lockOrganisationRules(tx, orgId);
    const [existing] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(ruleVersions)
      .where(eq(ruleVersions.orgId, orgId));
    const count = existing?.n ?? 0;
    if (count > 0) {
      throw new ConflictError(
        `organisation ${orgId} already has ${count} rule version${count === 1 ? '' : 's'}; rules seed works only on an organisation with none`,
      );
    }
    const inserted = await tx
      .insert(ruleVersions)
      .values(
        BUILTIN_PACK.map((rule) => ({
          orgId,
          key: rule.key,
          version: 1,
          expr: rule.expr,
          weight: rule.weight,
          detail: rule.detail,
          subject: rule.subject,
          status: 'active' as const,
          createdBy: SEED_AUTHOR,
          approvedBy: SEED_APPROVER,
          activatedAt: sql`now()`,
        })),
      )
      .returning();
    await bumpRuleSetVersion(tx, orgId);
    for (const row of inserted) {
      await recordAudit(tx, actor, {
        action: 'rule.activated',
        targetType: 'rule_version',
        targetId: row.id,
        changes: {
          key: row.key,
          version: row.version,
          status: { from: null, to: 'active' },
          created_by: SEED_AUTHOR,
          approved_by: SEED_APPROVER,
          seeded: true,
        },
      });
    }
    return inserted;
  });
  invalidateRuleSet(orgId);
  return { org_id: orgId, rules: rows.map((r) => r.key) };
}
