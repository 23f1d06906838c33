import { EmptyState, Facts, PageHeader, Section } from '@/components/ui';
import { getDb } from '@/db/client';
import { requirePerson } from '@/lib/auth/current-person';
import { isAllowed } from '@/lib/auth/policy';
import { licenceUsage } from '@/lib/setup/licence-usage';

export const dynamic = 'force-dynamic';

export default async function LicencePage() {
  const person = await requirePerson();
  if (!isAllowed(person.actor, 'administer')) {
    return (
      <div className="max-w-4xl">
        <PageHeader title="Licence" />
        <EmptyState title="The licence is shown to admins.">Ask an admin of your organisation.</EmptyState>
      </div>
    );
  }
  const usage = await licenceUsage(getDb(), person.actor);
  const { licence } = usage;
  const percent = usage.share === null ? null : Math.min(100, usage.share * 100);
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader title="Licence" description="The licence checked at setup and this month's volume against it. Monitoring and screening never stop because of the licence; admins see a warning on every screen from 30 days before it ends and once the month passes 90 % of its volume." />
      {licence === null ? (
        <EmptyState title="This installation runs without a licence file.">No licence key is configured (SERVICE_LICENCE_PUBLIC_KEY), so setup asked for none.</EmptyState>
      ) : (
        <Section title="Licence in force" testId="licence-facts">
          <Facts
            rows={[
              ['Customer', licence.customer],
              ['Tier', licence.tier],
              ['Modules', licence.modules.length > 0 ? licence.modules.join(', ') : '—'],
              ['Valid until', `${licence.valid_until} (UTC)${usage.daysLeft !== null && usage.daysLeft >= 0 ? `, ${usage.daysLeft} days left` : ''}`],
              ['Events a month', licence.transactions_per_month.toLocaleString('en')],
              ['Key', licence.key_id],
            ]}
          />
        </Section>
      )}
      <Section title={`Usage in ${usage.month} (UTC)`} testId="licence-usage">
        <p className="text-sm text-slate-900">
          <span className="text-2xl font-semibold tabular-nums" data-testid="licence-events">
            {usage.events.toLocaleString('en')}
          </span>{' '}
          events this month{licence ? ` of ${licence.transactions_per_month.toLocaleString('en')} licensed` : ''}
          {percent !== null ? ` (${Math.floor(usage.share! * 100)} %)` : ''}.
        </p>
        {percent !== null ? (
          <div className="mt-3 h-3 w-full overflow-hidden rounded bg-slate-200" role="img" aria-label={`${Math.floor(usage.share! * 100)} % of the monthly volume used`}>
            <div className={`h-full ${usage.share! > 0.9 ? 'bg-amber-600' : 'bg-sky-700'}`} style={{ width: `${percent}%` }} />
          </div>
        ) : null}
      </Section>
    </div>
  );
}
