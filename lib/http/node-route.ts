import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { log } from '@/lib/log';
import type { RouteHandler } from './route';

/**
 * Serves one request with a `/v1` route handler straight from Node's HTTP server, without passing
 * through Next.js's router. The handler is the route file's own export, so authentication, limits,
 * validation, error mapping, metrics and the log line are exactly those of the same request routed by
 * Next.js; only the framework's per-request work (route matching, its request and response wrapping)
 * is left out. The service uses it for event ingest alone, where that work was the larger part of each
 * request's CPU time (the events benchmark's profile).
 */
export async function serveWithRoute(handler: RouteHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else headers.set(name, value);
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    // The path and query as sent; the Host header is not needed by key-authenticated routes, and a
    // malformed one must not fail the request.
    const request = new Request(new URL(req.url ?? '/', 'http://localhost'), {
      method: req.method,
      headers,
      // The wrapper reads the stream itself and stops at its body limit.
      ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
    } as RequestInit);
    const response = await handler(request);
    res.statusCode = response.status;
    for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value);
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) res.setHeader('set-cookie', cookies);
    const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
    if (body) res.setHeader('content-length', body.byteLength);
    res.end(body);
  } catch (err) {
    // The route wrapper answers every error of the request itself; what arrives here is a failure to
    // write the answer (the client went away) or a bug in this adapter, and never reaches the client.
    log('error', 'request adapter failed', { error: err instanceof Error ? err.message : String(err) });
    if (!res.headersSent) {
      res.statusCode = 500;
      res.setHeader('content-type', 'text/plain; charset=utf-8');
      res.end('internal server error');
    } else res.destroy();
  }
}
