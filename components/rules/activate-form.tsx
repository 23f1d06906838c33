'use client';

import { useActionState, useId } from 'react';
import { FieldError } from '@/components/forms/controls';
import { ActionButton } from '@/components/ui/action-button';
import type { FormState } from '@/lib/forms/form-state';

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Activate one draft. A person who may not (its author, whose activation four-eyes refuses, or a role that
 * does not activate) sees the button disabled, with the verb's reason beside it and tied to it.
 */
export function ActivateRuleForm({
  ruleId,
  label,
  refusal,
  action,
  testId = 'activate-rule',
}: {
  ruleId: string;
  label: string;
  refusal: string | null;
  action: (prev: FormState, form: FormData) => Promise<FormState>;
  testId?: string;
}) {
  const [state, run] = useActionState(action, {});
  const reasonId = useId();
  return (
    <form action={run} aria-label={label} className="space-y-1">
      <input type="hidden" name="rule_id" value={ruleId} />
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
      {state.ok ? (
        <p role="status" className="text-sm text-emerald-800" data-testid={`${testId}-done`}>
          Activated: it scores events from now on.
        </p>
      ) : null}
      {state.message ? <FieldError text={state.message} /> : null}
    </form>
  );
}
