'use client';

import { useActionState } from 'react';
import { Field, FormMessage } from '@/components/forms/controls';
import { ActionButton } from '@/components/ui/action-button';
import type { FormState } from '@/lib/forms/form-state';

type Action = (prev: FormState, form: FormData) => Promise<FormState>;

export interface FilingDetails {
  institution: string | null;
  licence: string | null;
  regulator: string | null;
}

const HINT = '1 to 200 characters';

/** An admin's form for the three details; each refusal is shown beside its field. */
export function FilingDetailsForm({ action, current }: { action: Action; current: FilingDetails }) {
  const [state, formAction] = useActionState(action, {});
  const v = state.values ?? {};
  const e = state.fieldErrors ?? {};
  const value = (name: keyof FilingDetails) => v[name] ?? current[name] ?? '';
  return (
    <form action={formAction} aria-label="Filing details" className="max-w-2xl space-y-4" noValidate>
      <FormMessage state={state} />
      {state.ok ? (
        <p role="status" className="rounded border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="saved">
          Saved. New filings use these details.
        </p>
      ) : null}
      <Field label="Institution name" name="institution" defaultValue={value('institution')} error={e.institution} autoComplete="organization" hint={`As registered with the regulator; ${HINT}`} />
      <Field label="Licence or registration number" name="licence" defaultValue={value('licence')} error={e.licence} hint={`The reference your regulator gave the institution; ${HINT}`} />
      <Field label="Regulator" name="regulator" defaultValue={value('regulator')} error={e.regulator} hint={`For example the financial intelligence unit you file with; ${HINT}`} />
      <ActionButton size="md" testId="save-filing-details">
        Save
      </ActionButton>
    </form>
  );
}
