import { sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';

// Advisory locks of the rules domain use the two-int key space, which never meets the single-bigint locks
// taken on entities by event ingest. A hash collision inside this space only serialises a little more.

/**
 * Serialises changes to one rule key of an organisation (numbering drafts, activating a version), for the
 * rest of the transaction. Drafts and activations also take the organisation's rules lock shared, so that
 * seeding (which takes it exclusively) sees a settled organisation.
 */
export async function lockRuleKey(tx: Queryable, orgId: string, key: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(hashtext('rules-org'), hashtext(${orgId}))`);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`rules-key:${orgId}`}), hashtext(${key}))`);
}

/** Excludes every draft and activation of the organisation for the rest of the transaction (seeding). */
export async function lockOrganisationRules(tx: Queryable, orgId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('rules-org'), hashtext(${orgId}))`);
}
