import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { settings } from '@/lib/config';
import { describeError, log } from '@/lib/log';
import { markFailedStatement } from './errors';
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
  /** Event ingest's own connections, in pipeline mode: see `ingestPoolFor`. */
  ingestPool?: pg.Pool;
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

/**
 * A pooled connection that marks a failed statement's error with the statement's name, so the log can
 * name it without its text or values (db/errors.ts). Every statement of the service passes here:
 * Drizzle's, the named prepared ones, and the hand-written ones of event ingest.
 */
class NamingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // A restart or failover ends the connection of a client that is checked out too; pg then emits
    // 'error' on it, and an 'error' event nobody listens to would end the process. The statement
    // running on it fails with the same error, and the request answers for it.
    this.on('error', () => undefined);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- passes pg's overloads through unchanged
  override query(...args: any[]): any {
    const [config, values, callback] = args as [unknown, unknown, unknown];
    // A cursor or stream (an object with `submit`) reports its own errors.
    if (config == null || (typeof config === 'object' && typeof (config as { submit?: unknown }).submit === 'function')) return super.query(...(args as [string]));
    const query = typeof config === 'string' ? { text: config } : (config as { text?: unknown; name?: unknown });
    const mark = (err: unknown) => {
      markFailedStatement(err, query);
      return err;
    };
    // The pool's own `query` passes a callback; Drizzle inside a transaction and ingest await a promise.
    const at = typeof callback === 'function' ? 2 : typeof values === 'function' ? 1 : -1;
    if (at >= 0) {
      const done = args[at] as (err: unknown, result?: unknown) => void;
      args[at] = (err: unknown, result?: unknown) => done(err ? mark(err) : err, result);
      return super.query(...(args as [string]));
    }
    const result = super.query(...(args as [string])) as unknown;
    return result instanceof Promise
      ? result.catch((err: unknown) => {
          throw mark(err);
        })
      : result;
  }
}

/** How long a request waits for a connection (a new one, or a free one of the pool) before it answers 503. */
const CONNECT_TIMEOUT_MS = 10_000;

/** A pool of the service's connections (NamingClient) to its database. */
function newPool(config: { max: number; pipeline?: boolean }): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl(),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    Client: NamingClient as unknown as new () => pg.ClientBase,
    ...config,
  });
  // An idle client losing its connection (database restart) must not crash the process; the pool drops it.
  pool.on('error', (err) => log('warn', 'database connection lost while idle', describeError(err)));
  return pool;
}

export function getPool(): pg.Pool {
  holder.pool ??= newPool({ max: settings().dbPoolSize });
  return holder.pool;
}

/**
 * The pool event ingest stores its batches with: for the service's pool, connections of their own in
 * pipeline mode (pg sends a statement without waiting for the one before to answer, so a batch's
 * statements that do not depend on each other's answers cost one round trip), at most one per ingest
 * writer, so ingest never waits for a connection the rest of the service holds, nor the other way
 * round. Any other pool (a test's) is used as it is.
 */
export function ingestPoolFor(pool: pg.Pool): pg.Pool {
  if (pool !== holder.pool) return pool;
  holder.ingestPool ??= newPool({ max: settings().ingestWriters, pipeline: true });
  return holder.ingestPool;
}

export function getDb(): Database {
  holder.db ??= drizzle(getPool(), { schema });
  return holder.db;
}

export async function closeDb(): Promise<void> {
  const { pool, ingestPool } = holder;
  holder.pool = undefined;
  holder.ingestPool = undefined;
  holder.db = undefined;
  await Promise.all([pool?.end(), ingestPool?.end()]);
}
