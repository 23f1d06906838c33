import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { settings } from '@/lib/config';
import * as schema from './schema';

/** The pool is reachable as `$client` for named prepared statements (db/prepared.ts). */
export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Query helpers take either the database or the open transaction, explicitly. */
export type Queryable = Database | Tx;

// Numeric columns (money) come back as strings by default; int8 counts as JS numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

interface Holder {
  pool?: pg.Pool;
  db?: Database;
}
// One pool per process, kept on globalThis so that module reloading in development does not leak pools.
const holder: Holder = ((globalThis as { __amlDb?: Holder }).__amlDb ??= {});

export function databaseUrl(): string {
  const url = settings().databaseUrl;
  if (!url) {
    throw new Error('SERVICE_DATABASE_URL is not set (npm start sets it to the embedded database)');
  }
  return url;
}

export function getPool(): pg.Pool {
  if (!holder.pool) {
    holder.pool = new pg.Pool({ connectionString: databaseUrl(), max: settings().dbPoolSize });
    // An idle client losing its connection (database restart) must not crash the process.
    holder.pool.on('error', (err) => console.error(JSON.stringify({ level: 'error', msg: 'database pool error', error: err.message })));
  }
  return holder.pool;
}

export function getDb(): Database {
  holder.db ??= drizzle(getPool(), { schema });
  return holder.db;
}

export async function closeDb(): Promise<void> {
  const pool = holder.pool;
  holder.pool = undefined;
  holder.db = undefined;
  await pool?.end();
}
