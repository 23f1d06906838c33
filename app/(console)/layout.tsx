import Link from 'next/link';
import type { ReactNode } from 'react';
import { SignOutButton } from '@/components/auth/sign-out-button';
import { ConsoleNav } from '@/components/console-nav';
import { getDb } from '@/db/client';
import { countPendingApprovals } from '@/lib/approvals/list-pending';
import { requirePerson } from '@/lib/auth/current-person';
import { licenceBannerWarnings } from '@/lib/setup/licence-usage';

// Who is signed in decides everything below, so nothing here is rendered ahead of a request.
export const dynamic = 'force-dynamic';

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  // Setup still open: to /setup. No live session: to /sign-in. One-time password: to /change-password.
  const person = await requirePerson();
  // One small query on every page: what waits for a second person, shown beside "Approvals".
  const pending = await countPendingApprovals(getDb(), person.actor);
  // Admins only, read at most once a minute: the licence nearing its end or the month nearing its volume.
  const licenceWarnings = await licenceBannerWarnings(getDb(), person.actor);
  return (
    <div className="flex min-h-screen">
      <aside className="flex w-56 shrink-0 flex-col border-r border-slate-200 bg-white">
        <ConsoleNav counts={{ '/approvals': { value: pending.total, label: 'waiting' } }} />
        <div className="mt-auto space-y-2 border-t border-slate-200 p-4 text-sm" data-testid="signed-in-as">
          <div className="font-medium text-slate-900">{person.name}</div>
          <div className="text-slate-500">
            {person.email} · {person.role}
          </div>
          <div className="flex items-center gap-3">
            <SignOutButton />
            <Link href="/change-password" className="text-xs text-sky-800 underline">
              Password
            </Link>
          </div>
        </div>
      </aside>
      <main className="flex-1 p-8">
        {licenceWarnings.length > 0 ? (
          <div role="status" className="mb-6 rounded border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="licence-banner">
            {licenceWarnings.map((w) => (
              <p key={w}>
                {w}{' '}
                <Link href="/settings/licence" className="font-medium underline">
                  Licence
                </Link>
              </p>
            ))}
          </div>
        ) : null}
        {children}
      </main>
    </div>
  );
}
