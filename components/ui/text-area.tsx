'use client';

import { FieldError } from '@/components/forms/controls';

/** A labelled multi-line text box with its error or hint beside it, in the look of the console's other fields. */
export function TextAreaField(props: {
  /** The box's id (unique on the page); its error and hint take it as a prefix. */
  id: string;
  label: string;
  name: string;
  defaultValue?: string;
  error?: string;
  hint?: string;
  required?: boolean;
  rows?: number;
  maxLength?: number;
}) {
  const id = props.id;
  const described = props.error ? `${id}-error` : props.hint ? `${id}-hint` : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {props.label}
        {props.required ? <span className="text-slate-500"> (required)</span> : null}
      </label>
      <textarea
        id={id}
        name={props.name}
        rows={props.rows ?? 3}
        maxLength={props.maxLength}
        defaultValue={props.defaultValue}
        required={props.required}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described}
        className="block w-full rounded border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-sky-600 focus:outline-none focus:ring-1 focus:ring-sky-600 aria-[invalid=true]:border-red-600"
      />
      {props.error ? <FieldError id={`${id}-error`} text={props.error} /> : null}
      {!props.error && props.hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}
