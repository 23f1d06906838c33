'use client';

import { useActionState } from 'react';
import { Field, FieldError, FormMessage, SubmitButton } from '@/components/ui';
import type { FormState } from '@/lib/forms/form-state';

type Action = (prev: FormState, form: FormData) => Promise<FormState>;

/** One button that changes the case (assign to me, close, reopen …), with the refusal (if any) beside it. */
export function CaseButtonForm({
  caseId,
  action,
  change,
  label,
  testId,
  variant = 'secondary',
}: {
  caseId: string;
  action: Action;
  change: string;
  label: string;
  testId: string;
  variant?: 'primary' | 'secondary' | 'danger';
}) {
  const [state, run] = useActionState(action, {});
  return (
    <form action={run} aria-label={label}>
      <input type="hidden" name="case_id" value={caseId} />
      <input type="hidden" name="change" value={change} />
      <SubmitButton variant={variant} testId={testId}>
        {label}
      </SubmitButton>
      {state.message ? <FieldError text={state.message} /> : null}
      {state.fieldErrors ? <FieldError text={Object.values(state.fieldErrors).join('; ')} /> : null}
    </form>
  );
}

export function RenameCaseForm({ caseId, title, action }: { caseId: string; title: string; action: Action }) {
  const [state, run] = useActionState(action, {});
  return (
    <form action={run} aria-label="Rename the case" className="space-y-2" noValidate>
      <FormMessage state={state} />
      <input type="hidden" name="case_id" value={caseId} />
      <Field label="Title" name="title" defaultValue={state.values?.title ?? title} error={state.fieldErrors?.title} hint="1 to 200 characters" />
      <SubmitButton variant="secondary" testId="rename-case">
        Rename
      </SubmitButton>
    </form>
  );
}
