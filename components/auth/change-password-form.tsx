'use client';

import { useActionState } from 'react';
import { Field, FormMessage, SubmitButton } from '@/components/forms/controls';
import type { FormState } from '@/lib/forms/form-state';

export function ChangePasswordForm({ action }: { action: (prev: FormState, form: FormData) => Promise<FormState> }) {
  const [state, formAction] = useActionState(action, {});
  const e = state.fieldErrors ?? {};
  return (
    <form action={formAction} className="space-y-4" aria-label="Change password" noValidate>
      <FormMessage state={state} />
      <Field label="Current password" name="current_password" type="password" error={e.current_password} autoComplete="current-password" />
      <Field label="New password" name="new_password" type="password" error={e.new_password} autoComplete="new-password" hint="12 to 72 characters; a passphrase of several words is easiest to remember." />
      <Field label="New password again" name="new_password_confirm" type="password" error={e.new_password_confirm} autoComplete="new-password" />
      <SubmitButton testId="change-password">Change password</SubmitButton>
    </form>
  );
}
