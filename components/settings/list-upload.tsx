'use client';

import { useRouter } from 'next/navigation';
import { useId, useRef, useState } from 'react';
import { buttonClass } from '@/components/ui/button';

type Outcome = { kind: 'idle' } | { kind: 'loading'; name: string } | { kind: 'loaded'; text: string } | { kind: 'failed'; text: string };

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Loads a list file from the admin's computer: the file goes as it is to /settings/lists/upload, which checks the
 * whole file first (the first problem is named and nothing changes) and then replaces the list in one transaction.
 */
export function ListUpload() {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const id = useId();

  async function load(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) {
      setOutcome({ kind: 'failed', text: 'Choose a list file first.' });
      return;
    }
    setOutcome({ kind: 'loading', name: file.name });
    try {
      const response = await fetch('/settings/lists/upload', {
        method: 'POST',
        body: file,
        headers: { 'content-type': 'application/json', 'x-file-name': encodeURIComponent(file.name) },
      });
      const answer = (await response.json().catch(() => null)) as { error?: string; code?: string; version?: string; entries?: number } | null;
      if (!response.ok) {
        setOutcome({ kind: 'failed', text: `${sentence(answer?.error ?? `the list could not be loaded (HTTP ${response.status})`)}. Nothing was changed.` });
        return;
      }
      setOutcome({ kind: 'loaded', text: `Loaded ${answer?.code} version ${answer?.version}: ${answer?.entries?.toLocaleString('en')} entries.` });
      if (input.current) input.current.value = '';
      router.refresh();
    } catch {
      setOutcome({ kind: 'failed', text: 'The service could not be reached. Nothing was changed.' });
    }
  }

  return (
    <form onSubmit={load} className="space-y-3" aria-describedby={`${id}-hint`} data-testid="list-upload">
      <div className="space-y-1">
        <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-700">
          List file
        </label>
        <input
          ref={input}
          id={`${id}-file`}
          name="file"
          type="file"
          accept=".json,application/json"
          className="block text-sm text-slate-900 file:mr-3 file:rounded file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
        />
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          The list file format of <code>service-admin screening load</code>: JSON with code, name, version and entries. A list with the same code is replaced.
        </p>
      </div>
      <button type="submit" className={buttonClass('primary')} disabled={outcome.kind === 'loading'} data-testid="load-list">
        {outcome.kind === 'loading' ? `Checking and loading ${outcome.name}…` : 'Check and load'}
      </button>
      <div role="status" aria-live="polite" className="text-sm">
        {outcome.kind === 'loaded' ? <p className="text-emerald-800" data-testid="list-upload-result">{outcome.text}</p> : null}
        {outcome.kind === 'failed' ? <p className="text-red-700" data-testid="list-upload-error">{outcome.text}</p> : null}
      </div>
    </form>
  );
}
