import { afterEach, describe, expect, it } from 'vitest';
import * as setup from '@/app/v1/setup/route';
import { getDb } from '@/db/client';
import { auditLog, organisations, people } from '@/db/schema';
import { systemActor } from '@/lib/auth/actor';
import { createOrganisation } from '@/lib/orgs/create-organisation';
import { createPerson } from '@/lib/people/create-person';
import { deactivatePerson } from '@/lib/people/deactivate-person';
import { bootstrapAdmin } from '@/lib/setup/bootstrap-admin';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/client-address';
import { call } from '../support/api';
import { freshInstall } from '../support/fresh-install';
import { signInOverHttp } from '../support/people';

let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await drop?.();
  drop = undefined;
});

const settings = { bootstrapAdminEmail: 'root@bank.example', bootstrapAdminPassword: 'bootstrap password 1' };

describe('bootstrap admin (SERVICE_BOOTSTRAP_ADMIN_EMAIL and _PASSWORD)', () => {
  it('creates the first admin at start-up instead of setup, closes setup, and does nothing on the next start', async () => {
    drop = await freshInstall({ SERVICE_LICENCE_PUBLIC_KEY: undefined });
    const first = await bootstrapAdmin(getDb(), settings);
    expect(first).toMatchObject({ status: 'created', email: 'root@bank.example', orgName: 'bank.example' });
    const [admin] = await getDb().select().from(people);
    expect(admin).toMatchObject({ email: 'root@bank.example', role: 'admin', mustChangePassword: true, active: true });

    expect((await call(setup.GET, {})).json).toMatchObject({ complete: true });
    const closed = await call(setup.POST, { method: 'POST', body: {}, headers: { [CLIENT_ADDRESS_HEADER]: '198.19.0.1' } });
    // The body is checked first (400); a valid body meets the closed setup.
    expect(closed.status).toBe(400);
    const valid = {
      institution: 'x',
      licence: 'x',
      regulator: 'x',
      admin_name: 'x',
      admin_email: 'x@bank.example',
      admin_password: 'a long enough password',
    };
    const closedValid = await call(setup.POST, { method: 'POST', body: valid, headers: { [CLIENT_ADDRESS_HEADER]: '198.19.0.1' } });
    expect(closedValid.status).toBe(409);

    // A restart with the settings still present, even with another password, changes nothing.
    expect(await bootstrapAdmin(getDb(), settings)).toEqual({ status: 'already_complete' });
    expect(await bootstrapAdmin(getDb(), { ...settings, bootstrapAdminPassword: 'another password 22' })).toEqual({ status: 'already_complete' });
    expect(await getDb().select().from(people)).toHaveLength(1);
    expect(await getDb().select().from(organisations)).toHaveLength(1);

    const signIn = await signInOverHttp('root@bank.example', 'bootstrap password 1');
    expect(signIn.ok).toBe(true);
    const actions = (await getDb().select().from(auditLog)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['organisation.created', 'person.created', 'setup.completed', 'person.signed_in']));
  });

  it('puts the admin into the oldest organisation when the operator made one already', async () => {
    drop = await freshInstall();
    const org = await createOrganisation(getDb(), { name: 'Operator-made' });
    await createOrganisation(getDb(), { name: 'Second' });
    const outcome = await bootstrapAdmin(getDb(), settings);
    expect(outcome).toMatchObject({ status: 'created', orgId: org.id });
  });

  it('does nothing when not configured, and refuses half or bad settings with a message naming them', async () => {
    drop = await freshInstall();
    expect(await bootstrapAdmin(getDb(), {})).toEqual({ status: 'not_configured' });
    await expect(bootstrapAdmin(getDb(), { bootstrapAdminEmail: 'a@b.example' })).rejects.toThrow(
      'SERVICE_BOOTSTRAP_ADMIN_EMAIL and SERVICE_BOOTSTRAP_ADMIN_PASSWORD must be set together',
    );
    await expect(bootstrapAdmin(getDb(), { bootstrapAdminEmail: 'a@b.example', bootstrapAdminPassword: 'short' })).rejects.toThrow(
      'invalid setting: SERVICE_BOOTSTRAP_ADMIN_PASSWORD must be 12 to 72 characters',
    );
    await expect(bootstrapAdmin(getDb(), { bootstrapAdminEmail: 'nope', bootstrapAdminPassword: 'long enough password' })).rejects.toThrow(
      'invalid setting: SERVICE_BOOTSTRAP_ADMIN_EMAIL must be an email address of at most 254 characters',
    );
    expect(await getDb().select().from(people)).toHaveLength(0);
  });

  it('refuses an email that belongs to a deactivated account', async () => {
    drop = await freshInstall();
    const org = await createOrganisation(getDb(), { name: 'Earlier' });
    const p = await createPerson(getDb(), systemActor(org.id), { email: 'ROOT@bank.example', name: 'Old', role: 'analyst' });
    await deactivatePerson(getDb(), systemActor(org.id), p.person.id);
    await expect(bootstrapAdmin(getDb(), settings)).rejects.toThrow('belongs to a deactivated account');
  });

  it('lets only one of several instances starting at once create the admin', async () => {
    drop = await freshInstall();
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => bootstrapAdmin(getDb(), settings)));
    expect(outcomes.filter((o) => o.status === 'created')).toHaveLength(1);
    expect(await getDb().select().from(people)).toHaveLength(1);
  });
});
