'use client';

import { useActionState } from 'react';
import { FieldError, FormMessage, SubmitButton } from '@/components/forms/controls';
import type { FormState } from '@/lib/forms/form-state';

export function LicenceForm({ action }: { action: (prev: FormState, form: FormData) => Promise<FormState> }) {
  const [state, formAction] = useActionState(action, {});
  const error = state.fieldErrors?.licence_text;
  return (
    <form action={formAction} className="space-y-4" aria-label="Licence">
      <FormMessage state={state} />
      <div className="space-y-1">
        <label htmlFor="field-licence_text" className="block text-sm font-medium text-slate-700">
          Licence file
        </label>
        <textarea
          id="field-licence_text"
          name="licence_text"
          rows={6}
          defaultValue={state.values?.licence_text}
          placeholder='{"payload":"…","signature":"…"}'
          aria-invalid={error ? true : undefined}
          className="block w-full rounded border border-slate-300 px-3 py-2 font-mono text-xs shadow-sm focus:border-sky-600 focus:outline-none focus:ring-1 focus:ring-sky-600 aria-[invalid=true]:border-red-600"
        />
        <p className="text-xs text-slate-500">Paste the licence file your vendor sent, or choose it below.</p>
      </div>
      <div className="space-y-1">
        <label htmlFor="field-licence_upload" className="block text-sm font-medium text-slate-700">
          Or upload it
        </label>
        <input id="field-licence_upload" name="licence_upload" type="file" accept=".json,.lic,.txt,application/json,text/plain" className="text-sm" />
      </div>
      {error ? <FieldError text={error} /> : null}
      <SubmitButton testId="check-licence">Check licence</SubmitButton>
    </form>
  );
}
