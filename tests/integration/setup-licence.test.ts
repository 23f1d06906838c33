import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as setup from '@/app/v1/setup/route';
import * as setupLicence from '@/app/v1/setup/licence/route';
import { getDb } from '@/db/client';
import { auditLog, installation } from '@/db/schema';
import { generateLicenceKeyPair, signLicence } from '@/lib/setup/licence-tools';
import type { Licence } from '@/lib/setup/licence';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/client-address';
import { call } from '../support/api';
import { freshInstall } from '../support/fresh-install';

const vendor = generateLicenceKeyPair();
const otherVendor = generateLicenceKeyPair();

const licence = (over: Partial<Licence> = {}): Licence => ({
  customer: 'Northwind Savings Bank',
  tier: 'enterprise',
  transactions_per_month: 5_000_000,
  modules: ['monitoring', 'screening', 'reporting'],
  valid_until: '2099-12-31',
  key_id: 'vendor-key-2026',
  ...over,
});

let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await drop?.();
  drop = undefined;
});

let seq = 0;
const postLicence = (body: unknown) =>
  call(setupLicence.POST, { method: 'POST', path: '/v1/setup/licence', body, headers: { [CLIENT_ADDRESS_HEADER]: `198.18.0.${++seq}` } });
const postSetup = (body: unknown) => call(setup.POST, { method: 'POST', path: '/v1/setup', body, headers: { [CLIENT_ADDRESS_HEADER]: `198.18.1.${++seq}` } });
const setupBody = {
  institution: 'Northwind Savings Bank',
  licence: 'FCA-123456',
  regulator: 'FIU',
  admin_name: 'Ada Admin',
  admin_email: 'ada@northwind.example',
  admin_password: 'correct horse battery staple',
};

describe('setup with a licence key (SERVICE_LICENCE_PUBLIC_KEY)', () => {
  it('requires a checked licence before setup, keeps a passing licence, shows it while open and hides it after', async () => {
    drop = await freshInstall({ SERVICE_LICENCE_PUBLIC_KEY: vendor.publicKey });
    expect((await call(setup.GET, {})).json).toEqual({ complete: false, licence_required: true, licence: null });

    const early = await postSetup(setupBody);
    expect(early.status).toBe(409);
    expect(early.json).toEqual({ error: 'a licence is required: check the licence first' });

    const file = signLicence(vendor.privateKey, licence());
    const checked = await postLicence(file);
    expect(checked.status).toBe(200);
    expect(checked.json).toEqual(licence());

    expect((await call(setup.GET, {})).json).toEqual({ complete: false, licence_required: true, licence: licence() });

    const done = await postSetup(setupBody);
    expect(done.status).toBe(201);
    expect((await call(setup.GET, {})).json).toEqual({ complete: true, licence_required: true, licence: null });
    const [entry] = await getDb().select().from(auditLog).where(eq(auditLog.action, 'setup.completed'));
    expect(entry?.changes).toMatchObject({ licence_file: { customer: 'Northwind Savings Bank', key_id: 'vendor-key-2026', valid_until: '2099-12-31' } });

    const late = await postLicence(file);
    expect(late.status).toBe(409);
  });

  it('says why a licence does not pass: not a licence file, signature mismatch, expired', async () => {
    drop = await freshInstall({ SERVICE_LICENCE_PUBLIC_KEY: vendor.publicKey });
    const good = signLicence(vendor.privateKey, licence());
    const tamperedPayload = Buffer.from(
      Buffer.from(good.payload, 'base64').toString('utf8').replace('5000000', '9000000'),
      'utf8',
    ).toString('base64');
    const cases: [unknown, string][] = [
      [{}, 'this is not a licence file: payload is not base64'],
      [{ payload: 'not base64!', signature: good.signature }, 'this is not a licence file: payload is not base64'],
      [{ payload: good.payload, signature: 42 }, 'this is not a licence file: signature is not base64'],
      [{ payload: Buffer.from('hello').toString('base64'), signature: good.signature }, 'this is not a licence file: payload is not valid JSON'],
      [{ payload: Buffer.from('{"customer":"x"}').toString('base64'), signature: good.signature }, 'this is not a licence file: field tier is missing or invalid'],
      [[1, 2], 'this is not a licence file: payload is not base64'],
      [{ payload: tamperedPayload, signature: good.signature }, "the licence signature does not match this installation's licence key"],
      [signLicence(otherVendor.privateKey, licence()), "the licence signature does not match this installation's licence key"],
      [signLicence(vendor.privateKey, licence({ valid_until: '2020-01-31' })), 'the licence expired on 2020-01-31'],
    ];
    for (const [body, message] of cases) {
      const r = await postLicence(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json).toEqual({ error: message });
    }
    // Nothing was kept.
    expect((await call(setup.GET, {})).json.licence).toBeNull();
    const [row] = await getDb().select().from(installation);
    expect(row?.licence ?? null).toBeNull();
  });

  it('replaces the kept licence with a newer passing one, and a failed check keeps the earlier one', async () => {
    drop = await freshInstall({ SERVICE_LICENCE_PUBLIC_KEY: vendor.publicKey });
    expect((await postLicence(signLicence(vendor.privateKey, licence({ tier: 'standard' })))).status).toBe(200);
    expect((await postLicence(signLicence(vendor.privateKey, licence({ tier: 'enterprise' })))).status).toBe(200);
    expect((await postLicence(signLicence(otherVendor.privateKey, licence({ tier: 'forged' })))).status).toBe(400);
    expect((await call(setup.GET, {})).json.licence.tier).toBe('enterprise');
  });

  it('accepts the public key as base64 of the raw key too', async () => {
    const raw = Buffer.from(
      (await import('node:crypto')).createPublicKey(vendor.publicKey).export({ format: 'der', type: 'spki' }),
    ).subarray(12);
    drop = await freshInstall({ SERVICE_LICENCE_PUBLIC_KEY: raw.toString('base64') });
    expect((await postLicence(signLicence(vendor.privateKey, licence()))).status).toBe(200);
  });
});
