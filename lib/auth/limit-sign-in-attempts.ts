import { MinuteCounter } from '@/lib/http/rate-limit';

/** Sign-in attempts a minute from one client address, besides each account's lockout. */
export const SIGN_IN_ATTEMPTS_PER_MINUTE = 20;

// The sign-in form (a server action) and POST /api/auth/callback/credentials count together.
const attempts = new MinuteCounter('sign-in-attempts');

/** Counts one attempt from `address`; true while the address is within its allowance. */
export function allowSignInAttempt(address: string, now = Date.now()): boolean {
  return attempts.count(address, SIGN_IN_ATTEMPTS_PER_MINUTE, now) === null;
}

export function resetSignInAttempts(): void {
  attempts.reset();
}
