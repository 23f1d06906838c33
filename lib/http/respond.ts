import { isDatabaseUnavailable } from '@/db/errors';
import { describeError, log } from '@/lib/log';
import { ServiceError, TooManyRequestsError } from '@/lib/errors';
import { PlainBadRequestError, statusOf } from './errors';

/** The answer while PostgreSQL cannot be reached or dropped the connection (a restart, a failover). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'the database is unavailable; retry shortly';
/** Seconds a client waits before retrying, sent as `Retry-After` with the 503. */
export const DATABASE_RETRY_AFTER_SECONDS = 1;

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

function text(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers } });
}

/**
 * The one place where errors become responses. The database away is a 503 the client retries (its
 * transaction did not commit, so a retry with the same idempotency key stores the event once).
 * Anything else not a ServiceError is a 500 with no internals.
 */
export function errorResponse(err: unknown, requestId: string): Response {
  const headers: Record<string, string> = { 'x-request-id': requestId };
  if (err instanceof PlainBadRequestError) return text(400, err.message, headers);
  if (err instanceof ServiceError) {
    if (err instanceof TooManyRequestsError) headers['retry-after'] = String(err.retryAfterSeconds);
    return json(statusOf(err), { error: err.message, ...err.extra }, headers);
  }
  if (isDatabaseUnavailable(err)) {
    log('warn', 'database unavailable', { request_id: requestId, ...describeError(err) });
    headers['retry-after'] = String(DATABASE_RETRY_AFTER_SECONDS);
    return json(503, { error: DATABASE_UNAVAILABLE_MESSAGE }, headers);
  }
  log('error', 'unexpected failure', { request_id: requestId, ...describeError(err) });
  return text(500, `internal server error (request ${requestId})`, headers);
}
