import type { Queryable } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { isSameOwner } from '@/lib/auth/owners';
import { authorize, type Permission } from '@/lib/auth/policy';
import { ForbiddenError } from '@/lib/errors';
import { OWN_CLOSURE } from './approve-closure';
import type { AlertRow } from './serialize';

export const NOT_PENDING_REASON = 'the alert is not pending closure';

/** The policy's refusal for the actor and permission, or undefined when allowed. */
export function refusalOf(actor: Actor, permission: Permission): string | undefined {
  try {
    authorize(actor, permission);
    return undefined;
  } catch (err) {
    if (err instanceof ForbiddenError) return err.message;
    throw err;
  }
}

export interface ClosureReview {
  canApprove: boolean;
  canReject: boolean;
  /** Why approval is not open to this actor (shown beside the disabled control). */
  approveReason?: string;
  rejectReason?: string;
}

/**
 * Whether the actor may approve or reject the alert's pending closure, with the reason when not, decided
 * the way approveClosure and the policy decide it: approval needs the `approve` permission and another
 * owner than the requester's (so a person's own keys do not count as a second person); rejection needs
 * the permission only. For the console, so a control can be disabled with its reason beside it.
 */
export async function closureReview(db: Queryable, actor: Actor, alert: Pick<AlertRow, 'status' | 'closureRequestedBy'>): Promise<ClosureReview> {
  if (alert.status !== 'pending_closure') return { canApprove: false, canReject: false, approveReason: NOT_PENDING_REASON, rejectReason: NOT_PENDING_REASON };
  const refused = refusalOf(actor, 'approve');
  const own = await isSameOwner(db, actor, alert.closureRequestedBy);
  return {
    canApprove: refused === undefined && !own,
    canReject: refused === undefined,
    ...(own ? { approveReason: OWN_CLOSURE } : refused !== undefined ? { approveReason: refused } : {}),
    ...(refused !== undefined ? { rejectReason: refused } : {}),
  };
}
