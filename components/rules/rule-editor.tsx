'use client';

import { useActionState, useEffect, useRef, useState } from 'react';
import { Field, FieldError, FormMessage, SelectField } from '@/components/forms/controls';
import { ActionButton } from '@/components/ui/action-button';
import type { FormState } from '@/lib/forms/form-state';
import type { ExpressionCheck } from '@/lib/rules/check-rule-expression';

type SaveAction = (prev: FormState, form: FormData) => Promise<FormState>;
type CheckAction = (key: string, expr: string) => Promise<ExpressionCheck>;

/** How long the author may pause before the expression is compiled: every keystroke would be too many round trips. */
export const CHECK_DELAY_MS = 300;

type Feedback = { state: 'idle' } | { state: 'checking' } | { state: 'ok' } | { state: 'error'; message: string };

/**
 * The expression box with the compiler's verdict under it, asked `CHECK_DELAY_MS` after the author stops
 * typing. Only the answer to the latest text is shown: an answer that arrives after newer text was typed
 * is dropped.
 */
function ExpressionBox({ ruleKey, defaultValue, check, error }: { ruleKey: string; defaultValue: string; check: CheckAction; error?: string }) {
  const [feedback, setFeedback] = useState<Feedback>({ state: 'idle' });
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onChange = (expr: string) => {
    clearTimeout(timer.current);
    const asked = ++latest.current;
    setFeedback({ state: 'checking' });
    timer.current = setTimeout(() => {
      check(ruleKey, expr)
        .then((answer) => {
          if (asked !== latest.current) return;
          setFeedback(answer.ok ? { state: 'ok' } : { state: 'error', message: answer.message });
        })
        .catch((err: unknown) => {
          if (asked !== latest.current) return;
          setFeedback({ state: 'error', message: err instanceof Error ? err.message : 'the expression could not be checked' });
        });
    }, CHECK_DELAY_MS);
  };

  const shown = feedback.state === 'idle' && error ? { state: 'error' as const, message: error } : feedback;
  return (
    <div className="space-y-1">
      <label htmlFor="rule-expr" className="block text-sm font-medium text-slate-700">
        Expression (CEL, returns bool)
      </label>
      <textarea
        id="rule-expr"
        name="expr"
        rows={6}
        spellCheck={false}
        defaultValue={defaultValue}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={shown.state === 'error' ? true : undefined}
        aria-describedby="rule-expr-feedback"
        data-testid="rule-expr"
        className="block w-full rounded border border-slate-300 bg-white px-3 py-2 font-mono text-sm shadow-sm focus:border-sky-600 focus:outline-none focus:ring-1 focus:ring-sky-600 aria-[invalid=true]:border-red-600"
      />
      <p
        id="rule-expr-feedback"
        aria-live="polite"
        data-testid="compile-feedback"
        data-state={shown.state}
        className={`min-h-5 text-sm break-words whitespace-pre-wrap ${shown.state === 'error' ? 'font-mono text-red-700' : shown.state === 'ok' ? 'text-emerald-800' : 'text-slate-600'}`}
      >
        {shown.state === 'checking' ? 'Compiling…' : shown.state === 'ok' ? 'Compiles.' : shown.state === 'error' ? shown.message : 'Compiled as you type, by the same compiler as POST /v1/rules.'}
      </p>
    </div>
  );
}

/**
 * The editor of a rule key's next version: expression (compiled as the author types), weight, detail and
 * subject. Saving creates the draft through the same verb as POST /v1/rules, with the signed-in person as
 * its author; the verb's refusal shows beside its field.
 */
export function RuleEditor({
  ruleKey,
  start,
  save,
  check,
}: {
  ruleKey: string;
  /** What the editor starts from: the newest version, or an empty rule. */
  start: { expr: string; weight: string; detail: string; subject: 'source' | 'destination' };
  save: SaveAction;
  check: CheckAction;
}) {
  const [state, run] = useActionState(save, {});
  const values = { ...start, ...state.values };
  const errors = state.fieldErrors ?? {};
  return (
    <form action={run} aria-label={`Next version of ${ruleKey}`} className="space-y-4" data-testid="rule-editor">
      <input type="hidden" name="key" value={ruleKey} />
      <FormMessage state={state} />
      {errors.key ? <FieldError text={errors.key} /> : null}
      <ExpressionBox key={state.values?.expr ?? 'start'} ruleKey={ruleKey} defaultValue={values.expr} check={check} error={errors.expr} />
      <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
        <Field label="Weight (1 to 100)" name="weight" type="number" defaultValue={values.weight} error={errors.weight} />
        <SelectField
          label="Subject (whose alert)"
          name="subject"
          defaultValue={values.subject}
          options={[
            { value: 'source', label: 'source' },
            { value: 'destination', label: 'destination' },
          ]}
          error={errors.subject}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor="rule-detail" className="block text-sm font-medium text-slate-700">
          Detail (stored on each decision it fires on)
        </label>
        <textarea
          id="rule-detail"
          name="detail"
          rows={2}
          maxLength={500}
          defaultValue={values.detail}
          aria-invalid={errors.detail ? true : undefined}
          aria-describedby={errors.detail ? 'rule-detail-error' : undefined}
          className="block w-full rounded border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-sky-600 focus:outline-none focus:ring-1 focus:ring-sky-600 aria-[invalid=true]:border-red-600"
        />
        {errors.detail ? <FieldError id="rule-detail-error" text={errors.detail} /> : null}
      </div>
      <div className="flex items-center gap-3">
        <ActionButton size="md" testId="save-draft">
          Save as draft
        </ActionButton>
        <span className="text-xs text-slate-600">A draft runs on nothing until someone else activates it.</span>
      </div>
    </form>
  );
}

