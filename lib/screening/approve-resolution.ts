import type { Database } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { decideResolution } from './decide-resolution';
import type { ResolutionRow } from './serialize';

export { lockedResolution, NOT_WAITING_APPROVE, OWN_CLEARING } from './decide-resolution';

/**
 * Second step of four-eyes clearing: a reviewer, an admin, a key or the command line with another owner
 * than the clearer's makes the `false_positive` decision final (audit `screening.resolution_approved`).
 * When that was the last match to clear, the review becomes `cleared` and the screening's alert closes,
 * in this transaction.
 */
export async function approveResolution(db: Database, actor: Actor, screeningId: string, resolutionId: string): Promise<ResolutionRow> {
  return decideResolution(db, actor, screeningId, resolutionId, 'approve');
}
