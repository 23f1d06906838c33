import { ListUpload } from '@/components/settings/list-upload';
import { EmptyState, LocalTime, PageHeader, rowClass, Section, Table, Td, Th, THead } from '@/components/ui';
import { getDb } from '@/db/client';
import { requirePerson } from '@/lib/auth/current-person';
import { isAllowed } from '@/lib/auth/policy';
import { listsInForce } from '@/lib/screening/lists-in-force';

export const dynamic = 'force-dynamic';

export default async function ListsPage() {
  const person = await requirePerson();
  const lists = await listsInForce(getDb(), person.actor);
  const admin = isAllowed(person.actor, 'administer');
  return (
    <div className="max-w-5xl space-y-6">
      <PageHeader
        title="Screening lists"
        description="The sanctions, PEP and adverse-media lists every screening is matched against. Lists are shared by the whole installation; a newly loaded list is in force on every instance within seconds."
      />
      <Section title="Lists in force" testId="lists-in-force">
        {lists.length === 0 ? (
          <EmptyState title="No list is loaded.">Screenings find nothing until a list is loaded.</EmptyState>
        ) : (
          <Table caption="Screening lists in force" testId="lists-table">
            <THead>
              <tr>
                <Th>Code</Th>
                <Th>Name</Th>
                <Th>Version</Th>
                <Th className="text-right">Entries</Th>
                <Th>Loaded</Th>
              </tr>
            </THead>
            <tbody>
              {lists.map((l) => (
                <tr key={l.code} className={rowClass} data-testid="list-row">
                  <Td className="font-mono text-xs">{l.code}</Td>
                  <Td>{l.name}</Td>
                  <Td>{l.version}</Td>
                  <Td className="text-right tabular-nums">{l.entries.toLocaleString('en')}</Td>
                  <Td className="whitespace-nowrap">
                    <LocalTime iso={l.loaded_at} />
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Section>
      <Section title="Load a list">
        {admin ? (
          <ListUpload />
        ) : (
          <p className="text-sm text-slate-600" data-testid="list-upload-disabled">
            Only an admin can load a list.
          </p>
        )}
      </Section>
    </div>
  );
}
