import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { QueryConfig, QueryResult, QueryResultRow } from 'pg';
import type { Database } from './client';
import { statementNameOf } from './errors';

const dialect = new PgDialect();
/** Statement text -> its prepared-statement name. The texts are a handful of fixed shapes. */
const names = new Map<string, string>();
const MAX_NAMES = 1000;

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = statementNameOf(text);
    // A statement built with values in its text would never repeat: stop remembering rather than grow.
    if (names.size < MAX_NAMES) names.set(text, name);
  }
  return name;
}

/** A statement as a named query config for pg: the same text always gets the same name. */
export function preparedQuery(statement: SQL): QueryConfig {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { name: nameOf(text), text, values: params };
}

/**
 * Runs one statement as a named prepared statement: each pooled connection parses and plans it once
 * and then only binds values, which matters on hot paths whose statement is long (several CTEs).
 * Statements are named by their text, so two shapes never share a name. Outside a transaction, the
 * statement commits on its own. Inside one, run `preparedQuery(statement)` on its client.
 */
export async function executePrepared<T extends QueryResultRow = QueryResultRow>(db: Database, statement: SQL): Promise<QueryResult<T>> {
  return db.$client.query<T>(preparedQuery(statement));
}
