'use client';

import { useRouter } from 'next/navigation';
import { useActionState, useId, useState, type FormEvent } from 'react';
import { Field, FieldError, FormMessage, SubmitButton } from '@/components/forms/controls';
import { StepForm } from '@/components/ui/step-form';
import { TextAreaField } from '@/components/ui/text-area';
import type { FormState } from '@/lib/forms/form-state';

type Action = (prev: FormState, form: FormData) => Promise<FormState>;

/** "Start an evidence pack" on /reports: a period (empty: the current quarter) and a purpose. */
export function PackCreateForm({ action }: { action: Action }) {
  const [state, run] = useActionState(action, {});
  return (
    <form action={run} aria-label="Start an evidence pack" className="flex flex-wrap items-end gap-3" data-testid="pack-create">
      <Field label="From" name="from" type="date" defaultValue={state.values?.from} error={state.fieldErrors?.from} />
      <Field label="To" name="to" type="date" defaultValue={state.values?.to} error={state.fieldErrors?.to} />
      <Field label="Purpose" name="purpose" defaultValue={state.values?.purpose} error={state.fieldErrors?.purpose} />
      <SubmitButton testId="pack-create-submit">Start pack</SubmitButton>
      <FormMessage state={state} />
    </form>
  );
}

/** A section's text, saved with its own button. */
export function PackSectionForm({ packId, sectionKey, title, text, action }: { packId: string; sectionKey: string; title: string; text: string; action: Action }) {
  const [state, run] = useActionState(action, {});
  return (
    <form action={run} aria-label={`${title} text`} className="space-y-2" data-testid={`pack-section-form-${sectionKey}`}>
      <input type="hidden" name="pack_id" value={packId} />
      <input type="hidden" name="key" value={sectionKey} />
      <TextAreaField id={`pack-text-${sectionKey}`} label="Text" name="text" rows={4} maxLength={20_000} defaultValue={state.values?.text ?? text} error={state.fieldErrors?.text} />
      <div className="flex items-center gap-3">
        <SubmitButton variant="secondary" testId={`pack-section-save-${sectionKey}`}>
          Save text
        </SubmitButton>
        {state.ok ? (
          <span role="status" className="text-xs text-slate-600">
            Saved.
          </span>
        ) : null}
      </div>
      <FormMessage state={state} />
    </form>
  );
}

/**
 * A section's document, sent straight to POST /v1/reports/packs/{id}/sections/{key}/upload (the same signed-in
 * session; 20 MB, beyond what a console action takes), then the page is read again.
 */
export function PackUploadForm({ packId, sectionKey }: { packId: string; sectionKey: string }) {
  const router = useRouter();
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) return setProblem('choose a PDF, PNG or JPEG first');
    setBusy(true);
    setProblem(null);
    try {
      const body = new FormData();
      body.append('file', file, file.name);
      const response = await fetch(`/v1/reports/packs/${packId}/sections/${sectionKey}/upload`, { method: 'POST', body });
      if (!response.ok) {
        const answer = (await response.json().catch(() => ({}))) as { error?: string };
        setProblem(answer.error ?? `the upload failed (${response.status})`);
      } else {
        router.refresh();
      }
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={upload} aria-label="Upload the section’s document" className="flex flex-wrap items-center gap-2" data-testid={`pack-upload-${sectionKey}`}>
      <label htmlFor={inputId} className="text-sm text-slate-700">
        Document (PDF, PNG or JPEG, up to 20 MB)
      </label>
      <input id={inputId} type="file" name="file" accept="application/pdf,image/png,image/jpeg" className="text-sm" />
      <button type="submit" disabled={busy} className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50 disabled:opacity-60">
        {busy ? 'Uploading…' : 'Upload'}
      </button>
      {problem ? <FieldError text={problem} /> : null}
    </form>
  );
}

/** "Generate PDF": disabled with the reason beside it for those who cannot generate. */
export function PackGenerateForm({ packId, refusal, action }: { packId: string; refusal: string | null; action: Action }) {
  return <StepForm fields={{ pack_id: packId }} action={action} label="Generate PDF" refusal={refusal} testId="pack-generate" variant="primary" />;
}
