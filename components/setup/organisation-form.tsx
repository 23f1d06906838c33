'use client';

import { useActionState } from 'react';
import { Field, FormMessage, SubmitButton } from '@/components/forms/controls';
import type { FormState } from '@/lib/forms/form-state';

export function OrganisationForm({ action }: { action: (prev: FormState, form: FormData) => Promise<FormState> }) {
  const [state, formAction] = useActionState(action, {});
  const e = state.fieldErrors ?? {};
  const v = state.values ?? {};
  return (
    <form action={formAction} className="space-y-5" aria-label="Institution and admin" noValidate>
      <FormMessage state={state} />
      <fieldset className="space-y-4">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Institution (printed on regulatory filings)</legend>
        <Field label="Institution name" name="institution" defaultValue={v.institution} error={e.institution} autoComplete="organization" />
        <Field label="Licence or registration number" name="licence" defaultValue={v.licence} error={e.licence} hint="The reference your regulator gave the institution" />
        <Field label="Regulator" name="regulator" defaultValue={v.regulator} error={e.regulator} hint="For example the financial intelligence unit you file with" />
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-2 text-sm font-semibold text-slate-900">First admin</legend>
        <Field label="Full name" name="admin_name" defaultValue={v.admin_name} error={e.admin_name} autoComplete="name" />
        <Field label="Email" name="admin_email" type="email" defaultValue={v.admin_email} error={e.admin_email} autoComplete="email" />
        <Field
          label="Password"
          name="admin_password"
          type="password"
          error={e.admin_password}
          autoComplete="new-password"
          hint="12 to 72 characters. You will choose a new one at first sign-in."
        />
        <Field label="Password again" name="admin_password_confirm" type="password" error={e.admin_password_confirm} autoComplete="new-password" />
      </fieldset>
      <SubmitButton testId="complete-setup">Create the institution and admin</SubmitButton>
    </form>
  );
}
