'use client';

import { useActionState } from 'react';
import { Field, FormMessage, SelectField } from '@/components/forms/controls';
import { ActionButton } from '@/components/ui/action-button';
import type { FormState } from '@/lib/forms/form-state';

type Action = (prev: FormState, form: FormData) => Promise<FormState>;

/** Screen one name; only the name is required. On success the action goes to the new screening's page. */
export function NewScreeningForm({ action }: { action: Action }) {
  const [state, formAction] = useActionState(action, {});
  const v = state.values ?? {};
  const e = state.fieldErrors ?? {};
  return (
    <form action={formAction} aria-label="Screen a name" className="max-w-2xl space-y-4" noValidate>
      <FormMessage state={state} />
      <Field label="Name" name="name" defaultValue={v.name} error={e.name} hint="The person's or business's full name, 1 to 200 characters" required />
      <div className="grid grid-cols-2 gap-4">
        <SelectField
          label="Kind"
          name="kind"
          defaultValue={v.kind ?? ''}
          error={e.kind}
          options={[
            { value: '', label: 'Person or business' },
            { value: 'person', label: 'Person' },
            { value: 'business', label: 'Business' },
          ]}
        />
        <Field label="Birth year" name="birth_year" type="text" defaultValue={v.birth_year} error={e.birth_year} hint="Optional, for a person: 1900 to this year" />
        <Field label="Country" name="country" defaultValue={v.country} error={e.country} hint="Optional two-letter code, e.g. RU" />
        <Field label="Reference" name="reference" defaultValue={v.reference} error={e.reference} hint="Optional: your customer id; it names the alert's subject" />
      </div>
      <ActionButton size="md" testId="screen-name">
        Screen
      </ActionButton>
    </form>
  );
}
