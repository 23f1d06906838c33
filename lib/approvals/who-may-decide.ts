import { refusalOf } from '@/lib/alerts/closure-review';
import { OWN_CLOSURE } from '@/lib/alerts/approve-closure';
import type { Actor } from '@/lib/auth/actor';
import { ownerIdOf } from '@/lib/auth/owners';
import { OWN_CLEARING } from '@/lib/screening/approve-resolution';

/**
 * What stops the actor from deciding a waiting item, as the verbs would refuse it, so a control can be
 * disabled with its reason before anyone clicks: `approve` is refused for the role (lib/auth/policy.ts)
 * and for the owner who asked (four-eyes compares owners, lib/auth/owners.ts); `reject` only for the
 * role, since the interface lets the requester send their own request back.
 */
export function decisionRefusals(
  actor: Actor,
  item: { kind: 'alert_closure' | 'screening_clearance'; requesterOwnerId: string },
): { approve: string | null; reject: string | null } {
  const role = refusalOf(actor, 'approve') ?? null;
  if (role) return { approve: role, reject: role };
  const own = item.requesterOwnerId === ownerIdOf(actor);
  return { approve: own ? (item.kind === 'alert_closure' ? OWN_CLOSURE : OWN_CLEARING) : null, reject: null };
}
