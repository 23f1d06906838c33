'use client';

import { useActionState } from 'react';
import { Field, FieldError, FormMessage, Reveal, SubmitButton } from '@/components/forms/controls';
import type { FormState } from '@/lib/forms/form-state';

type Action = (prev: FormState, form: FormData) => Promise<FormState>;

export function CreateKeyForm({ action }: { action: Action }) {
  const [state, formAction] = useActionState(action, {});
  return (
    <div className="space-y-4">
      <Reveal state={state} />
      <form action={formAction} className="flex flex-wrap items-end gap-4" aria-label="Create an API key" noValidate>
        <div className="w-full">
          <FormMessage state={state} />
        </div>
        <div className="min-w-72 flex-1">
          <Field label="Name" name="name" defaultValue={state.values?.name} error={state.fieldErrors?.name} hint="1 to 64 characters, e.g. the system that will use it" />
        </div>
        <SubmitButton testId="create-key">Create key</SubmitButton>
      </form>
    </div>
  );
}

export function RevokeKeyForm({ keyId, action }: { keyId: string; action: Action }) {
  const [state, formAction] = useActionState(action, {});
  return (
    <form action={formAction} aria-label="Revoke">
      <input type="hidden" name="key_id" value={keyId} />
      <SubmitButton variant="danger" testId="revoke-key">
        Revoke
      </SubmitButton>
      {state.message ? <FieldError text={state.message} /> : null}
    </form>
  );
}
