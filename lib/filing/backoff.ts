/**
 * When to try the filing system again. Pure: the same arguments (and the same `random`) give the same time.
 *
 * Sending (`nextAttemptAt`) — exponential backoff with full jitter. After the n-th failed attempt (n ≥ 1) the next
 * one waits a random time in [minMs, ceiling(n)), where ceiling(n) = min(capMs, baseMs · 2^(n−1)). With the
 * defaults (base 5 s, cap 15 min, floor 1 s) the ceilings are:
 *
 *   after attempt   1    2    3    4    5     6     7      8       9 and later
 *   wait at most    5 s  10 s 20 s 40 s 80 s  160 s 320 s  640 s   900 s (15 min)
 *
 * so a report queued during an outage is retried within seconds at first and at least every 15 minutes once the
 * outage has lasted about half an hour. Full jitter spreads the reports that queued together in one outage, so
 * they do not all hit the filing system at the same instant when it comes back. The 1 s floor keeps a random
 * value near 0 from retrying at once.
 *
 * Acknowledgement polling (`pollAt`) — the unit acknowledges an accepted report after minutes to days. After the
 * n-th poll that found no acknowledgement (n = 0 right after acceptance) the next poll waits between 80 % and
 * 100 % of ceiling(n) = min(capMs, firstMs · 2^n). With the defaults (first 30 s, cap 1 h):
 *
 *   after poll      0 (accepted)  1     2     3     4      5      6      7 and later
 *   wait at most    30 s          1 m   2 m   4 m   8 m    16 m   32 m   1 h
 *
 * A poll that could not reach the filing system counts as a poll (the schedule keeps growing).
 */

export interface BackoffPolicy {
  /** Ceiling of the first wait. */
  baseMs: number;
  /** No wait is longer. */
  capMs: number;
  /** No wait is shorter. */
  minMs: number;
}

export interface PollPolicy {
  /** Ceiling of the wait before the first poll. */
  firstMs: number;
  /** No wait is longer. */
  capMs: number;
  /** Share of the ceiling that jitter may take off (0.2: waits lie in [0.8, 1] × ceiling). */
  jitter: number;
}

export const FILING_BACKOFF: BackoffPolicy = { baseMs: 5_000, capMs: 15 * 60_000, minMs: 1_000 };
export const ACK_POLLING: PollPolicy = { firstMs: 30_000, capMs: 60 * 60_000, jitter: 0.2 };

/** A value of `random` forced into [0, 1), so that a bad source cannot leave the bounds. */
function unit(random: () => number): number {
  const r = random();
  if (!Number.isFinite(r) || r < 0) return 0;
  return r >= 1 ? 1 - Number.EPSILON : r;
}

/** `base · 2^exponent`, at most `cap` (no overflow for large exponents). */
function ceiling(base: number, exponent: number, cap: number): number {
  const e = Number.isNaN(exponent) ? 0 : Math.max(0, Math.floor(exponent));
  return e >= 64 ? cap : Math.min(cap, base * 2 ** e);
}

/** The wait after `attempts` failed attempts, in milliseconds (see the schedule above). */
export function retryDelayMs(attempts: number, random: () => number = Math.random, policy: BackoffPolicy = FILING_BACKOFF): number {
  const top = ceiling(policy.baseMs, attempts - 1, policy.capMs);
  return Math.min(policy.capMs, Math.max(policy.minMs, Math.floor(unit(random) * top)));
}

/** When to make the next attempt to send, after `attempts` failed ones (the first failure is attempts = 1). */
export function nextAttemptAt(attempts: number, now: Date, random: () => number = Math.random, policy: BackoffPolicy = FILING_BACKOFF): Date {
  return new Date(now.getTime() + retryDelayMs(attempts, random, policy));
}

/** The wait before the next acknowledgement poll, after `polls` polls that found none, in milliseconds. */
export function pollDelayMs(polls: number, random: () => number = Math.random, policy: PollPolicy = ACK_POLLING): number {
  const top = ceiling(policy.firstMs, polls, policy.capMs);
  return Math.floor(top * (1 - policy.jitter * unit(random)));
}

/** When to ask the filing system again whether an accepted report is acknowledged (polls = 0 right after acceptance). */
export function pollAt(polls: number, now: Date, random: () => number = Math.random, policy: PollPolicy = ACK_POLLING): Date {
  return new Date(now.getTime() + pollDelayMs(polls, random, policy));
}
