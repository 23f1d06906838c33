/**
 * Headers on every console response (pages, sign-in, docs, health and metrics): the browser runs
 * only the service's own scripts, each carrying this response's nonce, never frames a page, never
 * guesses a content type, and sends no path to another site.
 */
export const STATIC_SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

export function contentSecurityPolicy(nonce: string, development: boolean): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic' lets the nonced framework scripts load the page's chunks; React's development
    // build needs eval for its error overlays, the production build does not.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`,
    // <style> elements need the nonce (development's hot reloading inserts unnonced ones); style=""
    // attributes, which the API reference and tables set, cannot carry a nonce and cannot run script.
    `style-src 'self' ${development ? "'unsafe-inline'" : `'nonce-${nonce}'`}`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
