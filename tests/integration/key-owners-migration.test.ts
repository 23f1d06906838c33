import { describe, expect, it } from 'vitest';
import { beforeMigration } from '../support/migrations';

describe('migration 0010_key_owners', () => {
  it('gives every existing key its owner: console keys their person, CLI keys themselves, minted keys their creator’s owner', async () => {
    await beforeMigration('0010_key_owners', async (client, migrate) => {
      const org = (await client.query<{ id: string }>("INSERT INTO organisations (name) VALUES ('Old Bank') RETURNING id")).rows[0]!.id;
      const person = (
        await client.query<{ id: string }>(
          "INSERT INTO people (org_id, email, name, role, password_hash, created_by) VALUES ($1, 'a@example.test', 'A', 'admin', 'x', 'setup') RETURNING id",
          [org],
        )
      ).rows[0]!.id;
      const key = async (label: string, createdBy: string) =>
        (
          await client.query<{ id: string }>(
            'INSERT INTO api_keys (org_id, name, prefix, secret_hash, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id',
            [org, label, `sk_${label}`, `hash-${label}`, createdBy],
          )
        ).rows[0]!.id;
      const cli = await key('cli', 'service-admin');
      const minted = await key('minted', cli);
      const mintedTwice = await key('minted-twice', minted);
      const personal = await key('personal', person);
      const mintedByPersonal = await key('minted-by-personal', personal);

      await migrate();

      const owners = new Map(
        (await client.query<{ id: string; owner_kind: string; owner_id: string }>('SELECT id, owner_kind, owner_id FROM api_keys')).rows.map(
          (r) => [r.id, { kind: r.owner_kind, id: r.owner_id }],
        ),
      );
      expect(owners.get(cli)).toEqual({ kind: 'key', id: cli });
      expect(owners.get(minted)).toEqual({ kind: 'key', id: cli });
      expect(owners.get(mintedTwice)).toEqual({ kind: 'key', id: cli });
      expect(owners.get(personal)).toEqual({ kind: 'person', id: person });
      expect(owners.get(mintedByPersonal)).toEqual({ kind: 'person', id: person });
      // The columns are required from now on.
      await expect(
        client.query("INSERT INTO api_keys (org_id, name, prefix, secret_hash, created_by) VALUES ($1, 'new', 'sk_new', 'hash-new', 'x')", [org]),
      ).rejects.toThrow(/owner_kind/);
    });
  });
});
