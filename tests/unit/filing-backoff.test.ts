import { describe, expect, it } from 'vitest';
import { ACK_POLLING, FILING_BACKOFF, nextAttemptAt, pollAt, pollDelayMs, retryDelayMs } from '@/lib/filing/backoff';

const NOW = new Date('2026-11-25T12:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);
/** A random source that always gives `r`. */
const fixed = (r: number) => () => r;
/** A seeded generator (mulberry32), so the bounds are checked on many values that are the same on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const ALMOST_ONE = 1 - Number.EPSILON;

describe('nextAttemptAt: exponential backoff with full jitter', () => {
  it('the ceiling doubles from 5 s with each failed attempt and stops at 15 minutes', () => {
    const ceilings = Array.from({ length: 12 }, (_, i) => retryDelayMs(i + 1, fixed(ALMOST_ONE)));
    expect(ceilings).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 640_000, 900_000, 900_000, 900_000, 900_000].map((c) => c - 1));
    for (let i = 1; i < 8; i++) expect(ceilings[i]! + 1).toBe(2 * (ceilings[i - 1]! + 1));
    expect(nextAttemptAt(3, NOW, fixed(0.5))).toEqual(at(10_000));
    expect(nextAttemptAt(6, NOW, fixed(0.5))).toEqual(at(80_000));
  });

  it('never waits more than the cap, however many attempts failed, nor less than 1 s', () => {
    for (const attempts of [9, 10, 30, 64, 1_000, 1e9, Number.MAX_SAFE_INTEGER, Infinity]) {
      const wait = nextAttemptAt(attempts, NOW, fixed(ALMOST_ONE)).getTime() - NOW.getTime();
      expect(wait, String(attempts)).toBeLessThanOrEqual(FILING_BACKOFF.capMs);
      expect(wait, String(attempts)).toBeGreaterThan(FILING_BACKOFF.capMs - 2);
    }
    for (const attempts of [1, 2, 20]) expect(retryDelayMs(attempts, fixed(0))).toBe(1_000);
    // Nonsense counts and random values stay within the bounds of the first attempt.
    for (const attempts of [0, -3, Number.NaN]) expect(retryDelayMs(attempts, fixed(0.5))).toBe(2_500);
    expect(retryDelayMs(2, fixed(7))).toBe(9_999);
    expect(retryDelayMs(2, fixed(-1))).toBe(1_000);
    expect(retryDelayMs(2, fixed(Number.NaN))).toBe(1_000);
  });

  it('spreads the waits over the whole of [1 s, ceiling) for each attempt', () => {
    const random = seeded(42);
    for (let attempts = 1; attempts <= 12; attempts++) {
      const ceiling = Math.min(FILING_BACKOFF.capMs, FILING_BACKOFF.baseMs * 2 ** (attempts - 1));
      const waits = Array.from({ length: 500 }, () => nextAttemptAt(attempts, NOW, random).getTime() - NOW.getTime());
      for (const w of waits) {
        expect(w).toBeGreaterThanOrEqual(FILING_BACKOFF.minMs);
        expect(w).toBeLessThan(ceiling);
        expect(Number.isInteger(w)).toBe(true);
      }
      // Full jitter: the waits reach both ends of the range, not a narrow band around one value.
      expect(Math.min(...waits)).toBeLessThan(FILING_BACKOFF.minMs + ceiling * 0.05);
      expect(Math.max(...waits)).toBeGreaterThan(ceiling * 0.95);
    }
  });

  it('is deterministic given the random source, and follows it', () => {
    expect(nextAttemptAt(4, NOW, fixed(0.25))).toEqual(at(10_000));
    expect(nextAttemptAt(4, NOW, fixed(0.25))).toEqual(nextAttemptAt(4, NOW, fixed(0.25)));
    const a = seeded(7);
    const b = seeded(7);
    const runA = Array.from({ length: 20 }, (_, i) => nextAttemptAt(i + 1, NOW, a).toISOString());
    const runB = Array.from({ length: 20 }, (_, i) => nextAttemptAt(i + 1, NOW, b).toISOString());
    expect(runA).toEqual(runB);
    expect(new Set(runA).size).toBeGreaterThan(15);
    expect(nextAttemptAt(4, NOW, fixed(0.1)).getTime()).toBeLessThan(nextAttemptAt(4, NOW, fixed(0.9)).getTime());
  });

  it('takes another policy', () => {
    const policy = { baseMs: 100, capMs: 1_000, minMs: 10 };
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n, fixed(0.5), policy))).toEqual([50, 100, 200, 400, 500, 500]);
    expect(retryDelayMs(1, fixed(0), policy)).toBe(10);
  });
});

describe('pollAt: acknowledgement polling', () => {
  it('waits 30 s after acceptance, doubling to at most one hour, between 80 % and 100 % of the ceiling', () => {
    const ceilings = Array.from({ length: 10 }, (_, polls) => pollDelayMs(polls, fixed(0)));
    expect(ceilings).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000]);
    expect(Array.from({ length: 10 }, (_, polls) => pollDelayMs(polls, fixed(ALMOST_ONE)))).toEqual(ceilings.map((c) => Math.floor(c * 0.8)));
    expect(pollAt(0, NOW, fixed(0.5))).toEqual(at(27_000));
    expect(pollAt(1e6, NOW, fixed(0))).toEqual(at(ACK_POLLING.capMs));
  });

  it('stays within its bounds for any random value and is deterministic given it', () => {
    const random = seeded(99);
    for (let polls = 0; polls < 12; polls++) {
      const ceiling = Math.min(ACK_POLLING.capMs, ACK_POLLING.firstMs * 2 ** polls);
      for (let i = 0; i < 200; i++) {
        const w = pollAt(polls, NOW, random).getTime() - NOW.getTime();
        expect(w).toBeGreaterThanOrEqual(Math.floor(ceiling * (1 - ACK_POLLING.jitter)));
        expect(w).toBeLessThanOrEqual(ceiling);
      }
    }
    expect(pollAt(3, NOW, fixed(0.3))).toEqual(pollAt(3, NOW, fixed(0.3)));
    expect(pollDelayMs(2, fixed(0.5), { firstMs: 1_000, capMs: 3_000, jitter: 0.5 })).toBe(2_250);
  });
});
