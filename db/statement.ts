import { fillPlaceholders, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { QueryConfig } from 'pg';
import { statementNameOf } from './errors';

const dialect = new PgDialect();

/** The named parameters of a statement, as the placeholders its text is written with. */
export type StatementParams<P> = { readonly [K in keyof P]: Placeholder<K & string, P[K]> };

/** A statement written once with named, typed parameters; each call binds a typed object of values. */
export interface Statement<P> {
  readonly name: string;
  readonly text: string;
  /** The statement with these values, as a named query config for pg (parsed and planned once per connection). */
  bind(values: P): QueryConfig;
}

/**
 * Defines a statement once: `write` gets a placeholder for each named parameter and returns the
 * statement's text with them. Its text is built and named here, once; a call only orders the values
 * (request data is never written into the text). Parameters are listed in `names`, so that each one
 * is known before the text is built and a missing value fails at once.
 */
export function defineStatement<P extends Record<string, unknown>>(
  names: readonly (keyof P & string)[],
  write: (params: StatementParams<P>) => SQL,
): Statement<P> {
  const params = Object.fromEntries(names.map((n) => [n, sql.placeholder(n)])) as unknown as StatementParams<P>;
  const { sql: text, params: slots } = dialect.sqlToQuery(write(params));
  const used = new Set(slots.map((s) => (s as Placeholder).name));
  for (const n of names) if (!used.has(n)) throw new Error(`statement parameter ${n} is not used`);
  const name = statementNameOf(text);
  return {
    name,
    text,
    bind(values: P): QueryConfig {
      return { name, text, values: fillPlaceholders(slots, values) };
    },
  };
}
