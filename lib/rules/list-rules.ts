import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { ruleVersions } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import type { RuleVersionRow } from './serialize';

export type RuleStatus = RuleVersionRow['status'];

/**
 * Every version of every rule of the organisation, sorted by key (byte order, the same on every database
 * whatever its collation) and newest version first.
 */
export async function listRules(db: Queryable, actor: Actor, filters: { status?: RuleStatus; key?: string } = {}): Promise<RuleVersionRow[]> {
  const where: SQL[] = [eq(ruleVersions.orgId, actor.orgId)];
  if (filters.status) where.push(eq(ruleVersions.status, filters.status));
  if (filters.key !== undefined) where.push(eq(ruleVersions.key, filters.key));
  return db
    .select()
    .from(ruleVersions)
    .where(and(...where))
    .orderBy(sql`${ruleVersions.key} collate "C"`, desc(ruleVersions.version));
}
