'use client';

import { useActionState } from 'react';
import { FieldError } from '@/components/forms/controls';
import { ActionButton } from '@/components/ui/action-button';
import type { FormState } from '@/lib/forms/form-state';

/** "New rule": the key of the rule to write (its page opens with the editor of version 1). */
export function NewRuleForm({ action }: { action: (prev: FormState, form: FormData) => Promise<FormState> }) {
  const [state, run] = useActionState(action, {});
  const error = state.fieldErrors?.key;
  return (
    <form action={run} aria-label="New rule" className="flex flex-wrap items-end gap-2">
      <div className="space-y-1">
        <label htmlFor="new-rule-key" className="block text-xs font-medium text-slate-700">
          Key of the new rule
        </label>
        <input
          id="new-rule-key"
          name="key"
          defaultValue={state.values?.key}
          placeholder="big_cash_out"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'new-rule-key-error' : undefined}
          data-testid="new-rule-key"
          className="block w-48 rounded border border-slate-300 bg-white px-2 py-1.5 font-mono text-sm shadow-sm focus:border-sky-600 focus:outline-none focus:ring-1 focus:ring-sky-600 aria-[invalid=true]:border-red-600"
        />
      </div>
      <ActionButton size="md" testId="new-rule">
        New rule
      </ActionButton>
      {error ? (
        <div className="basis-full">
          <FieldError id="new-rule-key-error" text={error} />
        </div>
      ) : null}
    </form>
  );
}
