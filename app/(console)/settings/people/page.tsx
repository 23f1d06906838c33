import { getDb } from '@/db/client';
import { AddPersonForm } from '@/components/people/add-person-form';
import { DeactivateForm, RoleForm } from '@/components/people/person-actions';
import { requirePerson } from '@/lib/auth/current-person';
import { listPeople } from '@/lib/people/list-people';
import { personStatus, serializePerson } from '@/lib/people/serialize';
import { addPersonAction, changeRoleAction, deactivatePersonAction } from './actions';

export const dynamic = 'force-dynamic';

const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : 'never');

export default async function PeoplePage() {
  const person = await requirePerson();
  if (person.role !== 'admin') {
    return (
      <section>
        <h1 className="mb-4 text-2xl font-semibold">People</h1>
        <p className="text-slate-700">Only an admin can manage people. Ask an admin of your organisation.</p>
      </section>
    );
  }
  const people = (await listPeople(getDb(), person.actor)).map(serializePerson);
  return (
    <section className="max-w-5xl space-y-8">
      <div>
        <h1 className="mb-1 text-2xl font-semibold">People</h1>
        <p className="text-sm text-slate-600">
          Who can sign in to the console. Analysts work alerts and draft reports; reviewers also file them; admins also manage
          people and API keys. A role change applies at the person&apos;s next click; deactivating ends their sessions at once.
        </p>
      </div>

      <div className="rounded border border-slate-200 bg-white p-6">
        <h2 className="mb-4 text-lg font-semibold">Add a person</h2>
        <AddPersonForm action={addPersonAction} />
      </div>

      <div className="overflow-x-auto rounded border border-slate-200 bg-white">
        <table className="min-w-full text-left text-sm" data-testid="people-table">
          <thead className="bg-slate-100 text-slate-600">
            <tr>
              <th className="px-4 py-2 font-medium">Name</th>
              <th className="px-4 py-2 font-medium">Email</th>
              <th className="px-4 py-2 font-medium">Role</th>
              <th className="px-4 py-2 font-medium">Status</th>
              <th className="px-4 py-2 font-medium">Last sign-in</th>
              <th className="px-4 py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {people.map((p) => (
              <tr key={p.id} className="border-t border-slate-200 align-top" data-testid="person-row" data-email={p.email}>
                <td className="px-4 py-3 font-medium">
                  {p.name}
                  {p.id === person.id ? <span className="ml-2 text-xs text-slate-500">(you)</span> : null}
                </td>
                <td className="px-4 py-3">{p.email}</td>
                <td className="px-4 py-3">
                  <RoleForm personId={p.id} role={p.role} action={changeRoleAction} disabled={!p.active} />
                </td>
                <td className="px-4 py-3" data-testid="person-status">
                  {personStatus(p)}
                </td>
                <td className="px-4 py-3 text-slate-600">{when(p.last_sign_in_at)}</td>
                <td className="px-4 py-3">{p.active && p.id !== person.id ? <DeactivateForm personId={p.id} action={deactivatePersonAction} /> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
