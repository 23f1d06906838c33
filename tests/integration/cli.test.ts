import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import journal from '@/db/migrations/meta/_journal.json';
import { LicenceError, parsePublicKey, verifyLicence } from '@/lib/setup/licence';
import { withDatabase } from '../support/database';
import { runCli } from '../support/processes';

const env = () => ({ SERVICE_DATABASE_URL: inject('databaseUrl') });

describe('service-admin', () => {
  it('orgs create and keys create print one JSON line each, and -org takes a name or an id', async () => {
    const name = `Demo ${Date.now()}`;
    const org = await runCli(['orgs', 'create', '-name', name], env());
    expect(org.code).toBe(0);
    const orgLines = org.stdout.trim().split('\n');
    expect(orgLines).toHaveLength(1);
    const created = JSON.parse(orgLines[0] as string);
    expect(Object.keys(created).sort()).toEqual(['id', 'name']);
    expect(created.name).toBe(name);

    for (const ref of [name, created.id]) {
      const key = await runCli(['keys', 'create', '-org', ref, '--name', 'first'], env());
      expect(key.code).toBe(0);
      const lines = key.stdout.trim().split('\n');
      expect(lines).toHaveLength(1);
      const parsed = JSON.parse(lines[0] as string);
      expect(Object.keys(parsed).sort()).toEqual(['id', 'key', 'name', 'org_id', 'owner']);
      // Without -owner the key owns itself.
      expect(parsed).toMatchObject({ name: 'first', org_id: created.id, owner: { kind: 'key', id: parsed.id } });
      expect(parsed.key).toMatch(/^sk_[0-9A-Za-z]{40}$/);
    }
  });

  it('refuses bad arguments and unknown organisations with a message and a non-zero status', async () => {
    const missing = await runCli(['orgs', 'create'], env());
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('-name is required');
    expect(missing.stdout).toBe('');

    const unknown = await runCli(['keys', 'create', '-org', 'no-such-org', '-name', 'x'], env());
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('organisation not found: no-such-org');

    const badCommand = await runCli(['frobnicate'], env());
    expect(badCommand.code).not.toBe(0);
    expect(badCommand.stderr).toContain('unknown command');

    const duplicate = `Dup ${Date.now()}`;
    expect((await runCli(['orgs', 'create', '-name', duplicate], env())).code).toBe(0);
    const again = await runCli(['orgs', 'create', '-name', duplicate], env());
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('already exists');
  });

  it('migrate builds an empty database and is a no-op the second time', async () => {
    const name = `aml_cli_migrate_${Date.now()}`;
    const admin = new pg.Client({ connectionString: withDatabase(inject('databaseUrl'), 'postgres') });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = withDatabase(inject('databaseUrl'), name);
      for (const run of [1, 2]) {
        const migrated = await runCli(['migrate'], { SERVICE_DATABASE_URL: url });
        expect(migrated.code, `run ${run}: ${migrated.stderr}`).toBe(0);
        expect(migrated.stderr).toContain('migrations applied');
        expect(migrated.stdout).toBe('');
      }
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const applied = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
        expect(applied.rows[0]?.n).toBe(journal.entries.length);
        const tables = await client.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_name IN ('organisations', 'api_keys', 'audit_log', 'people')",
        );
        expect(tables.rows[0]?.n).toBe(4);
      } finally {
        await client.end();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('licence keygen prints a key pair whose private half signs a licence the service accepts with the public half', async () => {
    const keygen = await runCli(['licence', 'keygen'], {});
    expect(keygen.code, keygen.stderr).toBe(0);
    const lines = keygen.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const pair = JSON.parse(lines[0] as string) as { publicKey: string; privateKey: string };
    expect(Object.keys(pair).sort()).toEqual(['privateKey', 'publicKey']);
    expect(pair.publicKey).toContain('-----BEGIN PUBLIC KEY-----');
    expect(pair.privateKey).toContain('-----BEGIN PRIVATE KEY-----');

    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'aml-licence-'));
    try {
      const keyFile = path.join(dir, 'licence-key.pem');
      await fs.writeFile(keyFile, pair.privateKey, { mode: 0o600 });
      const signed = await runCli(
        ['licence', 'sign', '-key', keyFile, '-customer', 'Northwind Savings Bank', '-valid-until', '2099-12-31', '-tier', 'gold', '-modules', 'monitoring,screening'],
        {},
      );
      expect(signed.code, signed.stderr).toBe(0);
      const file = JSON.parse(signed.stdout.trim()) as { payload: string; signature: string };
      expect(Object.keys(file).sort()).toEqual(['payload', 'signature']);

      const licence = verifyLicence(file, parsePublicKey(pair.publicKey));
      expect(licence).toMatchObject({
        customer: 'Northwind Savings Bank',
        tier: 'gold',
        modules: ['monitoring', 'screening'],
        valid_until: '2099-12-31',
        key_id: 'licence-key-1',
      });
      // Another key pair's public half refuses it: the check really is against the signing key.
      const other = JSON.parse((await runCli(['licence', 'keygen'], {})).stdout) as { publicKey: string };
      let refused: unknown;
      try {
        verifyLicence(file, parsePublicKey(other.publicKey));
      } catch (err) {
        refused = err;
      }
      expect(refused).toBeInstanceOf(LicenceError);
      expect(refused).toMatchObject({ reason: 'signature_mismatch' });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
