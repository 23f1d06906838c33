'use client';

import Link from 'next/link';
import type { MouseEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { shownMessage } from './text';

export interface ShownCheck {
  severity: 'error' | 'warning';
  source: string;
  code: string;
  path: string;
  message: string;
  /** The id of the editor field the check is about, or a page where it is set (the organisation's filing details). */
  target: { field: string } | { href: string } | null;
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const LONG = 240;

/** Errors the rules and data give first (they say what to do), then the schema's; warnings after all errors. */
const RANK: Record<string, number> = { rule: 0, data: 1, package: 2, schema: 3 };
const rankOf = (c: ShownCheck) => (c.severity === 'error' ? 0 : 10) + (RANK[c.source] ?? 5);
const linkClass = 'font-medium text-sky-800 underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-sky-600';

/** Moves to the field and puts the caret in it (a plain in-page link only scrolls). */
function jump(e: MouseEvent<HTMLAnchorElement>, id: string): void {
  const el = document.getElementById(id);
  if (!el) return;
  e.preventDefault();
  el.scrollIntoView({ block: 'center' });
  el.focus({ preventScroll: true });
  history.replaceState(null, '', `#${id}`);
}

function Message({ text }: { text: string }) {
  if (text.length <= LONG) return <p className="mt-1 break-words text-slate-900">{text}</p>;
  return (
    <details className="mt-1 break-words text-slate-900">
      <summary className="cursor-pointer focus-visible:outline-2 focus-visible:outline-sky-600">{text.slice(0, LONG - 40).trimEnd()}…</summary>
      <p className="mt-1">{text}</p>
    </details>
  );
}

/**
 * The checks the filing system would run now, errors first and then warnings, each with its message and a link
 * to its field; while errors remain, the report cannot be sent for review or filed.
 */
export function StrChecksPanel({ checks }: { checks: ShownCheck[] }) {
  const ordered = checks.map((c, i) => ({ c, i })).sort((a, b) => rankOf(a.c) - rankOf(b.c) || a.i - b.i).map(({ c }) => c);
  const errors = checks.filter((c) => c.severity === 'error').length;
  const warnings = checks.length - errors;
  return (
    <section aria-labelledby="str-checks-title" className="rounded border border-slate-200 bg-white p-5" data-testid="str-checks">
      <h2 id="str-checks-title" className="text-base font-semibold text-slate-900">
        Checks
      </h2>
      <p className="mt-1 text-sm text-slate-700" data-testid="str-checks-summary">
        {errors === 0 && warnings === 0
          ? 'Nothing to fix: the report passes every check.'
          : `${errors} ${errors === 1 ? 'error' : 'errors'}, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}.${errors > 0 ? ' Errors stop review and filing.' : ''}`}
      </p>
      {ordered.length > 0 ? (
        <ol className="mt-3 max-h-[36rem] space-y-2 overflow-y-auto pr-1 focus-visible:outline-2 focus-visible:outline-sky-600" aria-label="Checks, errors first" tabIndex={0}>
          {ordered.map((c, i) => (
            <li key={`${c.code}-${c.path}-${i}`} className="rounded border border-slate-200 p-2 text-sm" data-testid="str-check" data-severity={c.severity} data-path={c.path}>
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={c.severity === 'error' ? 'danger' : 'warning'}>{c.severity}</Badge>
                <span className="font-mono text-xs text-slate-600">{c.path}</span>
              </div>
              <Message text={sentence(shownMessage(c.message))} />
              {c.target && 'field' in c.target ? (
                <a href={`#${c.target.field}`} onClick={(e) => jump(e, (c.target as { field: string }).field)} className={linkClass} data-testid="str-check-link">
                  Go to the field<span className="sr-only">: {c.path}</span>
                </a>
              ) : c.target ? (
                <Link href={c.target.href} prefetch={false} className={linkClass} data-testid="str-check-link">
                  Set it in the organisation’s filing details
                </Link>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
