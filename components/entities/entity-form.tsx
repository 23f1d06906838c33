'use client';

import { useActionState } from 'react';
import { Field, FieldError, FormMessage, SelectField, SubmitButton } from '@/components/ui';
import type { FormState } from '@/lib/forms/form-state';
import { ATTRIBUTE_FIELD, JSON_FIELD } from './fields';

type Action = (prev: FormState, form: FormData) => Promise<FormState>;

/**
 * The entity's kind and attributes, edited in place; a new attribute by name and value. For a
 * placeholder an event created, the same form registers it (a kind is then required).
 */
export function EntityForm({
  entityId,
  kind,
  kinds,
  attributes,
  registered,
  action,
}: {
  entityId: string;
  kind: string | null;
  kinds: readonly string[];
  attributes: [string, unknown][];
  registered: boolean;
  action: Action;
}) {
  const [state, run] = useActionState(action, {});
  return (
    <form action={run} aria-label={registered ? 'Edit the entity' : 'Register the entity'} className="space-y-3" noValidate data-testid="entity-form">
      <FormMessage state={state} />
      {state.ok ? (
        <p role="status" className="text-sm text-emerald-800" data-testid="entity-saved">
          Saved.
        </p>
      ) : null}
      <input type="hidden" name="entity_id" value={entityId} />
      <SelectField
        label="Kind"
        name="kind"
        defaultValue={kind ?? ''}
        error={state.fieldErrors?.kind}
        options={[...(kind ? [] : [{ value: '', label: 'Choose a kind' }]), ...kinds.map((k) => ({ value: k, label: k }))]}
      />
      {attributes.map(([name, value]) => {
        const asText = typeof value === 'string';
        return (
          <div key={name}>
            {asText ? null : <input type="hidden" name={`${JSON_FIELD}${name}`} value="1" />}
            <Field
              label={name}
              name={`${ATTRIBUTE_FIELD}${name}`}
              defaultValue={asText ? value : JSON.stringify(value)}
              error={state.fieldErrors?.[`${ATTRIBUTE_FIELD}${name}`]}
              hint={asText ? undefined : 'JSON, as stored'}
            />
          </div>
        );
      })}
      <fieldset className="space-y-2 rounded border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium text-slate-700">Add an attribute</legend>
        <Field label="Name" name="new_name" error={state.fieldErrors?.new_name} />
        <Field label="Value" name="new_value" />
      </fieldset>
      {state.fieldErrors?.entity_id ? <FieldError text={state.fieldErrors.entity_id} /> : null}
      <SubmitButton testId="save-entity">{registered ? 'Save' : 'Register'}</SubmitButton>
    </form>
  );
}
