import { sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import journal from '@/db/migrations/meta/_journal.json';

export interface Readiness {
  ready: boolean;
  database: 'ok' | 'unreachable';
  migrations: { applied: number; expected: number };
}

/** Ready when the database answers and every committed migration has been applied. */
export async function checkReadiness(db: Queryable): Promise<Readiness> {
  const expected = journal.entries.length;
  try {
    const result = await db.execute<{ applied: number }>(
      sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`,
    );
    const applied = Number(result.rows[0]?.applied ?? 0);
    return { ready: applied >= expected, database: 'ok', migrations: { applied, expected } };
  } catch {
    return { ready: false, database: 'unreachable', migrations: { applied: 0, expected } };
  }
}
