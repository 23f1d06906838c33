import { redirect } from 'next/navigation';
import { getDb } from '@/db/client';
import { LicenceForm } from '@/components/setup/licence-form';
import { OrganisationForm } from '@/components/setup/organisation-form';
import { getSetupState } from '@/lib/setup/get-setup-state';
import { checkLicenceAction, completeSetupAction } from './actions';

export const dynamic = 'force-dynamic';

function Steps({ current, withLicence }: { current: 1 | 2; withLicence: boolean }) {
  const steps = withLicence ? ['Licence', 'Institution and admin'] : ['Institution and admin'];
  const active = withLicence ? current : 1;
  return (
    <ol className="mb-6 flex gap-4 text-sm" aria-label="Setup steps">
      {steps.map((label, i) => (
        <li key={label} aria-current={i + 1 === active ? 'step' : undefined} className={i + 1 === active ? 'font-semibold text-sky-800' : 'text-slate-500'}>
          {i + 1}. {label}
        </li>
      ))}
    </ol>
  );
}

export default async function SetupPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const state = await getSetupState(getDb());
  if (state.complete) redirect('/sign-in');
  const { step } = await searchParams;
  const licenceStep = state.licence_required && (!state.licence || step === 'licence');

  return (
    <section>
      <h1 className="mb-1 text-2xl font-semibold">Set up the service</h1>
      <p className="mb-6 text-sm text-slate-600">
        This is a new install. {state.licence_required ? 'Check the licence, then n' : 'N'}ame the institution and create its first admin.
      </p>
      <Steps current={licenceStep ? 1 : 2} withLicence={state.licence_required} />
      {licenceStep ? (
        <LicenceForm action={checkLicenceAction} />
      ) : (
        <>
          {state.licence ? (
            <div data-testid="licence-summary" className="mb-6 rounded border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-900">
              <p className="font-medium">Licence checked</p>
              <p>
                {state.licence.customer} · {state.licence.tier} tier · valid until {state.licence.valid_until} ·{' '}
                {state.licence.transactions_per_month.toLocaleString('en-GB')} transactions a month
              </p>
              <a href="/setup?step=licence" className="underline">
                Use another licence
              </a>
            </div>
          ) : null}
          <OrganisationForm action={completeSetupAction} />
        </>
      )}
    </section>
  );
}
