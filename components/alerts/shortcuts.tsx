'use client';

import { useCallback, useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui';

const STORAGE_KEY = 'aml.console.single-key-shortcuts';
const CHANGED = 'aml-shortcuts-changed';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

/** Read now (a key handler asks at each press, so a change made a moment ago already counts). */
export const singleKeyShortcutsOn = (): boolean => window.localStorage.getItem(STORAGE_KEY) !== 'off';

/**
 * Whether single-key shortcuts are on in this browser (WCAG 2.1.4: a person using speech input or
 * prone to stray keys can turn them off). Kept in localStorage; on unless turned off.
 */
export function useSingleKeyShortcuts(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(
    subscribe,
    singleKeyShortcutsOn,
    () => true,
  );
  const set = useCallback((value: boolean) => {
    window.localStorage.setItem(STORAGE_KEY, value ? 'on' : 'off');
    window.dispatchEvent(new Event(CHANGED));
  }, []);
  return [on, set];
}

/** True when a key press belongs to what the person is typing, not to a shortcut. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
  return false;
}

export const QUEUE_SHORTCUTS: [string, string][] = [
  ['j', 'Next alert in the list'],
  ['k', 'Previous alert in the list'],
  ['x', 'Select or unselect the current alert (Shift+x: select the range from the last one)'],
  ['a', 'Assign the selected alerts (or the current one) to me'],
  ['Enter', 'Open the current alert'],
  ['/', 'Search by alert number'],
  ['?', 'Show this help'],
];

/** The shortcut list with the switch that turns single-key shortcuts off, in a modal dialog. */
export function ShortcutHelp({ open, onClose, shortcuts }: { open: boolean; onClose: () => void; shortcuts: [string, string][] }) {
  const ref = useRef<HTMLDialogElement>(null);
  const toggle = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const [enabled, setEnabled] = useSingleKeyShortcuts();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // The switch first, so turning the shortcuts off is one key away.
      toggle.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      data-testid="shortcut-help"
      className="m-auto w-[32rem] max-w-[90vw] rounded border border-slate-300 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/40"
    >
      <h2 id={titleId} className="mb-3 text-lg font-semibold">
        Keyboard shortcuts
      </h2>
      <table className="mb-4 w-full text-left text-sm">
        <caption className="sr-only">Keys and what they do</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-4 font-medium">
              Key
            </th>
            <th scope="col" className="py-1 font-medium">
              Does
            </th>
          </tr>
        </thead>
        <tbody>
          {shortcuts.map(([key, what]) => (
            <tr key={key} className="border-t border-slate-200">
              <td className="py-1 pr-4">
                <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-xs">{key}</kbd>
              </td>
              <td className="py-1">{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <label className="flex items-start gap-2 text-sm">
        <input ref={toggle} type="checkbox" className="mt-0.5 h-4 w-4" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} data-testid="shortcuts-toggle" />
        <span>
          Single-key shortcuts on
          <span className="block text-xs text-slate-600">
            Kept in this browser. With them off, j, k, x, a, / and ? type nothing special; Tab, Enter and the buttons still work.
          </span>
        </span>
      </label>
      <div className="mt-4 flex justify-end">
        <Button onClick={onClose} data-testid="close-shortcut-help">
          Close
        </Button>
      </div>
    </dialog>
  );
}
