import { NewScreeningForm } from '@/components/screenings/new-screening-form';
import { PageHeader, Section } from '@/components/ui';
import { getDb } from '@/db/client';
import { requirePerson } from '@/lib/auth/current-person';
import { screeningIndex } from '@/lib/screening/list-index';
import { createScreeningAction } from '../actions';

export const dynamic = 'force-dynamic';

export default async function NewScreeningPage() {
  await requirePerson();
  const index = await screeningIndex(getDb());
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader
        title="Screen a name"
        description="Checks a person or business against every loaded list, by spelling and by sound, aliases included. The result is kept as it is answered now; a potential match raises an alert."
      />
      <Section title="Who to screen">
        {index.lists.length === 0 ? (
          <p className="text-sm text-red-800" role="alert">
            No screening list is loaded, so nothing can be checked. An admin loads lists with <code>service-admin screening load</code>.
          </p>
        ) : (
          <>
            <p className="mb-4 text-sm text-slate-600" data-testid="lists-in-force">
              Lists in force: {index.lists.map((l) => `${l.name} (${l.code}, version ${l.version}, ${l.entries} entries)`).join('; ')}.
            </p>
            <NewScreeningForm action={createScreeningAction} />
          </>
        )}
      </Section>
    </div>
  );
}
