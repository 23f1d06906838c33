import type { Actor } from '@/lib/auth/actor';
import { isAllowed } from '@/lib/auth/policy';
import { settings } from '@/lib/config';
import { ALREADY_BEING_FILED, DRAFTER_CANNOT_FILE, FILING_NOT_CONFIGURED, NOT_AWAITING_APPROVAL, ROLE_CANNOT_FILE } from './file-str';
import { NOT_A_DRAFT_MESSAGE, NOT_A_DRAFT_TO_REVIEW, NOT_REJECTED_MESSAGE } from './schemas';
import type { StrRow } from './serialize';
import type { StrCheck } from './types';

const errorsText = (n: number) => `the checks show ${n} ${n === 1 ? 'error' : 'errors'}; fix ${n === 1 ? 'it' : 'them'} first`;

/** Why the actor cannot take each step on the STR now (null when they can), so the console shows a disabled control with its reason. */
export interface StrRefusals {
  edit: string | null;
  review: string | null;
  file: string | null;
  reopen: string | null;
}

/**
 * The refusals the STR verbs would give, in the verbs' words and order, decided before anyone clicks: edits and
 * review need a draft, review and filing no error check; filing needs `awaiting_approval`, a reviewer or admin,
 * another person than the drafter (four-eyes compares person ids), no filing already under way and a configured
 * filing system; reopening needs `rejected`. The verbs still decide; this only informs.
 */
export function strRefusals(actor: Actor, str: Pick<StrRow, 'status' | 'draftedBy' | 'filing'>, checks: readonly StrCheck[]): StrRefusals {
  const errors = checks.filter((c) => c.severity === 'error').length;
  const draft = str.status === 'draft';
  const underWay = str.status === 'awaiting_approval' && (str.filing?.state === 'queued' || str.filing?.state === 'sent');
  let file: string | null = null;
  if (!isAllowed(actor, 'approve')) file = ROLE_CANNOT_FILE;
  else if (str.status !== 'awaiting_approval') file = NOT_AWAITING_APPROVAL;
  else if (underWay) file = ALREADY_BEING_FILED;
  else if (str.draftedBy === actor.actorId || (actor.owner !== undefined && str.draftedBy === actor.owner.id)) file = DRAFTER_CANNOT_FILE;
  else if (!settings().filingUrl) file = FILING_NOT_CONFIGURED;
  else if (errors > 0) file = errorsText(errors);
  return {
    edit: draft ? null : NOT_A_DRAFT_MESSAGE,
    review: !draft ? NOT_A_DRAFT_TO_REVIEW : errors > 0 ? errorsText(errors) : null,
    file,
    reopen: str.status === 'rejected' ? null : NOT_REJECTED_MESSAGE,
  };
}
