import { getDb } from '@/db/client';
import { CreateKeyForm, RevokeKeyForm } from '@/components/keys/key-forms';
import { requirePerson } from '@/lib/auth/current-person';
import { listKeys } from '@/lib/keys/list-keys';
import { keyOwnerNames } from '@/lib/keys/owner-names';
import { serializeKey } from '@/lib/keys/serialize';
import { createKeyAction, revokeKeyAction } from './actions';

export const dynamic = 'force-dynamic';

const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '—');

export default async function ApiKeysPage() {
  const person = await requirePerson();
  const admin = person.role === 'admin';
  const page = await listKeys(getDb(), person.actor, { limit: 200 });
  const keys = page.items.map(serializeKey);
  const owners = await keyOwnerNames(getDb(), person.actor, page.items);
  return (
    <section className="max-w-5xl space-y-8">
      <div>
        <h1 className="mb-1 text-2xl font-semibold">API keys</h1>
        <p className="text-sm text-slate-600">
          Keys let your systems call the API (<code>/v1</code>). Everything done with a key is written to the audit log under its ID. A key acts for its owner: whoever owns the key that asked for a closure, a clearance or a rule cannot approve it with another of their keys or in the console.
          {admin ? '' : ' Only an admin can create or revoke keys.'}
        </p>
      </div>

      {admin ? (
        <div className="rounded border border-slate-200 bg-white p-6">
          <h2 className="mb-4 text-lg font-semibold">Create a key</h2>
          <CreateKeyForm action={createKeyAction} />
        </div>
      ) : null}

      <div className="overflow-x-auto rounded border border-slate-200 bg-white">
        <table className="min-w-full text-left text-sm" data-testid="keys-table">
          <thead className="bg-slate-100 text-slate-600">
            <tr>
              <th className="px-4 py-2 font-medium">Name</th>
              <th className="px-4 py-2 font-medium">Starts with</th>
              <th className="px-4 py-2 font-medium">Owner</th>
              <th className="px-4 py-2 font-medium">Created</th>
              <th className="px-4 py-2 font-medium">Last used</th>
              <th className="px-4 py-2 font-medium">Status</th>
              <th className="px-4 py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.length === 0 ? (
              <tr>
                <td colSpan={7} className="px-4 py-6 text-center text-slate-500">
                  No keys yet.
                </td>
              </tr>
            ) : null}
            {keys.map((k) => (
              <tr key={k.id} className="border-t border-slate-200 align-top" data-testid="key-row" data-name={k.name}>
                <td className="px-4 py-3 font-medium">{k.name}</td>
                <td className="px-4 py-3 font-mono text-xs">{k.prefix}…</td>
                <td className="px-4 py-3 text-slate-600" data-testid="key-owner">
                  {k.owner.kind === 'key' && k.owner.id === k.id ? 'this key' : (owners.get(k.owner.id) ?? k.owner.id)}
                </td>
                <td className="px-4 py-3 text-slate-600">{when(k.created_at)}</td>
                <td className="px-4 py-3 text-slate-600">{when(k.last_used_at)}</td>
                <td className="px-4 py-3" data-testid="key-status">
                  {k.revoked_at ? `revoked ${when(k.revoked_at)}` : 'active'}
                </td>
                <td className="px-4 py-3">{admin && !k.revoked_at ? <RevokeKeyForm keyId={k.id} action={revokeKeyAction} /> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
