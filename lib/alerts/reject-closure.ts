import type { Database } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { decideClosure } from './decide-closure';
import type { AlertRow } from './serialize';

/**
 * Sends a `pending_closure` alert back to `in_review`, clearing the disposition and the requester
 * (audit `alert.closure_rejected`). A reviewer, an admin, a key or the command line may reject, the
 * requester included.
 */
export async function rejectClosure(db: Database, actor: Actor, id: string): Promise<AlertRow> {
  return decideClosure(db, actor, id, 'reject');
}
