/** How an alert stands against its deadline, in words a person reads at a glance. */
export interface SlaState {
  /** `3 h left`, `2 d late`, `closed`. */
  text: string;
  /** `late` past due, `soon` within the hour (the counts' near-SLA), `today` within a day, else `ok`; `done` when no longer worked. */
  level: 'late' | 'soon' | 'today' | 'ok' | 'done';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * `45 min`, `3 h`, `2 d`: minutes and hours rounded down (never `0`: under a minute reads `1 min`),
 * from two days on whole days to the nearest, so a fresh medium alert (72 h, a moment less by the time
 * it is shown) reads `3 d left`, not a day shorter. The exact time is on hover.
 */
export function roughDuration(ms: number): string {
  const abs = Math.abs(ms);
  if (abs < HOUR) return `${Math.max(1, Math.floor(abs / MINUTE))} min`;
  if (abs < 2 * DAY) return `${Math.floor(abs / HOUR)} h`;
  return `${Math.round(abs / DAY)} d`;
}

/** The SLA of an alert with deadline `dueAt` at `now`; a pending or closed alert is no longer on the clock. */
export function slaState(dueAt: string, status: string, now: number = Date.now()): SlaState {
  if (status === 'closed') return { text: 'closed', level: 'done' };
  if (status === 'pending_closure') return { text: 'awaiting approval', level: 'done' };
  const left = Date.parse(dueAt) - now;
  if (left < 0) return { text: `${roughDuration(left)} late`, level: 'late' };
  const text = `${roughDuration(left)} left`;
  if (left <= HOUR) return { text, level: 'soon' };
  if (left <= DAY) return { text, level: 'today' };
  return { text, level: 'ok' };
}
