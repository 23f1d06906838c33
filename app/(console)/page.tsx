import { getDb } from '@/db/client';
import { requirePerson } from '@/lib/auth/current-person';
import { getServiceStatus } from '@/lib/health/service-status';

export const dynamic = 'force-dynamic';

export default async function OverviewPage() {
  // The page checks too, not only the layout: client-side navigation re-renders the page alone.
  const person = await requirePerson();
  const status = await getServiceStatus(getDb(), person.orgId);
  const rows: [string, string][] = [
    ['Database', status.database === 'ok' ? 'reachable' : 'unreachable'],
    ['Migrations', `${status.migrations.applied} of ${status.migrations.expected} applied`],
    ['Active API keys', String(status.activeKeys)],
    ['People', String(status.activePeople)],
  ];
  return (
    <section>
      <h1 className="mb-6 text-2xl font-semibold">Service status</h1>
      <p className="mb-4" data-testid="service-state">
        {status.ready ? 'The service is ready.' : 'The service is not ready.'}
      </p>
      <dl className="grid max-w-md grid-cols-2 gap-x-6 gap-y-2 rounded border border-slate-200 bg-white p-4">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
