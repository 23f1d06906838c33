import { sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { ruleSetVersions } from '@/db/schema';

/** Marks the organisation's active rules as changed; call it in the transaction that changes them. */
export async function bumpRuleSetVersion(tx: Queryable, orgId: string): Promise<void> {
  await tx
    .insert(ruleSetVersions)
    .values({ orgId, version: 1 })
    .onConflictDoUpdate({ target: ruleSetVersions.orgId, set: { version: sql`${ruleSetVersions.version} + 1`, changedAt: sql`now()` } });
}
