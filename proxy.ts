import { NextResponse, type NextRequest } from 'next/server';
import { contentSecurityPolicy, STATIC_SECURITY_HEADERS } from './lib/http/console-headers';
import { requestIdFrom } from './lib/http/request-id';

/**
 * Console responses get a fresh script nonce and the security headers; every response it sees gets
 * an X-Request-Id (the caller's own when it sent a plain one), passed on to the page or route so logs
 * and the response name the same request. /v1 sets its own in its route wrapper, so ingest pays
 * nothing here.
 */
export function proxy(request: NextRequest): NextResponse {
  const requestId = requestIdFrom(request.headers.get('x-request-id'));
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const policy = contentSecurityPolicy(nonce, process.env.NODE_ENV === 'development');

  const forwarded = new Headers(request.headers);
  forwarded.set('x-request-id', requestId);
  forwarded.set('x-nonce', nonce);
  // Next.js reads the nonce from the request's policy and puts it on the scripts it renders.
  forwarded.set('content-security-policy', policy);

  const response = NextResponse.next({ request: { headers: forwarded } });
  response.headers.set('X-Request-Id', requestId);
  response.headers.set('Content-Security-Policy', policy);
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Everything but /v1 and the build's static files (whose names are content hashes).
  matcher: ['/((?!v1(?:/|$)|_next/static|_next/image|favicon.ico).*)'],
};
