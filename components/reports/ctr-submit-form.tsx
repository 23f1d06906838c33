'use client';

import { useActionState, useId } from 'react';
import { FieldError } from '@/components/forms/controls';
import { ActionButton } from '@/components/ui/action-button';
import type { FormState } from '@/lib/forms/form-state';

type SubmitState = FormState & { outcome?: 'filed' | 'rejected' | 'queued' };
type SubmitAction = (prev: SubmitState, form: FormData) => Promise<SubmitState>;

const OUTCOMES = {
  filed: 'Filed: the filing system accepted the batch. It shows acknowledged once the regulator answers.',
  rejected: 'Refused: the filing system rejected the batch; its reasons are under Last rejection.',
  queued: 'Queued: the filing system could not be reached. The batch files itself when it is back.',
} as const;

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * "Submit" of a CTR batch: a button, disabled with the reason beside it when the person cannot submit now (an
 * analyst, whoever built or edited it, nothing to file), and what happened once submitted.
 */
export function CtrSubmitForm({ ctrId, action, label, refusal, testId }: { ctrId: string; action: SubmitAction; label: string; refusal: string | null; testId: string }) {
  const [state, run] = useActionState(action, {});
  const reasonId = useId();
  const problem = state.message ?? (state.fieldErrors ? Object.values(state.fieldErrors).join('; ') : undefined);
  return (
    <form action={run} aria-label={label} className="space-y-1">
      <input type="hidden" name="ctr_id" value={ctrId} />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <ActionButton size="md" variant="primary" disabled={refusal !== null} describedBy={refusal ? reasonId : undefined} testId={testId}>
          {label}
        </ActionButton>
        {refusal ? (
          <span id={reasonId} className="text-xs text-slate-600" data-testid={`${testId}-reason`}>
            {sentence(refusal)}.
          </span>
        ) : null}
      </div>
      {state.outcome ? (
        <p role="status" className="text-sm text-slate-800" data-testid={`${testId}-outcome`}>
          {OUTCOMES[state.outcome]}
        </p>
      ) : null}
      {problem ? <FieldError text={problem} /> : null}
    </form>
  );
}
