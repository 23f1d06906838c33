import type { FilingRoundResult, FilingWorker } from '@/lib/filing/worker';

/**
 * One round of the filing worker that actually ran: integration test files share one database and run in parallel,
 * and another file's worker may hold the install-wide advisory lock for a moment (a round answers `locked: false`
 * and does nothing then). Tries again until a round gets the lock, for up to 15 s.
 */
export async function lockedRound(worker: FilingWorker): Promise<FilingRoundResult> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const round = await worker.runOnce();
    if (round.locked) return round;
    if (Date.now() > deadline) throw new Error('no filing worker round got the advisory lock within 15 s');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
