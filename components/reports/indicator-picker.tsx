'use client';

import { useId, useState } from 'react';
import type { IndicatorChoice } from '@/lib/reports/str/indicator-choices';
import { fieldId } from './field-ids';

/**
 * The STR's indicators as a searchable list of checkboxes: the filing schema's codes with their descriptions,
 * and any chosen code the schema does not list (so it can be seen and unticked). Filtering only hides rows;
 * a hidden ticked box is still sent with the form. Without a configured schema, codes are typed.
 */
export function IndicatorPicker({ form, choices, chosen, readOnly }: { form: string; choices: IndicatorChoice[] | null; chosen: string[]; readOnly: boolean }) {
  const [filter, setFilter] = useState('');
  const [ticked, setTicked] = useState(() => new Set(chosen));
  const hintId = useId();
  if (choices === null) {
    return (
      <div className="space-y-1">
        <input type="hidden" name="indicators_shown" value="1" form={form} />
        <label htmlFor={fieldId('indicators')} className="block text-sm font-medium text-slate-700">
          Indicator codes
        </label>
        <input
          id={fieldId('indicators')}
          name="indicators_typed"
          form={form}
          defaultValue={chosen.join(', ')}
          readOnly={readOnly}
          aria-describedby={hintId}
          className="block w-full rounded border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm read-only:bg-slate-50 focus:border-sky-600 focus:outline-none focus:ring-1 focus:ring-sky-600"
        />
        <p id={hintId} className="text-xs text-slate-600">
          No filing schema is configured, so codes are not checked; separate them with commas.
        </p>
      </div>
    );
  }
  const known = new Set(choices.map((c) => c.code));
  const rows = [...chosen.filter((c) => !known.has(c)).map((code) => ({ code, description: null, unknown: true })), ...choices.map((c) => ({ ...c, unknown: false }))];
  const needle = filter.trim().toLowerCase();
  const visible = (r: { code: string; description: string | null }) => needle === '' || r.code.toLowerCase().includes(needle) || (r.description ?? '').toLowerCase().includes(needle);
  const shown = rows.filter(visible).length;
  return (
    <fieldset className="space-y-2" aria-describedby={hintId}>
      <legend className="text-sm font-medium text-slate-700">Codes of the filing schema</legend>
      <input type="hidden" name="indicators_shown" value="1" form={form} />
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={fieldId('indicators')} className="text-sm text-slate-700">
          Search the codes
        </label>
        <input
          id={fieldId('indicators')}
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          autoComplete="off"
          className="w-56 rounded border border-slate-300 bg-white px-2 py-1 text-sm shadow-sm focus:border-sky-600 focus:outline-none focus:ring-1 focus:ring-sky-600"
        />
        <span id={hintId} className="text-xs text-slate-600" aria-live="polite" data-testid="indicator-summary">
          {ticked.size} chosen · {shown} of {rows.length} codes shown
        </span>
      </div>
      <ul className="max-h-64 space-y-1 overflow-y-auto rounded border border-slate-200 p-2" data-testid="indicator-list">
        {rows.map((r, k) => {
          const j = chosen.indexOf(r.code);
          const id = j >= 0 ? fieldId(`indicators[${j}]`) : `str-indicator-option-${k}`;
          return (
            <li key={`${r.unknown ? 'u' : 'k'}-${r.code}`} className={visible(r) ? 'flex items-start gap-2' : 'hidden'}>
              <input
                id={id}
                type="checkbox"
                name="indicators"
                value={r.code}
                form={form}
                disabled={readOnly}
                defaultChecked={chosen.includes(r.code)}
                onChange={(e) =>
                  setTicked((prev) => {
                    const next = new Set(prev);
                    if (e.target.checked) next.add(r.code);
                    else next.delete(r.code);
                    return next;
                  })
                }
                className="mt-0.5 size-4 focus-visible:outline-2 focus-visible:outline-sky-600"
              />
              <label htmlFor={id} className="text-sm">
                <code className="font-mono">{r.code}</code>
                {r.description ? <span className="text-slate-700"> · {r.description}</span> : null}
                {r.unknown ? <span className="text-red-700"> · not a code of the filing schema</span> : null}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
