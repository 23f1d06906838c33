'use client';

import Link from 'next/link';
import { useActionState } from 'react';
import { FieldError, FormMessage } from '@/components/forms/controls';
import { ActionButton } from '@/components/ui/action-button';
import { LocalTime } from '@/components/ui/time';
import type { FormState } from '@/lib/forms/form-state';
import type { BacktestResult } from '@/lib/rules/backtest-rule';
import type { BacktestSample } from '@/lib/rules/backtest-runs';

export interface BacktestView {
  result: BacktestResult;
  ranAt: string;
  samples: BacktestSample[];
}

type BacktestState = FormState & { run?: BacktestView };

const n = (v: number) => v.toLocaleString('en-GB');

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded border border-slate-200 px-3 py-2">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** A backtest's figures, its comparison with the active version and its sample events (linked to their alerts). */
export function BacktestResultView({ run }: { run: BacktestView }) {
  const r = run.result;
  const compared = r.baseline_version !== undefined;
  return (
    <div className="space-y-3" data-testid="backtest-result">
      <p className="text-sm text-slate-700">
        Version {r.version} over <LocalTime iso={r.since} /> to <LocalTime iso={r.until} />: {n(r.events_evaluated)} events
        {r.truncated ? ' (cut at the event limit; the window holds more)' : ''}
        {compared ? `, compared with active version ${r.baseline_version}` : ', no active version to compare with'}. Run <LocalTime iso={run.ranAt} />.
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        <Figure label="Would flag" value={n(r.would_flag)} testId="backtest-would-flag" />
        <Figure label={compared ? `Active v${r.baseline_version} flags` : 'Active version flags'} value={compared ? n(r.baseline_would_flag ?? 0) : '—'} testId="backtest-baseline" />
        <Figure label="Newly flagged" value={compared ? n(r.newly_flagged ?? 0) : '—'} testId="backtest-newly" />
        <Figure label="No longer flagged" value={compared ? n(r.no_longer_flagged ?? 0) : '—'} testId="backtest-no-longer" />
        <Figure label="Run-time errors" value={n(r.eval_errors)} testId="backtest-errors" />
      </dl>
      {run.samples.length > 0 ? (
        <div>
          <h4 className="text-sm font-medium text-slate-800">{compared ? 'Newly flagged events (sample)' : 'Flagged events (sample)'}</h4>
          <ul className="mt-1 grid gap-x-4 gap-y-0.5 text-xs sm:grid-cols-2" data-testid="backtest-samples">
            {run.samples.map((s) => (
              <li key={s.eventId} className="font-mono break-all" data-testid="backtest-sample">
                {s.alertId ? (
                  <Link href={`/alerts/${s.alertId}`} prefetch={false} className="text-sky-800 underline-offset-2 hover:underline">
                    {s.alertNumber !== null ? `ALR-${s.alertNumber}` : 'alert'}
                  </Link>
                ) : (
                  <span className="text-slate-600">no alert</span>
                )}{' '}
                <span className="text-slate-700">event {s.eventId}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The backtest form of one version (window in days up to 31, at most N events) and the latest result: the
 * last stored run when the page loads, then each new run.
 */
export function BacktestPanel({
  ruleId,
  version,
  latest,
  action,
}: {
  ruleId: string;
  version: number;
  latest: BacktestView | null;
  action: (prev: BacktestState, form: FormData) => Promise<BacktestState>;
}) {
  const [state, run] = useActionState(action, {});
  const shown = state.run ?? latest;
  return (
    <div className="space-y-3">
      <form action={run} aria-label={`Backtest version ${version}`} className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="rule_id" value={ruleId} />
        <div className="space-y-1">
          <label htmlFor={`bt-days-${ruleId}`} className="block text-xs font-medium text-slate-700">
            Window (days back, up to 31)
          </label>
          <input
            id={`bt-days-${ruleId}`}
            name="days"
            type="number"
            min={1}
            max={31}
            defaultValue={state.values?.days ?? '7'}
            data-testid="backtest-days"
            className="block w-28 rounded border border-slate-300 bg-white px-2 py-1.5 text-sm shadow-sm focus:border-sky-600 focus:outline-none focus:ring-1 focus:ring-sky-600"
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={`bt-max-${ruleId}`} className="block text-xs font-medium text-slate-700">
            Max events (oldest first)
          </label>
          <input
            id={`bt-max-${ruleId}`}
            name="max_events"
            type="number"
            min={1}
            max={100000}
            defaultValue={state.values?.max_events ?? '50000'}
            data-testid="backtest-max"
            className="block w-32 rounded border border-slate-300 bg-white px-2 py-1.5 text-sm shadow-sm focus:border-sky-600 focus:outline-none focus:ring-1 focus:ring-sky-600"
          />
        </div>
        <ActionButton size="md" variant="secondary" testId="run-backtest">
          Backtest
        </ActionButton>
      </form>
      <FormMessage state={state} />
      {state.fieldErrors ? <FieldError text={Object.values(state.fieldErrors).join('; ')} /> : null}
      {shown ? <BacktestResultView run={shown} /> : <p className="text-sm text-slate-600">Not backtested yet.</p>}
    </div>
  );
}
