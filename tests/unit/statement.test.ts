import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defineStatement } from '@/db/statement';

describe('defineStatement', () => {
  type Params = { ids: string[]; low: number };
  const statement = defineStatement<Params>(['ids', 'low'], (p) => sql`SELECT x FROM t WHERE id = ANY(${p.ids}::text[]) AND a >= ${p.low} AND b >= ${p.low} LIMIT ${5}`);

  it('writes its text once, with a numbered parameter for each use of a name', () => {
    expect(statement.text).toBe('SELECT x FROM t WHERE id = ANY($1::text[]) AND a >= $2 AND b >= $3 LIMIT $4');
    expect(statement.name).toMatch(/^aml_[0-9a-f]{20}$/);
  });

  it('binds values by name, in the order the text uses them, never into the text', () => {
    const bound = statement.bind({ ids: ["a'; DROP TABLE t; --", 'b'], low: 7 });
    expect(bound.text).toBe(statement.text);
    expect(bound.name).toBe(statement.name);
    expect(bound.values).toEqual([["a'; DROP TABLE t; --", 'b'], 7, 7, 5]);
  });

  it('refuses a parameter the text does not use', () => {
    expect(() => defineStatement<{ a: number; b: number }>(['a', 'b'], (p) => sql`SELECT ${p.a}`)).toThrow('statement parameter b is not used');
  });
});
