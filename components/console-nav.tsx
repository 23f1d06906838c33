import Link from 'next/link';

// Screens join this list as they are built.
const sections = [
  { href: '/', label: 'Home' },
  { href: '/alerts', label: 'Alerts' },
  { href: '/approvals', label: 'Approvals' },
  { href: '/screenings', label: 'Screenings' },
  { href: '/settings/people', label: 'People' },
  { href: '/settings/api-keys', label: 'API keys' },
];

export function ConsoleNav() {
  return (
    <nav aria-label="Console" className="flex flex-col gap-1 p-4">
      <div className="mb-4 text-sm font-semibold uppercase tracking-wide text-slate-500">AML console</div>
      {sections.map((s) => (
        <Link key={s.href} href={s.href} className="rounded px-3 py-2 text-sm hover:bg-slate-200">
          {s.label}
        </Link>
      ))}
    </nav>
  );
}
