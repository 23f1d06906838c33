import type { Database } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { decideResolution } from './decide-resolution';
import type { ResolutionRow } from './serialize';

export { NOT_WAITING_REJECT } from './decide-resolution';

/**
 * Sends a clearing back (a reviewer, an admin, a key or the command line, the one that cleared it
 * included; audit `screening.resolution_rejected`): the decision becomes `rejected` and the match has no
 * standing decision again, so the review is recomputed (usually back to `open`).
 */
export async function rejectResolution(db: Database, actor: Actor, screeningId: string, resolutionId: string): Promise<ResolutionRow> {
  return decideResolution(db, actor, screeningId, resolutionId, 'reject');
}
