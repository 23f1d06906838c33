import { settings } from '@/lib/config';
import { processState } from '@/lib/process-state';
import { TooManyRequestsError } from './errors';

const WINDOW_MS = 60_000;
interface Window {
  startedAt: number;
  count: number;
}
const windows = processState('rate-limit-windows', () => new Map<string, Window>());

/**
 * Fixed one-minute window per API key, counted in this process (each instance enforces the limit on
 * the requests it serves). `SERVICE_RATE_LIMIT` requests per minute; 0 turns it off.
 */
export function enforceRateLimit(keyId: string, now = Date.now()): void {
  const limit = settings().rateLimitPerMinute;
  if (limit === 0) return;
  let window = windows.get(keyId);
  if (!window || now - window.startedAt >= WINDOW_MS) {
    window = { startedAt: now, count: 0 };
    windows.set(keyId, window);
    if (windows.size > 10_000) pruneWindows(now);
  }
  window.count += 1;
  if (window.count > limit) {
    throw new TooManyRequestsError(Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - now) / 1000)));
  }
}

function pruneWindows(now: number): void {
  for (const [key, window] of windows) if (now - window.startedAt >= WINDOW_MS) windows.delete(key);
}

export function resetRateLimits(): void {
  windows.clear();
}
