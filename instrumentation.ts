import type { Instrumentation } from 'next';

/**
 * Errors Next.js catches while rendering a console page or running a server action go to the
 * service's logger, as one JSON line like every other: the failed statement by name and code, never
 * its values, and the path without its query string. Started quiet (`next({ quiet: true })` in
 * scripts/start.ts), Next.js prints none of its own.
 */
export const onRequestError: Instrumentation.onRequestError = async (err, request, context) => {
  // The service runs on Node.js only; the branch keeps the logger out of an edge bundle.
  if (process.env.NEXT_RUNTIME !== 'edge') {
    const { describeError, log } = await import('./lib/log');
    const { REQUEST_ID_PATTERN } = await import('./lib/http/request-id');
    const sentId = request.headers['x-request-id'];
    const requestId = typeof sentId === 'string' && REQUEST_ID_PATTERN.test(sentId) ? sentId : undefined;
    const digest = (err as { digest?: unknown } | null)?.digest;
    log('error', 'request failed', {
      ...(requestId ? { request_id: requestId } : {}),
      path: request.path.split('?')[0],
      method: request.method,
      route: context.routePath,
      route_type: context.routeType,
      ...(context.renderSource ? { render_source: context.renderSource } : {}),
      ...(typeof digest === 'string' ? { digest } : {}),
      ...describeError(err),
    });
  }
};
