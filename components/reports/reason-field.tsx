'use client';

import { useState } from 'react';
import { FieldError } from '@/components/forms/controls';

/**
 * The STR's reason for suspicion with a live count against the filing limit (characters as the checks count
 * them: code points). The count is the box's description, so a screen reader reads it on focus; going over the
 * limit is announced once.
 */
export function ReasonField({ id, name, form, defaultValue, max, readOnly, error }: { id: string; name: string; form: string; defaultValue: string; max: number; readOnly: boolean; error?: string }) {
  const [length, setLength] = useState([...defaultValue].length);
  const over = length > max;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Reason for suspicion
      </label>
      <textarea
        id={id}
        name={name}
        form={form}
        rows={8}
        defaultValue={defaultValue}
        readOnly={readOnly}
        onChange={(e) => setLength([...e.target.value].length)}
        aria-invalid={over || error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        className="block w-full rounded border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm read-only:bg-slate-50 focus:border-sky-600 focus:outline-none focus:ring-1 focus:ring-sky-600 aria-[invalid=true]:border-red-600"
      />
      <p id={`${id}-count`} className={`text-xs tabular-nums ${over ? 'font-semibold text-red-700' : 'text-slate-600'}`} data-testid="reason-count">
        {length.toLocaleString('en')} / {max.toLocaleString('en')} characters{over ? ` (${(length - max).toLocaleString('en')} too many)` : ''}
      </p>
      {over ? (
        <p role="status" className="sr-only">
          The reason is over {max} characters.
        </p>
      ) : null}
      {error ? <FieldError id={`${id}-error`} text={error} /> : null}
    </div>
  );
}
