'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

// Screens join this list as they are built.
const sections = [
  { href: '/', label: 'Home' },
  { href: '/alerts', label: 'Alerts' },
  { href: '/cases', label: 'Cases' },
  { href: '/entities', label: 'Entities' },
  { href: '/rules', label: 'Rules' },
  { href: '/reports', label: 'Reports' },
  { href: '/approvals', label: 'Approvals' },
  { href: '/screenings', label: 'Screenings' },
  { href: '/audit', label: 'Audit log' },
  { href: '/settings/people', label: 'People' },
  { href: '/settings/api-keys', label: 'API keys' },
  { href: '/settings/organisation', label: 'Organisation' },
  { href: '/settings/lists', label: 'Lists' },
  { href: '/settings/licence', label: 'Licence' },
];

/**
 * The console's navigation; the current screen's entry is marked (aria-current). `counts` puts a number beside an entry (what waits on /approvals); the
 * number is part of the link's name for screen readers ("Approvals, 3 waiting").
 */
export function ConsoleNav({ counts = {} }: { counts?: Record<string, { value: number; label: string }> }) {
  const path = usePathname();
  const current = (href: string) => (href === '/' ? path === '/' : path === href || path.startsWith(`${href}/`));
  return (
    <nav aria-label="Console" className="flex flex-col gap-1 p-4">
      <div className="mb-4 text-sm font-semibold uppercase tracking-wide text-slate-500">AML console</div>
      {sections.map((s) => {
        const count = counts[s.href];
        return (
          <Link
            key={s.href}
            href={s.href}
            aria-current={current(s.href) ? 'page' : undefined}
            className="flex items-center justify-between gap-2 rounded px-3 py-2 text-sm hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-sky-600 aria-[current=page]:bg-slate-100 aria-[current=page]:font-semibold"
          >
            <span>{s.label}</span>
            {count && count.value > 0 ? (
              <span className="rounded-full bg-sky-700 px-2 py-0.5 text-xs font-semibold text-white" data-testid={`nav-count-${s.label.toLowerCase()}`}>
                {count.value}
                <span className="sr-only"> {count.label}</span>
              </span>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}
