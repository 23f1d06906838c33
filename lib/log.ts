import pino, { type Logger } from 'pino';
import { databaseFailureOf } from '@/db/errors';
import { settings } from '@/lib/config';
import { processState } from '@/lib/process-state';

type Level = 'debug' | 'info' | 'warn' | 'error';

/**
 * Field names whose values never reach the log, wherever a caller puts them (top level or one object
 * down). Callers must not pass secrets at all; this is the second line of defence.
 */
const SECRET_FIELDS = ['authorization', 'cookie', 'password', 'secret', 'token', 'key', 'api_key', 'admin_password', 'body'];
const REDACT_PATHS = [...SECRET_FIELDS, ...SECRET_FIELDS.map((f) => `*.${f}`)];

/** An API key secret (`sk_` and base62) or a bearer credential inside a string value. */
const SECRET_IN_TEXT = /\b(sk_)[0-9A-Za-z]{8,}|(Bearer\s+)\S+/g;
/**
 * Text that must not reach the log even inside a message: a statement with its bound values (Drizzle's
 * `Failed query: … params: …`), an Argon2 password hash, an email address.
 */
const STATEMENT_IN_TEXT = /(Failed query: )[\s\S]*/g;
const PASSWORD_HASH_IN_TEXT = /\$argon2(?:id|i|d)\$\S*/g;
const EMAIL_IN_TEXT = /[\w.%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

function scrubText(text: string): string {
  return text
    .replace(STATEMENT_IN_TEXT, '$1[redacted]')
    .replace(PASSWORD_HASH_IN_TEXT, '[redacted]')
    .replace(EMAIL_IN_TEXT, '[email]')
    .replace(SECRET_IN_TEXT, (_m, sk: string | undefined, bearer: string | undefined) => `${sk ?? bearer ?? ''}[redacted]`);
}

function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (depth < 3 && value !== null && typeof value === 'object') {
    if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, depth + 1)]));
  }
  return value;
}

/**
 * One pino logger per process (Next.js may bundle this module more than once). JSON lines on stdout:
 * `time` (RFC 3339), `level` (name), `msg`, then the fields. Written through `process.stdout.write`,
 * which is synchronous for files and pipes on Linux, so lines are never lost on exit.
 */
const state = processState('pino-logger', () => ({
  logger: pino(
    {
      level: 'info',
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      messageKey: 'msg',
      formatters: {
        level: (label) => ({ level: label }),
        log: (fields) => scrub(fields) as Record<string, unknown>,
      },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    },
    { write: (line: string) => process.stdout.write(line) },
  ) as Logger,
}));

/** The process's logger at the level of `SERVICE_LOG_LEVEL` (re-read, so tests can change it). */
export function logger(): Logger {
  const wanted = settings().logLevel;
  if (state.logger.level !== wanted) state.logger.level = wanted;
  return state.logger;
}

/**
 * A JSON log line. Fields used across the service: request_id, route, method, status, duration_ms,
 * actor, org_id. Never pass secrets, API keys, passwords, cookies, Authorization headers or bodies.
 */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  logger()[level](fields, msg);
}

/** The stack's frames (where it was thrown) without its first lines, which repeat the message. */
function framesOf(err: unknown): string | undefined {
  if (!(err instanceof Error) || typeof err.stack !== 'string') return undefined;
  const frames = err.stack.split('\n').filter((line) => /^\s+at /.test(line));
  return frames.length > 0 ? frames.join('\n') : undefined;
}

/**
 * The fields that describe a failure in a log line. A database failure (anywhere in the error's chain)
 * is described by the statement's name, what it does (`insert people`) and its SQLSTATE or socket
 * code: never its text with values, the values bound to it, or PostgreSQL's message, which may quote a
 * value. Anything else by its name and message (scrubbed like every field). Both with the stack's frames.
 */
export function describeError(err: unknown): Record<string, unknown> {
  const stack = framesOf(err);
  const failure = databaseFailureOf(err);
  if (failure) {
    return {
      error: failure.unavailable ? 'the database is unavailable' : 'a database statement failed',
      ...(failure.statement ? { statement: failure.statement.statement, operation: failure.statement.operation } : {}),
      ...(failure.code ? { code: failure.code } : {}),
      ...(stack ? { stack } : {}),
    };
  }
  if (err instanceof Error) return { error: `${err.name}: ${err.message}`, ...(stack ? { stack } : {}) };
  return { error: String(err) };
}
