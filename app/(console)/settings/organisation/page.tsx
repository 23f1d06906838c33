import { Badge, Notice, PageHeader, Section } from '@/components/ui';
import { getDb } from '@/db/client';
import { requirePerson } from '@/lib/auth/current-person';
import { findOrganisation } from '@/lib/orgs/find-organisation';
import { FILING_FIELD_WORDS, missingFilingFields } from '@/lib/orgs/schemas';
import { updateFilingDetailsAction } from './actions';
import { FilingDetailsForm, type FilingDetails } from './filing-details-form';

export const dynamic = 'force-dynamic';

const DETAILS: { field: keyof FilingDetails; label: string }[] = [
  { field: 'institution', label: 'Institution name' },
  { field: 'licence', label: 'Licence or registration number' },
  { field: 'regulator', label: 'Regulator' },
];

/** "a", "a and b", "a, b and c". */
const list = (items: string[]) => (items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

export default async function OrganisationPage() {
  const person = await requirePerson();
  const admin = person.role === 'admin';
  const org = await findOrganisation(getDb(), person.orgId);
  const current: FilingDetails = { institution: org.institution, licence: org.licence, regulator: org.regulator };
  const missing = missingFilingFields(current);
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader
        title="Organisation"
        description="The institution, its licence number and its regulator head every report this organisation files (the goAML report header)."
      />
      {missing.length > 0 ? (
        <Notice testId="missing-details">
          {`Missing: ${list(missing.map((f) => FILING_FIELD_WORDS[f]))}. Regulatory filings need all three; until they are set, every report's checks warn that they are missing.`}
          {admin ? ' Fill them in below.' : ' Ask an admin to fill them in here.'}
        </Notice>
      ) : null}
      <Section title="Filing details" testId="filing-details">
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="font-medium text-slate-600">Name</dt>
          <dd data-testid="org-name">{org.name}</dd>
          {DETAILS.map((d) => (
            <div key={d.field} className="contents">
              <dt className="font-medium text-slate-600">{d.label}</dt>
              <dd data-testid={`org-${d.field}`}>
                {missing.includes(d.field) ? (
                  <Badge tone="warning" title="Needed on filings">
                    Not set
                  </Badge>
                ) : (
                  current[d.field]
                )}
              </dd>
            </div>
          ))}
        </dl>
        {admin ? null : (
          <p className="mt-4 text-sm text-slate-600" data-testid="admin-only">
            Only an admin can change these.
          </p>
        )}
      </Section>
      {admin ? (
        <Section title="Change the filing details">
          <p className="mb-4 text-sm text-slate-600">
            Each is 1 to 200 characters; a box left empty for a detail that is not set yet is skipped. Changes are written to the audit log.
          </p>
          <FilingDetailsForm action={updateFilingDetailsAction} current={current} />
        </Section>
      ) : null}
    </div>
  );
}
