'use client';

import { useActionState } from 'react';
import { Field, FormMessage, Reveal, SelectField, SubmitButton } from '@/components/forms/controls';
import type { FormState } from '@/lib/forms/form-state';

export const ROLE_OPTIONS = [
  { value: 'analyst', label: 'Analyst: works alerts, drafts reports' },
  { value: 'reviewer', label: 'Reviewer: also files reports' },
  { value: 'admin', label: 'Admin: also manages people and keys' },
];

export function AddPersonForm({ action }: { action: (prev: FormState, form: FormData) => Promise<FormState> }) {
  const [state, formAction] = useActionState(action, {});
  const e = state.fieldErrors ?? {};
  const v = state.values ?? {};
  return (
    <div className="space-y-4">
      <Reveal state={state} />
      <form action={formAction} className="grid gap-4 sm:grid-cols-2" aria-label="Add a person" noValidate>
        <div className="sm:col-span-2">
          <FormMessage state={state} />
        </div>
        <Field label="Full name" name="name" defaultValue={v.name} error={e.name} />
        <Field label="Email" name="email" type="email" defaultValue={v.email} error={e.email} />
        <SelectField label="Role" name="role" options={ROLE_OPTIONS} defaultValue={v.role ?? 'analyst'} error={e.role} />
        <div className="flex items-end">
          <SubmitButton testId="add-person">Add person</SubmitButton>
        </div>
      </form>
    </div>
  );
}
