import { TooManyRequestsError } from '@/lib/errors';
import { MinuteCounter } from '@/lib/http/rate-limit';

export { clientAddress } from '@/lib/http/client-address';

/** POST /v1/setup and POST /v1/setup/licence (and the wizard's steps): attempts per client address per minute. */
export const SETUP_ATTEMPTS_PER_MINUTE = 20;

export class TooManySetupAttemptsError extends TooManyRequestsError {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds, 'too many setup attempts from this address; retry later');
  }
}

// The wizard's steps (server actions) count with the API calls: the counter lives on globalThis.
const attempts = new MinuteCounter('setup-attempts');

/** Counts one setup attempt from `address` (each instance counts its own); 429 with Retry-After past the limit. */
export function limitSetupAttempts(address: string, now = Date.now()): void {
  const retryAfter = attempts.count(address, SETUP_ATTEMPTS_PER_MINUTE, now);
  if (retryAfter !== null) throw new TooManySetupAttemptsError(retryAfter);
}
