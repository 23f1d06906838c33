'use client';

import { useActionState, useId } from 'react';
import { FieldError } from '@/components/forms/controls';
import { ActionButton } from '@/components/ui/action-button';
import type { FormState } from '@/lib/forms/form-state';

type Action = (prev: FormState, form: FormData) => Promise<FormState>;

/** Service messages are lower-case phrases; on screen they start a sentence. */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Approve and send back, in place, for one item waiting for a second person. A control the signed-in
 * person may not use stays visible but disabled, with the reason written next to it and tied to it
 * (the role, or four-eyes for their own request), so nobody has to click to find out.
 */
export function DecisionControls({
  fields,
  approve,
  reject,
  what,
  testId = 'decision',
}: {
  /** Hidden fields naming the item (alert id, or screening and resolution ids). */
  fields: Record<string, string>;
  approve: { action: Action; refusal: string | null; label?: string };
  reject: { action: Action; refusal: string | null; label?: string };
  /** What is decided, for the forms' accessible names ("closure of ALR-12"). */
  what: string;
  testId?: string;
}) {
  const [approved, approveAction] = useActionState(approve.action, {});
  const [rejected, rejectAction] = useActionState(reject.action, {});
  const reasonId = useId();
  const refusal = approve.refusal ?? reject.refusal;
  const error = approved.message ?? rejected.message;
  const hidden = Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
  return (
    <div className="space-y-1" data-testid={testId}>
      <div className="flex flex-wrap gap-2">
        <form action={approveAction} aria-label={`Approve ${what}`}>
          {hidden}
          <ActionButton variant="primary" disabled={approve.refusal !== null} describedBy={approve.refusal ? reasonId : undefined} testId="approve">
            {approve.label ?? 'Approve'}
          </ActionButton>
        </form>
        <form action={rejectAction} aria-label={`Send back ${what}`}>
          {hidden}
          <ActionButton variant="danger" disabled={reject.refusal !== null} describedBy={reject.refusal ? reasonId : undefined} testId="reject">
            {reject.label ?? 'Send back'}
          </ActionButton>
        </form>
      </div>
      {refusal ? (
        <p id={reasonId} className="max-w-xs text-xs text-slate-600" data-testid="decision-refusal">
          {sentence(refusal)}.
        </p>
      ) : null}
      {error ? <FieldError text={error} /> : null}
      <p className="sr-only" role="status">
        {approved.ok ? 'Approved.' : rejected.ok ? 'Sent back.' : ''}
      </p>
    </div>
  );
}
