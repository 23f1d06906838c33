'use client';

import { useActionState, useId } from 'react';
import { buttonClass, Field, FieldError, FormMessage, SelectField, SubmitButton } from '@/components/ui';
import { TextAreaField } from '@/components/ui/text-area';
import type { FormState } from '@/lib/forms/form-state';

type Action = (prev: FormState, form: FormData) => Promise<FormState>;

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** One button that runs one action on the alert, with the refusal (if any) beside it. */
export function AlertButtonForm({
  alertId,
  action,
  label,
  testId,
  fields = {},
  variant = 'secondary',
}: {
  alertId: string;
  action: Action;
  label: string;
  testId: string;
  fields?: Record<string, string>;
  variant?: 'primary' | 'secondary' | 'danger';
}) {
  const [state, run] = useActionState(action, {});
  return (
    <form action={run} aria-label={label}>
      <input type="hidden" name="alert_id" value={alertId} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton variant={variant} testId={testId}>
        {label}
      </SubmitButton>
      {state.message ? <FieldError text={state.message} /> : null}
      {state.fieldErrors ? <FieldError text={Object.values(state.fieldErrors).join('; ')} /> : null}
    </form>
  );
}

export function NoteForm({ alertId, action }: { alertId: string; action: Action }) {
  const [state, run] = useActionState(action, {});
  return (
    <form action={run} aria-label="Add a note" className="space-y-2" noValidate>
      <FormMessage state={state} />
      <input type="hidden" name="alert_id" value={alertId} />
      <TextAreaField label="New note" name="body" id="note-body" defaultValue={state.values?.body} error={state.fieldErrors?.body} hint="1 to 5000 characters; notes cannot be edited or removed" maxLength={5000} />
      <SubmitButton variant="secondary" testId="add-note">
        Add note
      </SubmitButton>
    </form>
  );
}

export function RequestClosureForm({ alertId, action }: { alertId: string; action: Action }) {
  const [state, run] = useActionState(action, {});
  return (
    <form action={run} aria-label="Request closure" className="space-y-3" noValidate data-testid="request-closure-form">
      <FormMessage state={state} />
      <input type="hidden" name="alert_id" value={alertId} />
      <SelectField
        label="Disposition"
        name="disposition"
        defaultValue={state.values?.disposition ?? ''}
        error={state.fieldErrors?.disposition}
        options={[
          { value: '', label: 'Choose…' },
          { value: 'false_positive', label: 'False positive: nothing suspicious' },
          { value: 'escalated', label: 'Escalated for deeper investigation' },
          { value: 'reported', label: 'Reported to the FIU' },
        ]}
      />
      <TextAreaField
        label="Why it can be closed"
        name="note"
        id="closure-note"
        required
        defaultValue={state.values?.note}
        error={state.fieldErrors?.note}
        hint="Kept as a note on the alert; the approver reads it"
        maxLength={5000}
      />
      <SubmitButton testId="request-closure">Request closure</SubmitButton>
    </form>
  );
}

/**
 * Approve or reject a pending closure. A control the person may not use stays visible, disabled, with
 * the reason beside it and in its accessible description.
 */
export function ClosureDecision({
  alertId,
  approve,
  reject,
  canApprove,
  canReject,
  approveReason,
  rejectReason,
}: {
  alertId: string;
  approve: Action;
  reject: Action;
  canApprove: boolean;
  canReject: boolean;
  approveReason?: string;
  rejectReason?: string;
}) {
  const [approved, runApprove] = useActionState(approve, {});
  const [rejected, runReject] = useActionState(reject, {});
  const approveWhy = useId();
  const rejectWhy = useId();
  return (
    <div className="space-y-3" data-testid="closure-decision">
      <form action={runApprove} aria-label="Approve closure" className="space-y-1">
        <input type="hidden" name="alert_id" value={alertId} />
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={!canApprove}
            aria-describedby={approveReason ? approveWhy : undefined}
            data-testid="approve-closure"
            className={buttonClass('primary')}
          >
            Approve closure
          </button>
          {approveReason ? (
            <p id={approveWhy} className="text-sm text-slate-700" data-testid="approve-reason">
              {sentence(approveReason)}.
            </p>
          ) : null}
        </div>
        {approved.message ? <FieldError text={approved.message} /> : null}
      </form>
      <form action={runReject} aria-label="Reject closure" className="space-y-1">
        <input type="hidden" name="alert_id" value={alertId} />
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={!canReject}
            aria-describedby={rejectReason ? rejectWhy : undefined}
            data-testid="reject-closure"
            className={buttonClass('danger')}
          >
            Send back to review
          </button>
          {rejectReason ? (
            <p id={rejectWhy} className="text-sm text-slate-700" data-testid="reject-reason">
              {sentence(rejectReason)}.
            </p>
          ) : null}
        </div>
        {rejected.message ? <FieldError text={rejected.message} /> : null}
      </form>
    </div>
  );
}

/** "Open a case" from this alert: a title (prefilled), then the new case's page. */
export function OpenCaseForm({ alertId, defaultTitle, action }: { alertId: string; defaultTitle: string; action: Action }) {
  const [state, run] = useActionState(action, {});
  return (
    <form action={run} aria-label="Open a case" className="space-y-2" noValidate data-testid="open-case-form">
      <FormMessage state={state} />
      <input type="hidden" name="alert_id" value={alertId} />
      <Field label="Case title" name="title" defaultValue={state.values?.title ?? defaultTitle} error={state.fieldErrors?.title} hint="1 to 200 characters; the alert’s subject becomes the case’s subject" />
      <SubmitButton testId="open-case">Open a case</SubmitButton>
    </form>
  );
}

/** "Add to case": the alert joins one of the organisation's open cases. */
export function AddToCaseForm({ alertId, cases, action }: { alertId: string; cases: { id: string; label: string }[]; action: Action }) {
  const [state, run] = useActionState(action, {});
  return (
    <form action={run} aria-label="Add to a case" className="space-y-2" noValidate data-testid="add-to-case-form">
      <FormMessage state={state} />
      <input type="hidden" name="alert_id" value={alertId} />
      <SelectField label="Open case" name="case_id" defaultValue="" error={state.fieldErrors?.case_id} options={[{ value: '', label: 'Choose…' }, ...cases.map((c) => ({ value: c.id, label: c.label }))]} />
      <SubmitButton variant="secondary" testId="add-to-case">
        Add to case
      </SubmitButton>
    </form>
  );
}
