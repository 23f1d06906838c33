import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/processes';

const env = () => ({ SERVICE_DATABASE_URL: inject('databaseUrl') });

async function org(): Promise<{ id: string; name: string }> {
  const made = await runCli(['orgs', 'create', '-name', `People ${Date.now()} ${Math.random().toString(36).slice(2, 6)}`], env());
  expect(made.code, made.stderr).toBe(0);
  return JSON.parse(made.stdout) as { id: string; name: string };
}

describe('service-admin people create', () => {
  it('prints one JSON line with a one-time password, or with the final password given', async () => {
    const o = await org();
    const email = `cli-${Date.now()}@bank.example`;
    const made = await runCli(['people', 'create', '-org', o.name, '-email', email, '-name', 'Cleo Analyst', '-role', 'analyst'], env());
    expect(made.code, made.stderr).toBe(0);
    const lines = made.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const person = JSON.parse(lines[0] as string);
    expect(Object.keys(person).sort()).toEqual(['email', 'id', 'name', 'org_id', 'password', 'role']);
    expect(person).toMatchObject({ email, name: 'Cleo Analyst', role: 'analyst', org_id: o.id });
    expect(person.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(person.password).toMatch(/^[2-9A-HJ-NP-Za-km-z]{16}$/);

    const final = await runCli(
      ['people', 'create', '--org', o.id, '-email', `final-${email}`, '-name', 'Rita Reviewer', '-role', 'reviewer', '-password', 'her own password'],
      env(),
    );
    expect(final.code, final.stderr).toBe(0);
    expect(JSON.parse(final.stdout)).toMatchObject({ role: 'reviewer', password: 'her own password', org_id: o.id });
  });

  it('refuses bad flags, bad values, a taken email and an unknown organisation on stderr with a non-zero status', async () => {
    const o = await org();
    const email = `taken-${Date.now()}@bank.example`;
    expect((await runCli(['people', 'create', '-org', o.name, '-email', email, '-name', 'A', '-role', 'admin'], env())).code).toBe(0);
    const cases: [string[], string][] = [
      [['-org', o.name, '-email', email, '-name', 'A'], '-role is required'],
      [['-org', o.name, '-email', email, '-name', 'A', '-role', 'owner'], 'role must be analyst, reviewer or admin'],
      [['-org', o.name, '-email', 'not-an-email', '-name', 'A', '-role', 'analyst'], 'email must be an email address of at most 254 characters'],
      [['-org', o.name, '-email', `x${email}`, '-name', 'A', '-role', 'analyst', '-password', 'short'], 'password must be 12 to 72 characters'],
      [['-org', o.name, '-email', email.toUpperCase(), '-name', 'A', '-role', 'analyst'], 'this email already has an account'],
      [['-org', 'no-such-organisation', '-email', `y${email}`, '-name', 'A', '-role', 'analyst'], 'organisation not found: no-such-organisation'],
      [['-org', o.name, '-email', `z${email}`, '-name', 'A', '-role', 'analyst', '-team', 'x'], 'unknown flag -team'],
    ];
    for (const [flags, message] of cases) {
      const r = await runCli(['people', 'create', ...flags], env());
      expect(r.code, flags.join(' ')).not.toBe(0);
      expect(r.stderr).toContain(message);
      expect(r.stdout).toBe('');
    }
  });
});
