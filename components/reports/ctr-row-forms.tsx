'use client';

import { useActionState, useId } from 'react';
import { FieldError } from '@/components/forms/controls';
import { ActionButton } from '@/components/ui/action-button';
import type { FormState } from '@/lib/forms/form-state';

type RowAction = (prev: FormState, form: FormData) => Promise<FormState>;

const inputClass =
  'block w-32 rounded border border-slate-300 bg-white px-2 py-1 text-sm shadow-sm focus:border-sky-600 focus:outline-none focus:ring-1 focus:ring-sky-600 aria-[invalid=true]:border-red-600 read-only:bg-slate-50';

const problemOf = (state: FormState): string | undefined => state.message ?? (state.fieldErrors ? Object.values(state.fieldErrors).join('; ') : undefined);

/**
 * A row's customer ID, typed in place: a small form of its own (Enter saves), written to the entity and every row
 * of it on the batch. Read-only (with the reason named by `describedBy`) once the batch cannot be edited.
 */
export function CtrCustomerIdForm({
  ctrId,
  rowId,
  entityId,
  customerId,
  action,
  refusal,
}: {
  ctrId: string;
  rowId: string;
  entityId: string;
  customerId: string | null;
  action: RowAction;
  refusal: string | null;
}) {
  const [state, run] = useActionState(action, {});
  const inputId = useId();
  const errorId = useId();
  const problem = problemOf(state);
  if (refusal !== null) {
    return <span data-testid="ctr-row-customer-id">{customerId ?? '—'}</span>;
  }
  return (
    <form action={run} aria-label={`Customer ID of ${entityId}`} className="space-y-1" data-testid="ctr-customer-id-form">
      <input type="hidden" name="ctr_id" value={ctrId} />
      <input type="hidden" name="row_id" value={rowId} />
      <div className="flex items-center gap-2">
        <label htmlFor={inputId} className="sr-only">
          Customer ID of {entityId}
        </label>
        <input
          id={inputId}
          name="customer_id"
          // The stored value after a save (the page refreshes), the typed one after a refusal.
          key={customerId ?? ''}
          defaultValue={state.values?.customer_id ?? customerId ?? ''}
          maxLength={100}
          required
          autoComplete="off"
          placeholder={customerId === null ? 'missing' : undefined}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          className={inputClass}
          data-testid="ctr-customer-id-input"
        />
        <ActionButton size="sm" variant="secondary" testId="ctr-customer-id-save">
          Save
        </ActionButton>
      </div>
      {problem ? <FieldError id={errorId} text={problem} /> : null}
    </form>
  );
}

/** Include or leave out one row: a button that flips it, disabled with the reason once the batch cannot be edited. */
export function CtrIncludeForm({ ctrId, rowId, included, action, refusal, refusalId }: { ctrId: string; rowId: string; included: boolean; action: RowAction; refusal: string | null; refusalId?: string }) {
  const [state, run] = useActionState(action, {});
  const problem = problemOf(state);
  return (
    <form action={run} aria-label={included ? 'Leave the row out' : 'Include the row'} className="space-y-1">
      <input type="hidden" name="ctr_id" value={ctrId} />
      <input type="hidden" name="row_id" value={rowId} />
      <input type="hidden" name="included" value={included ? 'false' : 'true'} />
      <ActionButton size="sm" variant={included ? 'ghost' : 'secondary'} disabled={refusal !== null} describedBy={refusal ? refusalId : undefined} testId="ctr-row-toggle">
        {included ? 'Leave out' : 'Include'}
      </ActionButton>
      {problem ? <FieldError text={problem} /> : null}
    </form>
  );
}

/** The day to build on /reports: a UTC day that is over; the action opens the batch (built now or before). */
export function CtrBuildForm({ action, defaultDate, max }: { action: RowAction; defaultDate: string; max: string }) {
  const [state, run] = useActionState(action, {});
  const inputId = useId();
  const errorId = useId();
  const problem = problemOf(state);
  return (
    <form action={run} aria-label="Build a day's currency transaction report" className="flex flex-wrap items-end gap-3" data-testid="ctr-build-form">
      <div className="space-y-1">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
          UTC day
        </label>
        <input
          id={inputId}
          name="date"
          type="date"
          required
          max={max}
          defaultValue={state.values?.date ?? defaultDate}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          className="block rounded border border-slate-300 bg-white px-3 py-1.5 text-sm shadow-sm focus:border-sky-600 focus:outline-none focus:ring-1 focus:ring-sky-600"
          data-testid="ctr-build-date"
        />
      </div>
      <ActionButton size="md" variant="secondary" testId="ctr-build">
        Build the day&apos;s batch
      </ActionButton>
      {problem ? (
        <div className="basis-full">
          <FieldError id={errorId} text={problem} />
        </div>
      ) : null}
    </form>
  );
}
