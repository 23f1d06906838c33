'use client';

import { useActionState, useId } from 'react';
import { FieldError } from '@/components/forms/controls';
import { ActionButton } from '@/components/ui/action-button';
import type { ButtonVariant } from '@/components/ui/button';
import type { FormState } from '@/lib/forms/form-state';

type StepState = FormState & { outcome?: 'filed' | 'rejected' | 'queued' };
type StepAction = (prev: StepState, form: FormData) => Promise<StepState>;

const OUTCOMES = {
  filed: 'Filed: the filing system accepted the report. It shows acknowledged once the regulator answers.',
  rejected: 'Refused: the filing system rejected the report; its reasons are under Filing. Reopen it to fix them.',
  queued: 'Queued: the filing system could not be reached. The report files itself when it is back.',
} as const;

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * One step of the STR's life (send for review, file, reopen): a button, disabled with the reason beside it when the
 * person cannot take the step now, and what happened once taken.
 */
export function StrStepForm({ strId, action, label, refusal, testId, variant = 'secondary' }: { strId: string; action: StepAction; label: string; refusal: string | null; testId: string; variant?: ButtonVariant }) {
  const [state, run] = useActionState(action, {});
  const reasonId = useId();
  const problem = state.message ?? (state.fieldErrors ? Object.values(state.fieldErrors).join('; ') : undefined);
  return (
    <form action={run} aria-label={label} className="space-y-1">
      <input type="hidden" name="str_id" value={strId} />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <ActionButton size="md" variant={variant} disabled={refusal !== null} describedBy={refusal ? reasonId : undefined} testId={testId}>
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
