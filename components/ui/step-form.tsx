'use client';

import type { ReactNode } from 'react';
import { useActionState, useId } from 'react';
import { FieldError } from '@/components/forms/controls';
import { ActionButton } from './action-button';
import type { ButtonVariant } from './button';
import type { FormState } from '@/lib/forms/form-state';

/** What a step's action answers: the form state, and for steps with several results (filing) which one it was. */
export type StepState = FormState & { outcome?: string };
/**
 * A step's server action. Its first parameter is typed by the action itself (a narrower state, such as an outcome
 * union): `never` here accepts any of them, and the form only ever passes back what the action answered.
 */
export type StepAction = (prev: never, form: FormData) => Promise<StepState>;

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * One step of a record's life taken with one button (send for review, file, submit, activate): the button is
 * disabled with the reason beside it (and tied to it) when the person cannot take the step now, and once taken the
 * form says what happened: the words of its `outcome`, or `doneText`. `fields` go along as hidden inputs.
 */
export function StepForm({
  fields,
  action,
  label,
  refusal,
  testId,
  variant = 'secondary',
  outcomes,
  doneText,
}: {
  fields: Record<string, string>;
  action: StepAction;
  label: ReactNode;
  refusal: string | null;
  testId: string;
  variant?: ButtonVariant;
  outcomes?: Record<string, string>;
  doneText?: string;
}) {
  const [state, run] = useActionState(action as (prev: StepState, form: FormData) => Promise<StepState>, {});
  const reasonId = useId();
  const problem = state.message ?? (state.fieldErrors ? Object.values(state.fieldErrors).join('; ') : undefined);
  const outcome = state.outcome ? outcomes?.[state.outcome] : undefined;
  return (
    <form action={run} aria-label={typeof label === 'string' ? label : undefined} className="space-y-1">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
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
      {outcome ? (
        <p role="status" className="text-sm text-slate-800" data-testid={`${testId}-outcome`}>
          {outcome}
        </p>
      ) : state.ok && doneText ? (
        <p role="status" className="text-sm text-emerald-800" data-testid={`${testId}-done`}>
          {doneText}
        </p>
      ) : null}
      {problem ? <FieldError text={problem} /> : null}
    </form>
  );
}
