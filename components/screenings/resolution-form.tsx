'use client';

import { useActionState, useId } from 'react';
import { FieldError, FormMessage } from '@/components/forms/controls';
import { ActionButton } from '@/components/ui/action-button';
import type { FormState } from '@/lib/forms/form-state';
import { OUTCOME_LABELS } from './reasons';

type Action = (prev: FormState, form: FormData) => Promise<FormState>;

const OUTCOMES = ['false_positive', 'true_match', 'needs_info'] as const;

const HINTS: Record<(typeof OUTCOMES)[number], string> = {
  false_positive: 'a second person must approve it',
  true_match: 'final at once; the alert stays open',
  needs_info: 'the match stays open',
};

/** Record a decision on one match or near miss: the outcome and a note (1 to 2000 characters), with errors beside them. */
export function ResolutionForm({ action, screeningId, list, entryRef, entryName }: { action: Action; screeningId: string; list: string; entryRef: string; entryName: string }) {
  const [state, formAction] = useActionState(action, {});
  const id = useId();
  const outcomeError = state.fieldErrors?.outcome;
  const matchError = state.fieldErrors?.list ?? state.fieldErrors?.entry_ref;
  const noteError = state.fieldErrors?.note;
  return (
    <form action={formAction} aria-label={`Decide on ${entryName}`} className="space-y-3" noValidate data-testid="resolution-form">
      <input type="hidden" name="screening_id" value={screeningId} />
      <input type="hidden" name="list" value={list} />
      <input type="hidden" name="entry_ref" value={entryRef} />
      <FormMessage state={state} />
      {matchError ? <FieldError text={matchError} /> : null}
      <fieldset aria-describedby={outcomeError ? `${id}-outcome-error` : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-700">Decision</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-1">
          {OUTCOMES.map((o) => (
            <label key={o} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="outcome"
                value={o}
                defaultChecked={state.values?.outcome === o}
                className="h-4 w-4 accent-sky-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
              />
              <span>
                {OUTCOME_LABELS[o]} <span className="text-xs text-slate-600">({HINTS[o]})</span>
              </span>
            </label>
          ))}
        </div>
        {outcomeError ? <FieldError id={`${id}-outcome-error`} text={outcomeError} /> : null}
      </fieldset>
      <div className="space-y-1">
        <label htmlFor={`${id}-note`} className="block text-sm font-medium text-slate-700">
          Note
        </label>
        <textarea
          id={`${id}-note`}
          name="note"
          rows={2}
          defaultValue={state.values?.note}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? `${id}-note-error` : `${id}-note-hint`}
          className="block w-full rounded border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-sky-600 focus:outline-none focus:ring-1 focus:ring-sky-600 aria-[invalid=true]:border-red-600"
        />
        {noteError ? (
          <FieldError id={`${id}-note-error`} text={noteError} />
        ) : (
          <p id={`${id}-note-hint`} className="text-xs text-slate-600">
            Why: 1 to 2000 characters, kept with the decision
          </p>
        )}
      </div>
      <ActionButton testId="record-resolution">Record decision</ActionButton>
    </form>
  );
}
