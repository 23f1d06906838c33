import { CLIENT_ADDRESS_HEADER } from '@/lib/http/client-address';
import { TooManyRequestsError } from '@/lib/http/errors';

/** POST /v1/setup and POST /v1/setup/licence (and the wizard's steps): attempts per client address per minute. */
export const SETUP_ATTEMPTS_PER_MINUTE = 20;
const WINDOW_MS = 60_000;

export class TooManySetupAttemptsError extends TooManyRequestsError {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds);
    this.message = 'too many setup attempts from this address; retry later';
  }
}

/**
 * The client address the service's HTTP server stamped on the request (scripts/start.ts, from the socket
 * and SERVICE_TRUSTED_PROXIES). `X-Forwarded-For` is never read here: a client can set it to anything.
 * Without the stamp (the application served by something other than the start script) every caller
 * shares one count, which errs on the side of limiting.
 */
export function clientAddress(headers: Headers): string {
  return headers.get(CLIENT_ADDRESS_HEADER)?.trim() || 'unknown';
}

// On globalThis: Next.js bundles route handlers and server actions separately, each with its own copy of
// this module, and the wizard's steps must count with the API calls.
const windows: Map<string, { startedAt: number; count: number }> = ((globalThis as { __amlSetupAttempts?: Map<string, { startedAt: number; count: number }> }).__amlSetupAttempts ??= new Map());

/** Counts one setup attempt from `address` (each instance counts its own); 429 with Retry-After past the limit. */
export function limitSetupAttempts(address: string, now = Date.now()): void {
  let window = windows.get(address);
  if (!window || now - window.startedAt >= WINDOW_MS) {
    window = { startedAt: now, count: 0 };
    windows.set(address, window);
    if (windows.size > 10_000) {
      for (const [key, w] of windows) if (now - w.startedAt >= WINDOW_MS) windows.delete(key);
    }
  }
  window.count += 1;
  if (window.count > SETUP_ATTEMPTS_PER_MINUTE) {
    throw new TooManySetupAttemptsError(Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - now) / 1000)));
  }
}
