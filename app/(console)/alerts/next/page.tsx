import { redirect } from 'next/navigation';
import { getDb } from '@/db/client';
import { ButtonLink, EmptyState, PageHeader } from '@/components/ui';
import { nextUnassignedAlert } from '@/lib/alerts/queue';
import { requirePerson } from '@/lib/auth/current-person';

export const dynamic = 'force-dynamic';

/** "Next alert": opens the most urgent open alert nobody is assigned to (soonest due). */
export default async function NextAlertPage() {
  const person = await requirePerson();
  const next = await nextUnassignedAlert(getDb(), person.actor);
  if (next) redirect(`/alerts/${next.id}`);
  return (
    <section className="max-w-3xl">
      <PageHeader title="Next alert" />
      <EmptyState title="Every open alert has someone working it." testId="no-next-alert">
        <ButtonLink href="/alerts?assignee=mine" size="sm">
          See my alerts
        </ButtonLink>
      </EmptyState>
    </section>
  );
}
