import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
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
      expect(Object.keys(parsed).sort()).toEqual(['id', 'key', 'name', 'org_id']);
      expect(parsed).toMatchObject({ name: 'first', org_id: created.id });
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
});
