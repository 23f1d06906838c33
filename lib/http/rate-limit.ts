import { settings } from '@/lib/config';
import { processState } from '@/lib/process-state';
import { TooManyRequestsError } from '@/lib/errors';

const WINDOW_MS = 60_000;
/** Requests a minute from one client address that carry no key, or a key the service does not know. */
export const UNAUTHENTICATED_PER_MINUTE = 60;

export const KEY_LIMIT_MESSAGE = 'too many requests for this API key; retry later';
export const ORGANISATION_LIMIT_MESSAGE = 'too many requests for this organisation; retry later';
export const ADDRESS_LIMIT_MESSAGE = 'too many requests without a valid API key from this address; retry later';

interface Window {
  startedAt: number;
  count: number;
}

/**
 * Fixed one-minute windows, one per id, counted in this process (each instance enforces its limits on
 * the requests it serves). Kept on globalThis: Next.js bundles route handlers and server actions
 * separately, and both must count into the same windows.
 */
export class MinuteCounter {
  private readonly windows: Map<string, Window>;

  constructor(name: string) {
    this.windows = processState(`rate-limit:${name}`, () => new Map<string, Window>());
  }

  private current(id: string, now: number): Window | undefined {
    const window = this.windows.get(id);
    return window && now - window.startedAt < WINDOW_MS ? window : undefined;
  }

  /** Seconds until the window of `id` ends, when it has already used `limit`; otherwise null. */
  blockedFor(id: string, limit: number, now = Date.now()): number | null {
    const window = this.current(id, now);
    if (!window || window.count < limit) return null;
    return Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - now) / 1000));
  }

  /** Counts one request for `id`; the seconds to wait when that passes `limit`, else null. */
  count(id: string, limit: number, now = Date.now()): number | null {
    let window = this.current(id, now);
    if (!window) {
      window = { startedAt: now, count: 0 };
      this.windows.set(id, window);
      if (this.windows.size > 10_000) this.prune(now);
    }
    window.count += 1;
    if (window.count <= limit) return null;
    return Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - now) / 1000));
  }

  private prune(now: number): void {
    for (const [id, window] of this.windows) if (now - window.startedAt >= WINDOW_MS) this.windows.delete(id);
  }

  reset(): void {
    this.windows.clear();
  }
}

const perKey = new MinuteCounter('key');
const perOrganisation = new MinuteCounter('organisation');
const perAddress = new MinuteCounter('unauthenticated-address');

function refuse(retryAfter: number | null, message: string): void {
  if (retryAfter !== null) throw new TooManyRequestsError(retryAfter, message);
}

/**
 * The per-key (`SERVICE_RATE_LIMIT`) and per-organisation (`SERVICE_ORG_RATE_LIMIT`, over all its keys
 * and people) limits, counted for one authenticated request. `SERVICE_RATE_LIMIT=0` turns every request
 * limit off; `SERVICE_ORG_RATE_LIMIT=0` turns off the organisation's alone.
 */
export function enforceRateLimit(callerId: string, orgId: string, now = Date.now()): void {
  const { rateLimitPerMinute, orgRateLimitPerMinute } = settings();
  if (rateLimitPerMinute === 0) return;
  refuse(perKey.count(callerId, rateLimitPerMinute, now), KEY_LIMIT_MESSAGE);
  if (orgRateLimitPerMinute > 0) refuse(perOrganisation.count(orgId, orgRateLimitPerMinute, now), ORGANISATION_LIMIT_MESSAGE);
}

/**
 * Requests from one address with a missing or unknown key: `before` runs ahead of the key lookup, so an
 * address past its allowance costs no database read; `refused` counts a request the lookup turned away.
 */
export const unauthenticatedLimit = {
  before(address: string, now = Date.now()): void {
    if (settings().rateLimitPerMinute === 0) return;
    refuse(perAddress.blockedFor(address, UNAUTHENTICATED_PER_MINUTE, now), ADDRESS_LIMIT_MESSAGE);
  },
  refused(address: string, now = Date.now()): void {
    if (settings().rateLimitPerMinute === 0) return;
    refuse(perAddress.count(address, UNAUTHENTICATED_PER_MINUTE, now), ADDRESS_LIMIT_MESSAGE);
  },
};

export function resetRateLimits(): void {
  perKey.reset();
  perOrganisation.reset();
  perAddress.reset();
}
