import { log } from './log';
import { PlainBadRequestError, ServiceError, TooManyRequestsError } from './errors';

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

function text(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers } });
}

/** The one place where errors become responses. Anything not a ServiceError is a 500 with no internals. */
export function errorResponse(err: unknown, requestId: string): Response {
  const headers: Record<string, string> = { 'x-request-id': requestId };
  if (err instanceof PlainBadRequestError) return text(400, err.message, headers);
  if (err instanceof ServiceError) {
    if (err instanceof TooManyRequestsError) headers['retry-after'] = String(err.retryAfterSeconds);
    return json(err.status, { error: err.message, ...err.extra }, headers);
  }
  log('error', 'unexpected failure', {
    request_id: requestId,
    error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    stack: err instanceof Error ? err.stack : undefined,
  });
  return text(500, `internal server error (request ${requestId})`, headers);
}
