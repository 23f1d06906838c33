import type { Database } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { decideClosure } from './decide-closure';
import type { AlertRow } from './serialize';

export { NOT_PENDING_CLOSURE, OWN_CLOSURE } from './decide-closure';

/**
 * Second step of four-eyes closure: a reviewer, an admin, a key or the command line with another owner
 * than the requester's closes a `pending_closure` alert (audit `alert.closed`).
 */
export async function approveClosure(db: Database, actor: Actor, id: string): Promise<AlertRow> {
  return decideClosure(db, actor, id, 'approve');
}
