import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as setup from '@/app/v1/setup/route';
import * as setupLicence from '@/app/v1/setup/licence/route';
import { getDb } from '@/db/client';
import { apiKeys, auditLog, organisations, people } from '@/db/schema';
import { systemActor } from '@/lib/auth/actor';
import { verifyPassword } from '@/lib/auth/passwords';
import { createPerson } from '@/lib/people/create-person';
import { deactivatePerson } from '@/lib/people/deactivate-person';
import { createOrganisation } from '@/lib/orgs/create-organisation';
import { createKey } from '@/lib/keys/create-key';
import { formStateOf } from '@/lib/forms/form-state';
import { completeSetup } from '@/lib/setup/complete-setup';
import { SETUP_CLOSED_BY_ORGANISATION_MESSAGE } from '@/lib/setup/installation';
import { SETUP_FIELD_WORDS } from '@/lib/setup/schemas';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/client-address';
import { call } from '../support/api';
import { refusal } from '../support/refusal';
import { freshInstall } from '../support/fresh-install';
import { signInOverHttp } from '../support/people';

let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await drop?.();
  drop = undefined;
});

// Every test speaks from its own address, so the per-address attempt limit never joins two tests.
let addressSeq = 0;
const newAddress = () => `198.51.100.${++addressSeq}`;

const validBody = (over: Record<string, unknown> = {}) => ({
  institution: 'Northwind Savings Bank',
  licence: 'FCA-123456',
  regulator: 'Financial Intelligence Unit',
  admin_name: 'Ada Admin',
  admin_email: `ada-${randomUUID().slice(0, 6)}@northwind.example`,
  admin_password: 'correct horse battery staple',
  ...over,
});

const getState = () => call(setup.GET, { path: '/v1/setup' });
const postSetup = (body: unknown, address = newAddress()) =>
  call(setup.POST, { method: 'POST', path: '/v1/setup', body, headers: { [CLIENT_ADDRESS_HEADER]: address } });

describe('setup without a licence key', () => {
  it('starts open, with no licence required', async () => {
    drop = await freshInstall({ SERVICE_LICENCE_PUBLIC_KEY: undefined });
    const r = await getState();
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ complete: false, licence_required: false, licence: null });
  });

  it('answers 400 with a message for each missing, too long or malformed field, and creates nothing', async () => {
    drop = await freshInstall({ SERVICE_LICENCE_PUBLIC_KEY: undefined });
    const address = '192.0.2.77';
    const cases: [Record<string, unknown>, string][] = [];
    for (const field of ['institution', 'licence', 'regulator', 'admin_name']) {
      const message = `${field} must be 1 to 200 characters`;
      cases.push([validBody({ [field]: undefined }), message]);
      cases.push([validBody({ [field]: '' }), message]);
      cases.push([validBody({ [field]: '   ' }), message]);
      cases.push([validBody({ [field]: 'x'.repeat(201) }), message]);
      cases.push([validBody({ [field]: 42 }), message]);
    }
    const emailMessage = 'admin_email must be an email address of at most 254 characters';
    cases.push([validBody({ admin_email: undefined }), emailMessage]);
    cases.push([validBody({ admin_email: 'not an email' }), emailMessage]);
    cases.push([validBody({ admin_email: 'ada@' }), emailMessage]);
    cases.push([validBody({ admin_email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.example` }), emailMessage]);
    const passwordMessage = 'admin_password must be 12 to 72 characters';
    cases.push([validBody({ admin_password: undefined }), passwordMessage]);
    cases.push([validBody({ admin_password: 'x'.repeat(11) }), passwordMessage]);
    cases.push([validBody({ admin_password: 'x'.repeat(73) }), passwordMessage]);
    cases.push([validBody({ admin_password: 123456789012 }), passwordMessage]);

    // More than the per-address limit of 20 in a minute: spread them over addresses.
    for (const [i, [body, message]] of cases.entries()) {
      const r = await postSetup(body, `${address}-${i}`);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json).toEqual({ error: message });
    }
    const notJson = await call(setup.POST, { method: 'POST', path: '/v1/setup', rawBody: '{"institution":', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect(notJson.headers.get('content-type')).toContain('text/plain');

    expect((await getState()).json.complete).toBe(false);
    expect(await getDb().select().from(people)).toHaveLength(0);
  });

  it('names the refused field, in the wizard\'s words when it asks, so the form shows the message beside it', async () => {
    drop = await freshInstall({ SERVICE_LICENCE_PUBLIC_KEY: undefined });
    const short = await completeSetup(getDb(), validBody({ admin_password: 'too short' }), { fieldNames: SETUP_FIELD_WORDS }).catch((e: unknown) => e);
    expect(refusal(short)).toMatchObject({ status: 400, message: 'the password must be 12 to 72 characters', field: 'admin_password' });
    expect(formStateOf(short)).toEqual({ fieldErrors: { admin_password: 'the password must be 12 to 72 characters' } });
    const email = await completeSetup(getDb(), validBody({ admin_email: 'not an email' })).catch((e: unknown) => e);
    expect(refusal(email)).toMatchObject({ status: 400, message: 'admin_email must be an email address of at most 254 characters', field: 'admin_email' });
    expect((await getState()).json.complete).toBe(false);
  });

  it('creates the organisation and its admin in one step, answers 201 with the email, then closes (409)', async () => {
    drop = await freshInstall({ SERVICE_LICENCE_PUBLIC_KEY: undefined });
    // Boundaries that pass: 200-character fields and a 72-character password.
    const body = validBody({ institution: 'I'.repeat(200), admin_password: 'p'.repeat(72), admin_email: 'Ada.Admin@Northwind.example' });
    const r = await postSetup(body);
    expect(r.status).toBe(201);
    expect(r.json).toEqual({ email: 'Ada.Admin@Northwind.example', admin_email: 'Ada.Admin@Northwind.example' });

    expect((await getState()).json).toEqual({ complete: true, licence_required: false, licence: null });
    const [org] = await getDb().select().from(organisations).where(eq(organisations.name, 'I'.repeat(200)));
    expect(org).toMatchObject({ institution: 'I'.repeat(200), licence: 'FCA-123456', regulator: 'Financial Intelligence Unit' });
    const [admin] = await getDb().select().from(people);
    expect(admin).toMatchObject({ orgId: org?.id, email: 'Ada.Admin@Northwind.example', name: 'Ada Admin', role: 'admin', mustChangePassword: true, active: true });
    expect(await verifyPassword(admin?.passwordHash ?? '', 'p'.repeat(72))).toBe(true);
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);

    const entries = await getDb().select().from(auditLog).where(eq(auditLog.orgId, org?.id ?? ''));
    expect(entries.map((e) => e.action).sort()).toEqual(['organisation.created', 'person.created', 'setup.completed']);
    expect(entries.every((e) => e.actorKind === 'system' && e.actor === 'setup')).toBe(true);

    const again = await postSetup(validBody());
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ error: 'setup is complete: someone can already sign in' });
    const licence = await call(setupLicence.POST, { method: 'POST', path: '/v1/setup/licence', body: { payload: 'x', signature: 'y' }, headers: { [CLIENT_ADDRESS_HEADER]: newAddress() } });
    expect(licence.status).toBe(409);
    expect(licence.json).toEqual({ error: 'setup is complete: someone can already sign in' });
    expect(await getDb().select().from(people)).toHaveLength(1);

    // The admin can sign in with the setup password, and must then change it.
    const signedIn = await signInOverHttp('ada.admin@northwind.example', 'p'.repeat(72));
    expect(signedIn.ok).toBe(true);
  });

  it('lets only one of several concurrent setups succeed', async () => {
    drop = await freshInstall({ SERVICE_LICENCE_PUBLIC_KEY: undefined });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => postSetup(validBody({ institution: `Bank ${i}` }))));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await getDb().select().from(people)).toHaveLength(1);
    const orgs = await getDb().select().from(organisations);
    expect(orgs).toHaveLength(1);
  });

  it('stays closed on an install whose only account is deactivated: it has an organisation', async () => {
    drop = await freshInstall({ SERVICE_LICENCE_PUBLIC_KEY: undefined });
    const org = await createOrganisation(getDb(), { name: 'Earlier' });
    const first = await createPerson(getDb(), systemActor(org.id), { email: 'taken@bank.example', name: 'Old', role: 'analyst' });
    await deactivatePerson(getDb(), systemActor(org.id), first.person.id);
    expect((await getState()).json.complete).toBe(true);

    const r = await postSetup(validBody({ admin_email: 'TAKEN@bank.example', institution: 'New bank' }));
    expect(r.status).toBe(409);
    expect(r.json).toEqual({ error: SETUP_CLOSED_BY_ORGANISATION_MESSAGE });
    expect(await getDb().select().from(organisations).where(eq(organisations.name, 'New bank'))).toHaveLength(0);
  });

  it('closes as soon as someone can sign in, also when the command line made that person', async () => {
    drop = await freshInstall({ SERVICE_LICENCE_PUBLIC_KEY: undefined });
    const org = await createOrganisation(getDb(), { name: 'Made by CLI' });
    await createPerson(getDb(), systemActor(org.id), { email: 'cli@bank.example', name: 'Cli', role: 'admin' });
    expect((await getState()).json.complete).toBe(true);
    const r = await postSetup(validBody());
    expect(r.status).toBe(409);
  });

  it('is closed on an install an operator started with the command line: 409, and the organisation, its keys and people untouched', async () => {
    drop = await freshInstall({ SERVICE_LICENCE_PUBLIC_KEY: undefined });
    const org = await createOrganisation(getDb(), { name: 'Northwind Savings Bank' });
    const { key } = await createKey(getDb(), systemActor(org.id), { name: 'first' });
    const before = await getDb().select().from(organisations).where(eq(organisations.id, org.id));
    expect((await getState()).json).toMatchObject({ complete: true, licence: null });

    // Named like the operator's organisation, and named otherwise: neither joins it nor makes another.
    for (const institution of ['Northwind Savings Bank', 'Some other bank']) {
      const r = await postSetup(validBody({ institution, regulator: 'Attacker-chosen regulator' }));
      expect(r.status).toBe(409);
      expect(r.json).toEqual({ error: SETUP_CLOSED_BY_ORGANISATION_MESSAGE });
    }
    expect(await getDb().select().from(organisations)).toEqual(before);
    expect(await getDb().select().from(people)).toHaveLength(0);
    const [stillActive] = await getDb().select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(stillActive?.revokedAt).toBeNull();
    expect(await getDb().select().from(auditLog).where(eq(auditLog.action, 'setup.completed'))).toHaveLength(0);
  });

  it('answers POST /v1/setup/licence with 409 when the install needs no licence', async () => {
    drop = await freshInstall({ SERVICE_LICENCE_PUBLIC_KEY: undefined });
    const r = await call(setupLicence.POST, { method: 'POST', path: '/v1/setup/licence', body: {}, headers: { [CLIENT_ADDRESS_HEADER]: newAddress() } });
    expect(r.status).toBe(409);
    expect(r.json).toEqual({ error: 'this install needs no licence (SERVICE_LICENCE_PUBLIC_KEY is not set)' });
  });

  it('allows 20 attempts a minute per client address over both POST calls, then 429 with Retry-After', async () => {
    drop = await freshInstall({ SERVICE_LICENCE_PUBLIC_KEY: undefined });
    const address = '203.0.113.9';
    for (let i = 0; i < 20; i++) {
      const r =
        i % 2 === 0
          ? await postSetup({ institution: '' }, address)
          : await call(setupLicence.POST, { method: 'POST', path: '/v1/setup/licence', body: {}, headers: { [CLIENT_ADDRESS_HEADER]: address } });
      expect(r.status, `attempt ${i + 1}`).not.toBe(429);
    }
    const limited = await postSetup(validBody(), address);
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ error: 'too many setup attempts from this address; retry later' });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // X-Forwarded-For is the client's say and changes nothing; only the address the server stamped counts.
    const licence = await call(setupLicence.POST, { method: 'POST', path: '/v1/setup/licence', body: {}, headers: { [CLIENT_ADDRESS_HEADER]: address, 'x-forwarded-for': '198.51.100.250' } });
    expect(licence.status).toBe(429);
    // Nothing was created by the refused attempt; another address is not affected.
    expect((await getState()).json.complete).toBe(false);
    expect((await postSetup(validBody(), '203.0.113.10')).status).toBe(201);
    // GET is not limited.
    expect((await getState()).status).toBe(200);
  });
});

describe('audit of setup', () => {
  it('records the organisation details and the admin in setup.completed', async () => {
    drop = await freshInstall({ SERVICE_LICENCE_PUBLIC_KEY: undefined });
    expect((await postSetup(validBody())).status).toBe(201);
    const [entry] = await getDb().select().from(auditLog).where(and(eq(auditLog.action, 'setup.completed')));
    expect(entry?.changes).toMatchObject({ institution: 'Northwind Savings Bank', licence: 'FCA-123456', regulator: 'Financial Intelligence Unit', licence_file: null });
  });
});
