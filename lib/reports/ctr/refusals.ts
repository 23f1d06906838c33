import type { Actor } from '@/lib/auth/actor';
import { isAllowed } from '@/lib/auth/policy';
import { settings } from '@/lib/config';
import { BEING_FILED_MESSAGE, BUILDER_CANNOT_SUBMIT, NOT_A_DRAFT_MESSAGE, NOT_A_DRAFT_TO_SUBMIT, NOTHING_TO_FILE, ROLE_CANNOT_SUBMIT } from './schemas';
import type { CtrBatchRow, CtrFigures } from './serialize';
import { FILING_NOT_CONFIGURED } from './submit-ctr';

/** Why the actor cannot take each step on the batch now (null when they can), so the console shows a disabled control with its reason. */
export interface CtrRefusals {
  edit: string | null;
  submit: string | null;
}

/**
 * The refusals updateCtrRow and submitCtr would give, in their words and order, decided before anyone clicks: edits
 * need a draft with no filing under way; submitting also needs a reviewer or admin who neither built nor edited the
 * batch, a configured filing system and at least one included row with a customer ID. The verbs still decide (and
 * submitCtr also validates the document against the filing schema); this only informs.
 */
export function ctrRefusals(actor: Actor, batch: Pick<CtrBatchRow, 'status' | 'builtBy' | 'editedBy' | 'filing'>, figures: Pick<CtrFigures, 'rowsToFile'>): CtrRefusals {
  const draft = batch.status === 'draft';
  const underWay = draft && (batch.filing?.state === 'queued' || batch.filing?.state === 'sent');
  const ids = new Set([actor.actorId, ...(actor.owner ? [actor.owner.id] : [])]);
  let submit: string | null = null;
  if (!isAllowed(actor, 'approve')) submit = ROLE_CANNOT_SUBMIT;
  else if (!draft) submit = NOT_A_DRAFT_TO_SUBMIT;
  else if (underWay) submit = BEING_FILED_MESSAGE;
  else if (ids.has(batch.builtBy) || batch.editedBy.some((p) => ids.has(p))) submit = BUILDER_CANNOT_SUBMIT;
  else if (!settings().filingUrl) submit = FILING_NOT_CONFIGURED;
  else if (figures.rowsToFile === 0) submit = NOTHING_TO_FILE;
  return { edit: !draft ? NOT_A_DRAFT_MESSAGE : underWay ? BEING_FILED_MESSAGE : null, submit };
}
