import type { IncomingMessage, ServerResponse } from 'node:http';
import { log } from '@/lib/log';
import { JSON_BODY_LIMIT, requestWithBodyRead } from './body';
import { routeSpecOf, type RouteHandler } from './route';

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
    // The body is read here into one buffer, never more than one byte past the route's limit (the
    // wrapper then answers 413, as it does for a declared length over it, which is not read at all):
    // handing the wrapper Node's stream as a web stream cost more CPU per event than reading it.
    const limit = routeSpecOf(handler)?.bodyLimit ?? JSON_BODY_LIMIT;
    const declared = Number(req.headers['content-length'] ?? 0);
    const body = hasBody && !(declared > limit) ? await readUpTo(req, limit + 1) : undefined;
    // The path and query as sent; the Host header is not needed by key-authenticated routes, and a
    // malformed one must not fail the request.
    const url = new URL(req.url ?? '/', 'http://localhost');
    const request = body ? requestWithBodyRead(url, { method: req.method, headers }, body) : new Request(url, { method: req.method, headers });
    const response = await handler(request);
    res.statusCode = response.status;
    for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value);
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) res.setHeader('set-cookie', cookies);
    const answer = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
    if (answer) res.setHeader('content-length', answer.byteLength);
    res.end(answer);
  } catch (err) {
    if (err instanceof RequestClosed) {
      log('info', 'request closed before its body ended');
      res.destroy();
      return;
    }
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

class RequestClosed extends Error {
  constructor() {
    super('the request closed before its body ended');
  }
}

/**
 * The request's body, reading no more than `cap` bytes: past it the request is paused and left unread
 * (not destroyed, so the refusal can still be written to its socket).
 */
function readUpTo(req: IncomingMessage, cap: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', done);
      req.off('error', failed);
      req.off('close', closed);
    };
    const done = () => {
      stop();
      const bytes = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total);
      resolve(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    };
    const failed = (err: Error) => {
      stop();
      reject(err);
    };
    // The client went away before the body ended: nothing to answer.
    const closed = () => failed(new RequestClosed());
    const onData = (chunk: Buffer) => {
      const room = cap - total;
      chunks.push(chunk.byteLength > room ? chunk.subarray(0, room) : chunk);
      total += Math.min(chunk.byteLength, room);
      if (total >= cap) {
        req.pause();
        done();
      }
    };
    req.on('data', onData);
    req.on('end', done);
    req.on('error', failed);
    req.on('close', closed);
  });
}
