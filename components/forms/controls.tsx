'use client';

import type { ReactNode } from 'react';
import { useFormStatus } from 'react-dom';
import type { FormState } from '@/lib/forms/form-state';

/** Service messages are lower-case phrases (as in the API); on screen they start a sentence. */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const inputClass =
  'block w-full rounded border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-sky-600 focus:outline-none focus:ring-1 focus:ring-sky-600 aria-[invalid=true]:border-red-600';

export function Field(props: {
  label: string;
  name: string;
  type?: string;
  defaultValue?: string;
  error?: string;
  hint?: string;
  autoComplete?: string;
  required?: boolean;
}) {
  const id = `field-${props.name}`;
  const described = props.error ? `${id}-error` : props.hint ? `${id}-hint` : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        defaultValue={props.defaultValue}
        autoComplete={props.autoComplete}
        required={props.required}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described}
        className={inputClass}
      />
      {props.error ? <FieldError id={`${id}-error`} text={props.error} /> : null}
      {!props.error && props.hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

export function FieldError({ id, text }: { id?: string; text: string }) {
  return (
    <p id={id} role="alert" className="text-sm text-red-700" data-testid="field-error">
      {sentence(text)}
    </p>
  );
}

export function SelectField(props: {
  label: string;
  name: string;
  options: { value: string; label: string }[];
  defaultValue?: string;
  error?: string;
}) {
  const id = `field-${props.name}`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {props.label}
      </label>
      <select id={id} name={props.name} defaultValue={props.defaultValue} className={inputClass} aria-invalid={props.error ? true : undefined}>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {props.error ? <FieldError text={props.error} /> : null}
    </div>
  );
}

export function SubmitButton({ children, variant = 'primary', testId }: { children: ReactNode; variant?: 'primary' | 'danger' | 'secondary'; testId?: string }) {
  const { pending } = useFormStatus();
  const colours = {
    primary: 'bg-sky-700 text-white hover:bg-sky-800',
    danger: 'bg-white text-red-700 border border-red-300 hover:bg-red-50',
    secondary: 'bg-white text-slate-700 border border-slate-300 hover:bg-slate-50',
  }[variant];
  return (
    <button
      type="submit"
      disabled={pending}
      data-testid={testId}
      className={`rounded px-4 py-2 text-sm font-medium shadow-sm disabled:opacity-60 ${colours}`}
    >
      {pending ? 'Working…' : children}
    </button>
  );
}

/** The form-level message: an error above the fields. */
export function FormMessage({ state }: { state: FormState | undefined }) {
  if (!state?.message) return null;
  return (
    <div role="alert" data-testid="form-error" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
      {sentence(state.message)}
    </div>
  );
}

/** A secret shown once (a one-time password, a new API key). */
export function Reveal({ state }: { state: FormState | undefined }) {
  if (!state?.reveal) return null;
  return (
    <div role="status" className="space-y-2 rounded border border-amber-300 bg-amber-50 p-4 text-sm">
      <p className="font-medium text-amber-900">{state.reveal.title}</p>
      <code data-testid="revealed-secret" className="block break-all rounded bg-white px-3 py-2 font-mono text-base text-slate-900 select-all">
        {state.reveal.value}
      </code>
      <p className="text-amber-900">{state.reveal.note}</p>
    </div>
  );
}
