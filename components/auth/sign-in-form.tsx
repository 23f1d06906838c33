'use client';

import { useActionState } from 'react';
import { Field, FormMessage, SubmitButton } from '@/components/forms/controls';
import type { FormState } from '@/lib/forms/form-state';

export function SignInForm({ action, initial }: { action: (prev: FormState, form: FormData) => Promise<FormState>; initial: FormState }) {
  const [state, formAction] = useActionState(action, initial);
  const e = state.fieldErrors ?? {};
  return (
    <form action={formAction} className="space-y-4" aria-label="Sign in" noValidate>
      <FormMessage state={state} />
      <Field label="Email" name="email" type="email" defaultValue={state.values?.email} error={e.email} autoComplete="username" />
      <Field label="Password" name="password" type="password" error={e.password} autoComplete="current-password" />
      <SubmitButton testId="sign-in">Sign in</SubmitButton>
    </form>
  );
}
