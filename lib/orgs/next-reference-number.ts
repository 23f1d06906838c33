import { sql, type SQL } from 'drizzle-orm';

/**
 * The next short reference number (ALR-<n>, CASE-<n>, ...) of an organisation, as a statement
 * returning `value`, to use as a CTE where the number goes straight into the row that carries it.
 * The counter row stays locked until commit and a rollback gives the number back, so references rise
 * without gaps even under concurrency; taking the number in the statement that uses it keeps that
 * lock short. With `onlyWhen`, the number is taken (and the counter row locked) only when that
 * condition holds; otherwise the statement returns no row.
 */
export function nextReferenceNumberSql(orgId: string, name: string, onlyWhen?: SQL): SQL {
  const row = onlyWhen ? sql`SELECT ${orgId}, ${name}, 1 WHERE ${onlyWhen}` : sql`VALUES (${orgId}, ${name}, 1)`;
  return sql`
    INSERT INTO org_counters (org_id, name, value) ${row}
    ON CONFLICT (org_id, name) DO UPDATE SET value = org_counters.value + 1
    RETURNING value`;
}
