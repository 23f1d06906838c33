'use client';

import { useRouter } from 'next/navigation';
import { useActionState, useState, type DragEvent } from 'react';
import { FieldError } from '@/components/forms/controls';
import { ActionButton } from '@/components/ui/action-button';
import type { FormState } from '@/lib/forms/form-state';
import { rowClass, Table, Td, Th, THead } from '@/components/ui/table';
import type { StrAttachment } from '@/lib/reports/str/types';
import { fieldId } from './field-ids';
import { attachmentKey } from './text';

type Action = (prev: FormState, form: FormData) => Promise<FormState>;

const ACCEPT = 'application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`;

async function problemOf(response: Response): Promise<string> {
  const body = await response.text();
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    if (typeof parsed.error === 'string') return parsed.error;
  } catch {
    // A plain-text answer (a body over the limit) is shown as it came.
  }
  return body.trim() || `the upload was refused (HTTP ${response.status})`;
}

/**
 * The STR's attachments: name, type, size, SHA-256 and a download link each, a remove button while a draft, and a
 * drop zone that is also an ordinary file input. Removing is a server action; files go to the STR's attachment route with fetch (same origin,
 * so the session cookie goes along); the page is then read again.
 */
function RemoveForm({ strId, attachment, action }: { strId: string; attachment: StrAttachment; action: Action }) {
  const [state, run] = useActionState(action, {});
  return (
    <form action={run} aria-label={`Remove ${attachment.name}`}>
      <input type="hidden" name="str_id" value={strId} />
      <input type="hidden" name="key" value={attachment.key} />
      <ActionButton variant="danger" testId="str-remove-attachment">
        Remove<span className="sr-only"> {attachment.name}</span>
      </ActionButton>
      {state.message ? <FieldError text={state.message} /> : null}
    </form>
  );
}

export function StrAttachments({
  strId,
  attachments,
  editable,
  readOnlyReason,
  removeAction,
}: {
  strId: string;
  attachments: StrAttachment[];
  editable: boolean;
  readOnlyReason: string | null;
  removeAction: Action;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const base = `/v1/reports/str/${strId}/attachments`;

  async function upload(files: FileList | File[] | null): Promise<void> {
    const list = [...(files ?? [])];
    if (list.length === 0) return;
    setProblem(null);
    const taken = attachments.map((a) => a.key);
    for (const file of list) {
      const key = attachmentKey(file.name, taken);
      taken.push(key);
      setBusy(`Uploading ${file.name}…`);
      const body = new FormData();
      body.set('file', file, file.name);
      try {
        const response = await fetch(`${base}/${encodeURIComponent(key)}`, { method: 'POST', body, credentials: 'same-origin' });
        if (!response.ok) {
          setProblem(`${file.name}: ${await problemOf(response)}`);
          break;
        }
      } catch {
        setProblem(`${file.name}: the service could not be reached; try again`);
        break;
      }
    }
    setBusy(null);
    router.refresh();
  }

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    if (editable) void upload(e.dataTransfer.files);
  };

  return (
    <div className="space-y-3" id={fieldId('attachments')} tabIndex={-1}>
      {attachments.length === 0 ? (
        <p className="text-sm text-slate-600">No attachments.</p>
      ) : (
        <Table caption="Files attached to the report" testId="str-attachments-table">
          <THead>
            <tr>
              <Th>Name</Th>
              <Th>Type</Th>
              <Th className="text-right">Size</Th>
              <Th>SHA-256</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </THead>
          <tbody>
            {attachments.map((a, k) => (
              <tr key={a.key} id={fieldId(`attachments[${k}]`)} tabIndex={-1} className={rowClass} data-testid="str-attachment-row">
                <Td className="break-all">
                  <a href={`${base}/${encodeURIComponent(a.key)}`} download={a.name} className="font-medium text-sky-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-sky-600">
                    {a.name}
                  </a>
                </Td>
                <Td className="whitespace-nowrap">{a.type}</Td>
                <Td className="text-right whitespace-nowrap tabular-nums">
                  <span id={fieldId(`attachments[${k}].size`)} tabIndex={-1}>
                    {sizeText(a.size)}
                  </span>
                </Td>
                <Td>
                  <code className="text-xs" title={a.sha256}>
                    {a.sha256.slice(0, 12)}…
                  </code>
                </Td>
                <Td>
                  {editable ? <RemoveForm strId={strId} attachment={a} action={removeAction} /> : null}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {editable ? (
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
          className={`rounded border-2 border-dashed p-4 text-sm ${over ? 'border-sky-600 bg-sky-50' : 'border-slate-300'}`}
          data-testid="str-drop-zone"
        >
          <label htmlFor="str-attachment-file" className="block font-medium text-slate-800">
            Add files: drop them here or choose them
          </label>
          <p id="str-attachment-hint" className="mb-2 text-xs text-slate-600">
            PDF, PNG or JPEG, up to 20 MB each.
          </p>
          <input
            id="str-attachment-file"
            type="file"
            multiple
            accept={ACCEPT}
            disabled={busy !== null}
            aria-describedby="str-attachment-hint"
            onChange={(e) => {
              const files = e.target.files ? [...e.target.files] : [];
              e.target.value = '';
              void upload(files);
            }}
            className="block text-sm file:mr-3 file:rounded file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 focus-visible:outline-2 focus-visible:outline-sky-600"
            data-testid="str-attachment-input"
          />
        </div>
      ) : readOnlyReason ? (
        <p className="text-xs text-slate-600">{readOnlyReason.charAt(0).toUpperCase() + readOnlyReason.slice(1)}; attachments cannot change.</p>
      ) : null}
      <p role="status" className="text-sm text-slate-700">
        {busy ?? ''}
      </p>
      {problem ? <FieldError text={problem} /> : null}
    </div>
  );
}
