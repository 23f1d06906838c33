import { createHash } from 'node:crypto';

/** True when the error is PostgreSQL's unique violation, optionally on the named constraint. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: unknown } | null;
  if (!e) return false;
  if (e.code === '23505') return constraint === undefined || e.constraint === constraint;
  // drizzle wraps driver errors; the original is the cause
  return e.cause ? isUniqueViolation(e.cause, constraint) : false;
}

/**
 * The error and every error it wraps: `cause` (Drizzle's DrizzleQueryError, pg's connection timeout),
 * Auth.js's `cause.err`, and the `errors` of an AggregateError (a refused connection to a host with
 * several addresses). Bounded, so a cycle cannot loop.
 */
function* chainOf(err: unknown): Generator<Record<string, unknown>> {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length > 0 && seen.size < 16) {
    const e = queue.shift();
    if (e === null || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const fields = e as Record<string, unknown>;
    yield fields;
    queue.push(fields.cause);
    if (fields.cause !== null && typeof fields.cause === 'object') queue.push((fields.cause as Record<string, unknown>).err);
    if (Array.isArray(fields.errors)) queue.push(...(fields.errors as unknown[]));
  }
}

/** Socket errors of a connection that could not be made or broke (Node's `code`). */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** What pg and its pool say when a connection ends, cannot be made in time, or is no longer usable. */
const CONNECTION_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
]);

/**
 * SQLSTATEs of a server that is going away or not there yet: class 08 (connection exception),
 * 57P01 admin_shutdown (a restart or failover terminates the session), 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up, or in recovery), and 53300 too_many_connections.
 */
const isUnavailableSqlState = (code: string) => code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';

/** A PostgreSQL error answer carries a five-character SQLSTATE and a severity. */
const sqlStateOf = (e: Record<string, unknown>): string | undefined =>
  typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string' ? e.code : undefined;

/**
 * True when the database cannot be reached or dropped the connection (a restart, a failover): the
 * request's transaction did not commit, and the same request can be retried shortly. Drizzle and pg
 * wrap the original error, so the whole chain is looked at.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of chainOf(err)) {
    const state = sqlStateOf(e);
    if (state !== undefined) {
      if (isUnavailableSqlState(state)) return true;
      continue;
    }
    if (typeof e.code === 'string' && CONNECTION_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && CONNECTION_MESSAGES.has(e.message)) return true;
  }
  return false;
}

/**
 * The name of a statement by its text: the name it has as a prepared statement (db/prepared.ts), so a
 * statement is known by one name whether it ran prepared or not. The text holds placeholders, never
 * the values bound to them.
 */
export function statementNameOf(text: string): string {
  return `aml_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
}

// A table name as written in a statement: quoted or not, with its schema or without.
const IDENTIFIER = String.raw`"?[A-Za-z_]\w*"?(?:\."?[A-Za-z_]\w*"?)?`;
const WRITE = new RegExp(String.raw`^\s*(insert\s+into|update|delete\s+from)\s+(${IDENTIFIER})`, 'i');
const READ = new RegExp(String.raw`^\s*select\b[\s\S]*?\bfrom\s+(${IDENTIFIER})`, 'i');

/**
 * What a statement does, in words safe to log: its verb and first table (`insert people`,
 * `select alerts`), else its first word (`with`, `begin`). String literals are set aside first, so no
 * value written into the text can end up in the words.
 */
export function operationOf(text: string): string {
  const bare = text.replace(/'(?:[^']|'')*'/g, "''");
  const table = (name: string) => name.replaceAll('"', '');
  const write = WRITE.exec(bare);
  if (write) return `${(write[1] as string).split(/\s+/)[0]?.toLowerCase()} ${table(write[2] as string)}`;
  const read = READ.exec(bare);
  if (read) return `select ${table(read[1] as string)}`;
  return /^\s*([A-Za-z]+)/.exec(bare)?.[1]?.toLowerCase() ?? 'statement';
}

export interface FailedStatement {
  /** The prepared statement's name, else `statementNameOf` its text. */
  statement: string;
  operation: string;
}

const STATEMENT = Symbol.for('aml.db.failed-statement');

/**
 * Marks a driver error with the statement that failed (db/client.ts does it for every statement), so
 * the log can name the statement without its text or values. The first mark stays.
 */
export function markFailedStatement(err: unknown, query: { text?: unknown; name?: unknown }): void {
  if (err === null || typeof err !== 'object' || STATEMENT in err) return;
  const text = typeof query.text === 'string' ? query.text : '';
  const statement = typeof query.name === 'string' && query.name !== '' ? query.name : statementNameOf(text);
  Object.defineProperty(err, STATEMENT, { value: { statement, operation: operationOf(text) } satisfies FailedStatement, enumerable: false });
}

export interface DatabaseFailure {
  /** Whether the database is away (see `isDatabaseUnavailable`). */
  unavailable: boolean;
  /** The statement that failed, when one was running. */
  statement?: FailedStatement;
  /** The SQLSTATE, else Node's socket error code. */
  code?: string;
}

/**
 * The loggable facts of a database failure anywhere in the error's chain: the statement by name, the
 * SQLSTATE or socket code, and whether the database is away. Never the statement's bound values (which
 * Drizzle's message quotes) nor PostgreSQL's message (which may quote a value). Undefined when the
 * error has nothing to do with the database.
 */
export function databaseFailureOf(err: unknown): DatabaseFailure | undefined {
  let statement: FailedStatement | undefined;
  let sqlState: string | undefined;
  let socketCode: string | undefined;
  let found = false;
  for (const e of chainOf(err)) {
    const marked = (e as { [STATEMENT]?: FailedStatement })[STATEMENT];
    if (marked) {
      statement ??= marked;
      found = true;
    }
    // Drizzle's DrizzleQueryError: the statement's text (placeholders only) and its values, never logged.
    if (typeof e.query === 'string' && Array.isArray(e.params)) {
      statement ??= { statement: statementNameOf(e.query), operation: operationOf(e.query) };
      found = true;
    }
    const state = sqlStateOf(e);
    if (state !== undefined) {
      sqlState ??= state;
      found = true;
    } else if (typeof e.code === 'string' && CONNECTION_CODES.has(e.code)) {
      socketCode ??= e.code;
      found = true;
    } else if (typeof e.message === 'string' && CONNECTION_MESSAGES.has(e.message)) {
      found = true;
    }
  }
  if (!found) return undefined;
  const code = sqlState ?? socketCode;
  return { unavailable: isDatabaseUnavailable(err), ...(statement ? { statement } : {}), ...(code ? { code } : {}) };
}
