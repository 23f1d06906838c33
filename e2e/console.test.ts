import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generateLicenceKeyPair, signLicence } from '@/lib/setup/licence-tools';
import { openBrowser, screenshot, type Browser } from './support/browser';
import { startTestService, type RunningService } from './support/server';

const vendor = generateLicenceKeyPair();
const forger = generateLicenceKeyPair();
const licence = {
  customer: 'Northwind Savings Bank',
  tier: 'enterprise',
  transactions_per_month: 5_000_000,
  modules: ['monitoring', 'screening', 'reporting'],
  valid_until: '2099-12-31',
  key_id: 'vendor-key-2026',
};

const ADMIN = { name: 'Ada Admin', email: 'ada@northwind.example', setupPassword: 'setup password 2026', password: 'ada chooses her own passphrase' };
const ANALYST = { name: 'Nina Analyst', email: 'nina@northwind.example', password: 'nina picks a long one too' };

let service: RunningService;
let browser: Browser;
let page: Page;
const url = (path: string) => `${service.baseUrl}${path}`;

/** Waits for a visible element and gives its text. */
async function textOf(selector: ReturnType<Page['getByTestId']>): Promise<string> {
  await selector.first().waitFor({ state: 'visible' });
  return (await selector.first().textContent()) ?? '';
}

async function signIn(email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByTestId('sign-in').click();
}

async function changePassword(current: string, next: string): Promise<void> {
  await page.getByLabel('Current password').fill(current);
  await page.getByLabel('New password', { exact: true }).fill(next);
  await page.getByLabel('New password again').fill(next);
  await page.getByTestId('change-password').click();
}

describe('the console in a browser', () => {
  beforeAll(async () => {
    service = await startTestService({ SERVICE_LICENCE_PUBLIC_KEY: vendor.publicKey });
    browser = await openBrowser();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('runs the setup wizard with a licence, with inline errors for a forged licence and a short password', async () => {
    await page.goto(url('/'));
    await page.waitForURL(url('/setup'));
    await screenshot(page, '01-setup-licence-step');

    await page.getByLabel('Licence file').fill(JSON.stringify(signLicence(forger.privateKey, licence)));
    await page.getByTestId('check-licence').click();
    expect(await textOf(page.getByTestId('field-error'))).toContain("The licence signature does not match this installation's licence key");
    await screenshot(page, '02-setup-licence-refused');

    await page.getByLabel('Licence file').fill(JSON.stringify(signLicence(vendor.privateKey, licence)));
    await page.getByTestId('check-licence').click();
    expect(await textOf(page.getByTestId('licence-summary'))).toContain('Northwind Savings Bank · enterprise tier · valid until 2099-12-31');

    await page.getByLabel('Institution name').fill('Northwind Savings Bank');
    await page.getByLabel('Licence or registration number').fill('FCA-123456');
    await page.getByLabel('Regulator').fill('Financial Intelligence Unit');
    await page.getByLabel('Full name').fill(ADMIN.name);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('too short');
    await page.getByLabel('Password again').fill('too short');
    await page.getByTestId('complete-setup').click();
    expect(await textOf(page.getByTestId('field-error'))).toBe('The password must be 12 to 72 characters');
    // What was typed stays (except the passwords).
    expect(await page.getByLabel('Institution name').inputValue()).toBe('Northwind Savings Bank');
    await screenshot(page, '03-setup-short-password');

    await page.getByLabel('Password', { exact: true }).fill(ADMIN.setupPassword);
    await page.getByLabel('Password again').fill(ADMIN.setupPassword);
    await page.getByTestId('complete-setup').click();
    await page.waitForURL(url('/sign-in?setup=done'));
    await screenshot(page, '04-sign-in-after-setup');

    const state = await (await fetch(url('/v1/setup'))).json();
    expect(state).toEqual({ complete: true, licence_required: true, licence: null });
    // The wizard is closed now.
    await page.goto(url('/setup'));
    await page.waitForURL(url('/sign-in'));
  });

  it('refuses a wrong password, then forces the admin to replace the setup password', async () => {
    await signIn(ADMIN.email, 'not my password at all');
    expect(await textOf(page.getByTestId('form-error'))).toBe('Wrong email or password');
    await screenshot(page, '05-sign-in-wrong-password');

    await signIn(ADMIN.email, ADMIN.setupPassword);
    await page.waitForURL(url('/change-password'));
    // Every console page sends a person with a one-time password back here.
    await page.goto(url('/settings/people'));
    await page.waitForURL(url('/change-password'));
    await screenshot(page, '06-forced-password-change');

    await changePassword(ADMIN.setupPassword, 'short');
    expect(await textOf(page.getByTestId('field-error'))).toBe('The new password must be 12 to 72 characters');
    await changePassword(ADMIN.setupPassword, ADMIN.password);
    await page.waitForURL(url('/'));
    expect(await textOf(page.getByTestId('signed-in-as'))).toContain(ADMIN.name);
    await screenshot(page, '07-console-overview');
  });

  let analystPassword = '';

  it('lets the admin add an analyst, with a one-time password shown once', async () => {
    await page.getByRole('link', { name: 'People' }).click();
    await page.waitForURL(url('/settings/people'));
    await page.getByLabel('Full name').fill(ANALYST.name);
    await page.getByLabel('Email').fill('not an email');
    await page.getByTestId('add-person').click();
    expect(await textOf(page.getByTestId('field-error'))).toBe('Email must be an email address of at most 254 characters');

    await page.getByLabel('Email').fill(ANALYST.email);
    await page.getByLabel('Role').first().selectOption('analyst');
    await page.getByTestId('add-person').click();
    analystPassword = (await textOf(page.getByTestId('revealed-secret'))).trim();
    expect(analystPassword).toMatch(/^[2-9A-HJ-NP-Za-km-z]{16}$/);
    const row = page.locator(`[data-testid="person-row"][data-email="${ANALYST.email}"]`);
    expect(await textOf(row.getByTestId('person-status'))).toBe('active · must choose a password');
    await screenshot(page, '08-people-added');

    await page.reload();
    expect(await page.getByTestId('revealed-secret').count()).toBe(0);
    expect(await page.content()).not.toContain(analystPassword);
  });

  it('creates an API key (secret shown once) that works against /v1/keys, and revokes it', async () => {
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.waitForURL(url('/settings/api-keys'));
    await page.getByTestId('create-key').click();
    expect(await textOf(page.getByTestId('field-error'))).toBe('Name must be 1 to 64 characters');

    await page.getByLabel('Name').fill('payments gateway');
    await page.getByTestId('create-key').click();
    const secret = (await textOf(page.getByTestId('revealed-secret'))).trim();
    expect(secret).toMatch(/^sk_[0-9A-Za-z]{40}$/);
    await screenshot(page, '09-api-key-created');

    const listed = await fetch(url('/v1/keys'), { headers: { authorization: `Bearer ${secret}` } });
    expect(listed.status).toBe(200);
    const body = (await listed.json()) as { keys: { name: string; created_by: string; owner: { kind: string; id: string } }[] };
    expect(body.keys.map((k) => k.name)).toEqual(['payments gateway']);
    // A key made in the console belongs to the person who made it (four-eyes compares owners).
    expect(body.keys[0]?.owner).toEqual({ kind: 'person', id: body.keys[0]?.created_by });

    await page.reload();
    expect(await page.content()).not.toContain(secret);

    // The last active key cannot go (the interface's rule), so make a second one first.
    const first = page.locator('[data-testid="key-row"][data-name="payments gateway"]');
    expect(await textOf(first.getByTestId('key-owner'))).toBe(`${ADMIN.name} (${ADMIN.email})`);
    await first.getByTestId('revoke-key').click();
    expect(await textOf(first.getByTestId('field-error'))).toBe('This is the last active key; create another before revoking it');
    await page.getByLabel('Name').fill('batch loader');
    await page.getByTestId('create-key').click();
    await page.getByTestId('revealed-secret').waitFor();
    await first.getByTestId('revoke-key').click();
    await first.getByTestId('revoke-key').waitFor({ state: 'detached' });
    expect(await textOf(first.getByTestId('key-status'))).toMatch(/^revoked /);
    await screenshot(page, '10-api-key-revoked');

    // Key lookups are cached for 5 seconds (lib/keys/authenticate-key.ts); the console's revocation runs in
    // Next's server-action bundle, whose copy of that cache is not the route handlers' one, so allow for it.
    let status = 0;
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) {
      status = (await fetch(url('/v1/keys'), { headers: { authorization: `Bearer ${secret}` } })).status;
      if (status === 401) break;
    }
    expect(status).toBe(401);
  });

  it('signs out, after which a console page sends the browser to sign-in', async () => {
    await page.getByTestId('sign-out').click();
    await page.waitForURL(url('/sign-in?signed_out=1'));
    await page.goto(url('/settings/people'));
    await page.waitForURL(url('/sign-in'));
    await screenshot(page, '11-signed-out');
  });

  it('lets the new analyst sign in with the one-time password, choose a password, and keeps admin pages from them', async () => {
    await signIn(ANALYST.email, analystPassword);
    await page.waitForURL(url('/change-password'));
    await changePassword(analystPassword, ANALYST.password);
    await page.waitForURL(url('/'));
    expect(await textOf(page.getByTestId('signed-in-as'))).toContain('analyst');
    await page.goto(url('/settings/people'));
    expect(await textOf(page.getByText('Only an admin can manage people'))).toContain('Only an admin');
    await page.goto(url('/settings/api-keys'));
    expect(await page.getByTestId('create-key').count()).toBe(0);
    expect(await page.getByTestId('revoke-key').count()).toBe(0);
    await screenshot(page, '12-analyst-api-keys');
    await page.getByTestId('sign-out').click();
    await page.waitForURL(url('/sign-in?signed_out=1'));
  });

  it('ran every screen above under the Content Security Policy without a single violation', () => {
    expect(browser.policyViolations).toEqual([]);
  });
});
