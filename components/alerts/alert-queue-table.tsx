'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useTransition } from 'react';
import { createColumnHelper, rowSelectionFeature, tableFeatures, useTable, type Row, type RowSelectionState } from '@tanstack/react-table';
import { Badge, Button, decisionTone, priorityTone, rowClass, statusTone, Td, Th, THead, words } from '@/components/ui';
import type { SlaState } from '@/lib/console/sla';
import { isTyping, QUEUE_SHORTCUTS, ShortcutHelp, singleKeyShortcutsOn, useSingleKeyShortcuts } from './shortcuts';
import { SlaBadge } from './sla-badge';

/** One alert of the queue, as plain data from the server. */
export interface QueueRow {
  id: string;
  number: number;
  status: string;
  priority: string;
  decision: string | null;
  riskScore: number;
  subject: string;
  subjectId: string | null;
  reason: string | null;
  moreReasons: number;
  dueAt: string;
  sla: SlaState;
  assignee: string | null;
  mine: boolean;
}

export interface BulkResult {
  done: string[];
  failed: { id: string; message: string }[];
}

type BulkAction = (ids: string[], change: 'assign_me' | 'in_review') => Promise<BulkResult>;

export interface BulkCaseResult extends BulkResult {
  caseId?: string;
  caseNumber?: number;
  error?: string;
}

/** Open a case of the selected alerts (`target`: its title) or add them to the open case `target`. */
type CaseAction = (ids: string[], change: 'open' | 'add', target: string) => Promise<BulkCaseResult>;

const features = tableFeatures({ rowSelectionFeature });
const helper = createColumnHelper<typeof features, QueueRow>();

const label = (n: number) => `ALR-${n}`;

const columns = helper.columns([
  helper.display({
    id: 'select',
    header: ({ table }) => (
      <input
        type="checkbox"
        className="h-4 w-4 align-middle"
        aria-label="Select every alert on this page"
        checked={table.getIsAllPageRowsSelected()}
        ref={(el) => {
          if (el) el.indeterminate = !table.getIsAllPageRowsSelected() && table.getIsSomeRowsSelected();
        }}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
        data-testid="select-all"
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        className="h-4 w-4 align-middle"
        aria-label={`Select ${label(row.original.number)}`}
        checked={row.getIsSelected()}
        onChange={row.getToggleSelectedHandler()}
        data-testid="select-row"
      />
    ),
  }),
  helper.accessor('number', {
    header: 'Alert',
    cell: ({ row }) => (
      <Link
        href={`/alerts/${row.original.id}`}
        prefetch={false}
        data-alert-link
        className="font-medium text-sky-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
      >
        {label(row.original.number)}
      </Link>
    ),
  }),
  helper.accessor('priority', { header: 'Priority', cell: ({ row }) => <Badge tone={priorityTone(row.original.priority)}>{row.original.priority}</Badge> }),
  helper.accessor('status', {
    header: 'Status',
    cell: ({ row }) => (
      <Badge tone={statusTone(row.original.status)} testId="row-status">
        {words(row.original.status)}
      </Badge>
    ),
  }),
  helper.accessor('decision', {
    header: 'Decision',
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        <Badge tone={decisionTone(row.original.decision)}>{row.original.decision ?? '—'}</Badge> <span className="text-slate-600">{row.original.riskScore}</span>
      </span>
    ),
  }),
  helper.accessor('subject', {
    header: 'Subject',
    cell: ({ row }) => (
      <span className="block max-w-[11rem] truncate" title={row.original.subjectId ?? row.original.subject}>
        {row.original.subject}
      </span>
    ),
  }),
  helper.accessor('reason', {
    header: 'Top reason',
    cell: ({ row }) => (
      <span className="block max-w-[12rem] truncate font-mono text-xs" title={row.original.reason ?? undefined}>
        {row.original.reason ?? '—'}
        {row.original.moreReasons > 0 ? <span className="font-sans text-slate-600"> +{row.original.moreReasons}</span> : null}
      </span>
    ),
  }),
  helper.accessor('dueAt', { header: 'SLA', cell: ({ row }) => <SlaBadge sla={row.original.sla} dueAt={row.original.dueAt} /> }),
  helper.accessor('assignee', {
    header: 'Assignee',
    cell: ({ row }) => (
      <span className="block max-w-[8rem] truncate" data-testid="row-assignee">
        {row.original.mine ? 'me' : (row.original.assignee ?? <span className="text-slate-600">nobody</span>)}
      </span>
    ),
  }),
]);

const getRowId = (row: QueueRow) => row.id;

/**
 * The queue's table: the server's page of alerts under a @tanstack/react-table model for selection
 * (Shift-click selects a range), bulk "assign to me" and "set in review", and keyboard work
 * (j/k move, x select, a assign, Enter open, / search, ? help) that a person can turn off.
 */
export function AlertQueueTable({
  rows,
  bulkAction,
  caseAction,
  openCases = [],
  searchInputId,
}: {
  rows: QueueRow[];
  bulkAction: BulkAction;
  caseAction?: CaseAction;
  /** Open cases the selection can join, newest change first. */
  openCases?: { id: string; label: string }[];
  searchInputId: string;
}) {
  const router = useRouter();
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [active, setActive] = useState<number | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const [pending, startTransition] = useTransition();
  const [shortcutsOn] = useSingleKeyShortcuts();
  const bodyRef = useRef<HTMLTableSectionElement>(null);

  const table = useTable({ features, columns, data: rows, getRowId, state: { rowSelection }, onRowSelectionChange: setRowSelection });
  const tableRows = table.getRowModel().rows;
  const selectedIds = Object.keys(rowSelection).filter((id) => rows.some((r) => r.id === id));

  const numberOf = (id: string) => rows.find((r) => r.id === id)?.number;

  function runBulk(ids: string[], change: 'assign_me' | 'in_review') {
    if (ids.length === 0) return;
    startTransition(async () => {
      try {
        const result = await bulkAction(ids, change);
        const did = change === 'assign_me' ? 'assigned to you' : 'set in review';
        const parts = [];
        if (result.done.length > 0) parts.push(`${result.done.length} alert${result.done.length === 1 ? '' : 's'} ${did}.`);
        for (const f of result.failed) parts.push(`${numberOf(f.id) !== undefined ? label(numberOf(f.id) as number) : f.id} not changed: ${f.message}.`);
        setMessage({ text: parts.join(' '), failed: result.failed.length > 0 });
        setRowSelection((old) => {
          const next = { ...old };
          for (const id of result.done) delete next[id];
          return next;
        });
        router.refresh();
      } catch {
        setMessage({ text: 'The change could not be made; reload the page and try again.', failed: true });
      }
    });
  }

  const [caseTitle, setCaseTitle] = useState('');
  const [caseTarget, setCaseTarget] = useState('');

  function runCase(ids: string[], change: 'open' | 'add') {
    if (!caseAction || ids.length === 0) return;
    const target = change === 'open' ? caseTitle : caseTarget;
    startTransition(async () => {
      try {
        const result = await caseAction(ids, change, target);
        if (result.error) {
          setMessage({ text: `${result.error.charAt(0).toUpperCase()}${result.error.slice(1)}.`, failed: true });
          return;
        }
        if (change === 'open' && result.caseId) {
          router.push(`/cases/${result.caseId}`);
          return;
        }
        const parts = [];
        if (result.done.length > 0) parts.push(`${result.done.length} alert${result.done.length === 1 ? '' : 's'} added to CASE-${result.caseNumber}.`);
        for (const f of result.failed) parts.push(`${numberOf(f.id) !== undefined ? label(numberOf(f.id) as number) : f.id} not added: ${f.message}.`);
        setMessage({ text: parts.join(' '), failed: result.failed.length > 0 });
        setRowSelection((old) => {
          const next = { ...old };
          for (const id of result.done) delete next[id];
          return next;
        });
        router.refresh();
      } catch {
        setMessage({ text: 'The change could not be made; reload the page and try again.', failed: true });
      }
    });
  }

  function focusRow(index: number) {
    const link = bodyRef.current?.querySelector<HTMLAnchorElement>(`tr[data-index="${index}"] a[data-alert-link]`);
    link?.focus();
    setActive(index);
  }

  function toggleRow(row: Row<typeof features, QueueRow>, shiftKey: boolean) {
    row.getToggleSelectedHandler()({ target: { checked: !row.getIsSelected() }, shiftKey });
  }

  // The latest state for the document's key handler, which is attached once.
  const latest = useRef({ active, tableRows, selectedIds });
  useEffect(() => {
    latest.current = { active, tableRows, selectedIds };
  });

  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      const s = latest.current;
      // Read live: the setting and an open dialog may have changed since the last render.
      if (!singleKeyShortcutsOn() || document.querySelector('dialog[open]') || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      const count = s.tableRows.length;
      switch (e.key) {
        case 'j':
        case 'k': {
          if (count === 0) return;
          e.preventDefault();
          const from = s.active ?? (e.key === 'j' ? -1 : count);
          focusRow(Math.min(count - 1, Math.max(0, from + (e.key === 'j' ? 1 : -1))));
          return;
        }
        case 'x':
        case 'X': {
          const row = s.active !== null ? s.tableRows[s.active] : undefined;
          if (!row) return;
          e.preventDefault();
          toggleRow(row, e.shiftKey);
          return;
        }
        case 'a': {
          const current = s.active !== null ? s.tableRows[s.active]?.original.id : undefined;
          const ids = s.selectedIds.length > 0 ? s.selectedIds : current ? [current] : [];
          if (ids.length === 0) return;
          e.preventDefault();
          runBulk(ids, 'assign_me');
          return;
        }
        case 'Enter': {
          const current = s.active !== null ? s.tableRows[s.active]?.original.id : undefined;
          // A focused link or button opens itself; Enter elsewhere opens the current alert.
          if (!current || (e.target instanceof HTMLElement && e.target.closest('a,button'))) return;
          e.preventDefault();
          router.push(`/alerts/${current}`);
          return;
        }
        case '/': {
          e.preventDefault();
          document.getElementById(searchInputId)?.focus();
          return;
        }
        case '?': {
          e.preventDefault();
          setHelpOpen(true);
          return;
        }
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
    // The handler reads everything else through `latest`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [router, searchInputId]);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Selected alerts">
        <span className="text-sm text-slate-700" data-testid="selected-count">
          {selectedIds.length} selected
        </span>
        <Button size="sm" disabled={selectedIds.length === 0 || pending} onClick={() => runBulk(selectedIds, 'assign_me')} data-testid="bulk-assign">
          Assign to me
        </Button>
        <Button size="sm" disabled={selectedIds.length === 0 || pending} onClick={() => runBulk(selectedIds, 'in_review')} data-testid="bulk-review">
          Set in review
        </Button>
        {caseAction ? (
          <>
            <label htmlFor="bulk-case-title" className="sr-only">
              Title of a new case
            </label>
            <input
              id="bulk-case-title"
              type="text"
              maxLength={200}
              placeholder="New case title"
              value={caseTitle}
              onChange={(e) => setCaseTitle(e.target.value)}
              onKeyDown={(e) => e.stopPropagation()}
              className="rounded border border-slate-300 bg-white px-2 py-1 text-sm"
              data-testid="bulk-case-title"
            />
            <Button size="sm" disabled={selectedIds.length === 0 || pending} onClick={() => runCase(selectedIds, 'open')} data-testid="bulk-open-case">
              Open a case
            </Button>
            {openCases.length > 0 ? (
              <>
                <label htmlFor="bulk-case-target" className="sr-only">
                  Open case to add the selected alerts to
                </label>
                <select
                  id="bulk-case-target"
                  value={caseTarget}
                  onChange={(e) => setCaseTarget(e.target.value)}
                  className="rounded border border-slate-300 bg-white px-2 py-1 text-sm"
                  data-testid="bulk-case-target"
                >
                  <option value="">Choose a case…</option>
                  {openCases.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.label}
                    </option>
                  ))}
                </select>
                <Button size="sm" disabled={selectedIds.length === 0 || caseTarget === '' || pending} onClick={() => runCase(selectedIds, 'add')} data-testid="bulk-add-to-case">
                  Add to case
                </Button>
              </>
            ) : null}
          </>
        ) : null}
        <Button size="sm" variant="ghost" className="ml-auto" onClick={() => setHelpOpen(true)} data-testid="open-shortcut-help">
          Keyboard shortcuts{shortcutsOn ? '' : ' (off)'}
        </Button>
      </div>
      <div role="status" aria-live="polite" className="min-h-5 text-sm" data-testid="bulk-result">
        {pending ? 'Working…' : message ? <span className={message.failed ? 'text-red-800' : 'text-emerald-800'}>{message.text}</span> : null}
      </div>
      <div className="rounded border border-slate-200 bg-white">
        <table className="w-full text-left text-sm" data-testid="alert-queue">
          <caption className="sr-only">Alerts; j and k move, x selects, Enter opens (press ? for all keys)</caption>
          <THead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <Th key={header.id} className={header.column.id === 'select' ? 'w-10' : undefined}>
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </Th>
                ))}
              </tr>
            ))}
          </THead>
          <tbody ref={bodyRef}>
            {tableRows.map((row, index) => (
              <tr
                key={row.id}
                data-index={index}
                data-testid="queue-row"
                data-number={row.original.number}
                data-active={active === index ? 'true' : undefined}
                onFocus={() => setActive(index)}
                className={`${rowClass} ${row.getIsSelected() ? 'bg-sky-50' : ''} ${active === index ? 'outline-2 -outline-offset-2 outline-sky-600' : ''}`}
              >
                {row.getAllCells().map((cell) => (
                  <Td key={cell.id}>
                    <table.FlexRender cell={cell} />
                  </Td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ShortcutHelp open={helpOpen} onClose={() => setHelpOpen(false)} shortcuts={QUEUE_SHORTCUTS} />
    </div>
  );
}
