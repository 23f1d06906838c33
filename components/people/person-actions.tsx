'use client';

import { useActionState } from 'react';
import { FieldError, SubmitButton } from '@/components/forms/controls';
import type { FormState } from '@/lib/forms/form-state';

type Action = (prev: FormState, form: FormData) => Promise<FormState>;

export function RoleForm({ personId, role, action, disabled }: { personId: string; role: string; action: Action; disabled?: boolean }) {
  const [state, formAction] = useActionState(action, {});
  const error = state.message ?? state.fieldErrors?.role;
  return (
    <form action={formAction} className="flex flex-wrap items-center gap-2" aria-label="Role">
      <input type="hidden" name="person_id" value={personId} />
      <select
        name="role"
        defaultValue={role}
        disabled={disabled}
        aria-label="Role"
        className="rounded border border-slate-300 bg-white px-2 py-1 text-sm disabled:bg-slate-100"
      >
        <option value="analyst">analyst</option>
        <option value="reviewer">reviewer</option>
        <option value="admin">admin</option>
      </select>
      {disabled ? null : (
        <SubmitButton variant="secondary" testId="save-role">
          Save
        </SubmitButton>
      )}
      {error ? <FieldError text={error} /> : null}
    </form>
  );
}

export function DeactivateForm({ personId, action }: { personId: string; action: Action }) {
  const [state, formAction] = useActionState(action, {});
  return (
    <form action={formAction} aria-label="Deactivate">
      <input type="hidden" name="person_id" value={personId} />
      <SubmitButton variant="danger" testId="deactivate">
        Deactivate
      </SubmitButton>
      {state.message ? <FieldError text={state.message} /> : null}
    </form>
  );
}
