import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { executePrepared } from '@/db/prepared';

describe('executePrepared', () => {
  it('binds fresh values on every run of one prepared statement', async () => {
    const db = getDb();
    const sum = (a: number, b: number) => executePrepared<{ v: number }>(db, sql`SELECT ${a}::int + ${b}::int AS v`);
    const results = await Promise.all([sum(1, 2), sum(10, 20), sum(100, 200), sum(1, 2)]);
    expect(results.map((r) => r.rows[0]?.v)).toEqual([3, 30, 300, 3]);
  });

  it('names each statement shape apart, so two shapes never run each other', async () => {
    const db = getDb();
    const product = await executePrepared<{ v: number }>(db, sql`SELECT ${6}::int * ${7}::int AS v`);
    const difference = await executePrepared<{ v: number }>(db, sql`SELECT ${6}::int - ${7}::int AS v`);
    expect([product.rows[0]?.v, difference.rows[0]?.v]).toEqual([42, -1]);
    // The connection that ran this keeps it prepared under a name taken from its text.
    const own = await executePrepared<{ name: string; statement: string }>(
      db,
      sql`SELECT name, statement FROM pg_prepared_statements WHERE statement LIKE ${'%pg_prepared_statements%'}`,
    );
    expect(own.rows).toHaveLength(1);
    expect(own.rows[0]?.name).toMatch(/^aml_[0-9a-f]{20}$/);
  });

  it('commits a data-changing statement on its own and reports its errors', async () => {
    const db = getDb();
    const table = `prepared_probe_${Date.now()}`;
    await db.execute(sql.raw(`CREATE TABLE ${table} (id int PRIMARY KEY)`));
    try {
      await executePrepared(db, sql`INSERT INTO ${sql.identifier(table)} (id) VALUES (${1})`);
      await expect(executePrepared(db, sql`INSERT INTO ${sql.identifier(table)} (id) VALUES (${1})`)).rejects.toThrow(/duplicate key/);
      const rows = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);
      expect(rows.rows[0]?.n).toBe(1);
    } finally {
      await db.execute(sql.raw(`DROP TABLE ${table}`));
    }
  });
});
