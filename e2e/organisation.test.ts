import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { runCli } from '../tests/support/processes';
import { openBrowser, screenshot, type Browser } from './support/browser';
import { seriousViolations } from './support/screens';
import { signInThroughForm } from './support/session';
import { startTestService, type RunningService } from './support/server';

const ORG = 'Lakeside Mutual';
const ADMIN = { email: 'olga@lakeside.example', password: 'olga admin passphrase e2e' };
const ANALYST = { email: 'arno@lakeside.example', password: 'arno analyst passphrase e2e' };

let service: RunningService;
let browser: Browser;
let page: Page;
const url = (path: string) => `${service.baseUrl}${path}`;

async function cli(args: string[]): Promise<Record<string, unknown>> {
  const r = await runCli(args, { SERVICE_DATABASE_URL: service.databaseUrl });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

const signIn = (who: { email: string; password: string }) => signInThroughForm(page, service.baseUrl, who);

describe('the organisation screen in a browser', () => {
  beforeAll(async () => {
    service = await startTestService();
    // Made by the command line: the organisation has no filing details yet.
    await cli(['orgs', 'create', '-name', ORG]);
    await cli(['people', 'create', '-org', ORG, '-email', ADMIN.email, '-name', 'Olga Admin', '-role', 'admin', '-password', ADMIN.password]);
    await cli(['people', 'create', '-org', ORG, '-email', ANALYST.email, '-name', 'Arno Analyst', '-role', 'analyst', '-password', ANALYST.password]);
    browser = await openBrowser();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('shows an admin what filings still need, refuses a bad value beside its field, and saves the details', async () => {
    await signIn(ADMIN);
    await page.getByRole('link', { name: 'Organisation' }).click();
    await page.waitForURL(url('/settings/organisation'));
    expect(await page.getByTestId('org-name').textContent()).toBe(ORG);
    expect(await page.getByTestId('missing-details').textContent()).toContain(
      'Missing: the institution name, the licence number and the regulator. Regulatory filings need all three',
    );
    for (const field of ['institution', 'licence', 'regulator']) expect(await page.getByTestId(`org-${field}`).textContent()).toBe('Not set');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'organisation-01-missing');

    await page.getByLabel('Institution name').fill('Lakeside Mutual Savings');
    await page.getByLabel('Regulator').fill('r'.repeat(201));
    await page.getByTestId('save-filing-details').click();
    await page.getByTestId('field-error').waitFor();
    expect(await page.locator('#field-regulator-error').textContent()).toBe('The regulator must be 1 to 200 characters');
    expect(await page.getByLabel('Institution name').inputValue()).toBe('Lakeside Mutual Savings');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'organisation-02-refused');

    await page.getByLabel('Regulator').fill('Financial Supervisory Authority');
    await page.getByTestId('save-filing-details').click();
    await page.getByTestId('saved').waitFor();
    expect(await page.getByTestId('org-institution').textContent()).toBe('Lakeside Mutual Savings');
    expect(await page.getByTestId('org-regulator').textContent()).toBe('Financial Supervisory Authority');
    expect(await page.getByTestId('missing-details').textContent()).toContain('Missing: the licence number.');

    await page.getByLabel('Licence or registration number').fill('FSA-2026-0042');
    await page.getByTestId('save-filing-details').click();
    await page.getByTestId('org-licence').getByText('FSA-2026-0042').waitFor();
    expect(await page.getByTestId('missing-details').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'organisation-03-complete');
    await page.getByTestId('sign-out').click();
    await page.waitForURL(/\/sign-in/);
  });

  it('shows an analyst the details read-only', async () => {
    await signIn(ANALYST);
    await page.goto(url('/settings/organisation'));
    expect(await page.getByTestId('org-licence').textContent()).toBe('FSA-2026-0042');
    expect(await page.getByTestId('admin-only').textContent()).toBe('Only an admin can change these.');
    expect(await page.getByRole('form', { name: 'Filing details' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'organisation-04-analyst');
  });
});
