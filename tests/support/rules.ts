import { getDb } from '@/db/client';
import { ruleVersions } from '@/db/schema';
import { bumpRuleSetVersion } from '@/lib/rules/bump-rule-set';
import { invalidateRuleSet } from '@/lib/rules/active-rule-set';

export interface TestRule {
  key: string;
  expr: string;
  weight?: number;
  subject?: 'source' | 'destination';
}

/**
 * Makes these the organisation's active rules, as an approved activation would, so that scoring tests
 * can read each counter through a rule of their own.
 */
export async function activateTestRules(orgId: string, rules: TestRule[]): Promise<void> {
  await getDb().transaction(async (tx) => {
    await tx.insert(ruleVersions).values(
      rules.map((r) => ({
        orgId,
        key: r.key,
        version: 1,
        expr: r.expr,
        weight: r.weight ?? 10,
        detail: `test rule ${r.key}`,
        subject: r.subject ?? 'source',
        status: 'active' as const,
        createdBy: 'test-author',
        approvedBy: 'test-approver',
        activatedAt: new Date(),
      })),
    );
    await bumpRuleSetVersion(tx, orgId);
  });
  invalidateRuleSet(orgId);
}
