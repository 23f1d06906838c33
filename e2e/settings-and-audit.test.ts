import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../tests/support/processes';
import { seedAlertsInstall, type AlertsInstall, type SeededPerson } from './support/alerts-seed';
import { openBrowser, screenshot, type Browser } from './support/browser';
import { fitsWidth, keepForDocs, seriousViolations } from './support/screens';
import { signInThroughForm, signOutThroughNav } from './support/session';
import { startTestService, type RunningService } from './support/server';

let service: RunningService;
let browser: Browser;
let page: Page;
let install: AlertsInstall;
let admin: SeededPerson;
const url = (p: string) => `${service.baseUrl}${p}`;

async function expectSound(): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
  expect(await fitsWidth(page)).toBe(true);
}

const listFile = (code: string, version: string, entries: unknown[]) => Buffer.from(JSON.stringify({ code, name: 'Harbour watch list', version, entries }));

describe('settings and the audit log in a browser', () => {
  beforeAll(async () => {
    service = await startTestService();
    install = await seedAlertsInstall(service);
    const password = 'admin passphrase for the e2e run';
    const made = await runCli(['people', 'create', '-org', 'Harbour Bank', '-email', 'ada@harbour.example', '-name', 'Ada Admin', '-role', 'admin', '-password', password], { SERVICE_DATABASE_URL: service.databaseUrl });
    expect(made.code, made.stderr).toBe(0);
    admin = { id: (JSON.parse(made.stdout) as { id: string }).id, email: 'ada@harbour.example', name: 'Ada Admin', password };
    // A licence ending in ten days with this month's volume nearly used: what the banner and the page warn of.
    const client = new pg.Client({ connectionString: service.databaseUrl });
    await client.connect();
    const validUntil = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await client.query(
      `INSERT INTO installation (id, licence) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET licence = excluded.licence`,
      [{ customer: 'Harbour Bank plc', tier: 'standard', transactions_per_month: 1_000_000, modules: ['monitoring', 'screening', 'reporting'], valid_until: validUntil, key_id: 'licence-key-1' }],
    );
    await client.end();
    browser = await openBrowser();
    page = browser.page;
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('lets an admin load a list file from the browser; a bad file names its problem and changes nothing', async () => {
    await signInThroughForm(page, service.baseUrl, admin);
    await expect.poll(() => page.getByTestId('licence-banner').textContent()).toMatch(/The licence ends on \d{4}-\d{2}-\d{2}, in (9|10) days/);
    await page.goto(url('/settings/lists'));
    await page.getByLabel('List file').setInputFiles({
      name: 'harbour-watch.json',
      mimeType: 'application/json',
      buffer: listFile('HARBOUR', '2026-11', [
        { ref: 'H-1', kind: 'person', name: 'Ivo Kovac', category: 'sanctions', birth_year: 1971 },
        { ref: 'H-2', kind: 'business', name: 'Nordwind Shipping Ltd', category: 'sanctions' },
      ]),
    });
    await page.getByTestId('load-list').click();
    await expect.poll(() => page.getByTestId('list-upload-result').textContent()).toBe('Loaded HARBOUR version 2026-11: 2 entries.');
    await expect.poll(() => page.getByTestId('list-row').filter({ hasText: 'HARBOUR' }).count()).toBe(1);

    await page.getByLabel('List file').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: listFile('HARBOUR', '2026-12', [{ ref: 'H-9', kind: 'ship', name: 'X', category: 'sanctions' }]) });
    await page.getByTestId('load-list').click();
    await expect.poll(() => page.getByTestId('list-upload-error').textContent()).toMatch(/^Entries\[0\]\.kind .*\(ref "H-9"\)\. Nothing was changed\.$/);
    await page.reload();
    await expect(page.getByTestId('list-row').filter({ hasText: 'HARBOUR' }).textContent()).resolves.toContain('2026-11');
    await expectSound();
    keepForDocs(await screenshot(page, 'settings-lists'), 'settings-lists.png');

    // The screening page answers from the list just loaded.
    await page.goto(url('/screenings/new'));
    await page.getByLabel('Name', { exact: true }).fill('Ivo Kovač');
    await page.getByLabel('Birth year').fill('1971');
    await page.getByTestId('screen-name').click();
    await page.waitForURL(/\/screenings\/[0-9a-f-]{36}$/);
    const card = page.getByTestId('match-card').first();
    await expect(card.textContent()).resolves.toContain('Ivo Kovac');
    await expect(card.textContent()).resolves.toContain('HARBOUR');
  });

  it("shows the admin the licence and this month's usage", async () => {
    await page.goto(url('/settings/licence'));
    await expect(page.getByTestId('licence-facts').textContent()).resolves.toContain('Harbour Bank plc');
    await expect(page.getByTestId('licence-banner').textContent()).resolves.toMatch(/The licence ends on/);
    await expect(page.getByTestId('licence-events').textContent()).resolves.toBe('0');
    await expectSound();
    keepForDocs(await screenshot(page, 'settings-licence'), 'settings-licence.png');
    await signOutThroughNav(page);
  });

  it('lets a reviewer filter the audit log, read changes as before and after, and export the filtered entries', async () => {
    await signInThroughForm(page, service.baseUrl, install.reviewer);
    await page.goto(url('/audit'));
    await expect.poll(() => page.getByTestId('audit-row').count()).toBeGreaterThan(0);
    // The list load by the admin, found by its action, then by its target from the entry's own link.
    await page.getByLabel('Action (e.g. alert.closed)').fill('screening.list_loaded');
    await page.getByTestId('apply-filters').click();
    await page.waitForURL(/action=screening.list_loaded/);
    expect(await page.getByTestId('audit-row').count()).toBe(1);
    const row = page.getByTestId('audit-row').first();
    await expect(row.textContent()).resolves.toContain('Ada Admin');
    await expect(row.getByTestId('audit-changes').textContent()).resolves.toContain('harbour-watch.json');
    await expectSound();
    keepForDocs(await screenshot(page, 'audit-log'), 'audit-log.png');

    const href = await page.getByTestId('audit-export').getAttribute('href');
    expect(href).toBe('/audit/export?action=screening.list_loaded');
    const csv = await page.request.get(url(href as string));
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('at,actor,actor_kind,action,target_type,target_id,request_id,changes');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${admin.id},person,screening.list_loaded,screening_list,HARBOUR`);
    await signOutThroughNav(page);
  });

  it('tells an analyst that the audit log and list loading are for others', async () => {
    await signInThroughForm(page, service.baseUrl, install.analyst);
    await page.goto(url('/audit'));
    await expect(page.getByText('The audit log is for reviewers and admins.').count()).resolves.toBe(1);
    expect(await page.getByTestId('audit-export').count()).toBe(0);
    await page.goto(url('/settings/lists'));
    await expect(page.getByTestId('list-upload-disabled').textContent()).resolves.toBe('Only an admin can load a list.');
    expect(await page.getByTestId('licence-banner').count()).toBe(0);
    await expectSound();
  });

  it('ran every screen above under the Content Security Policy without a single violation', () => {
    expect(browser.policyViolations).toEqual([]);
  });
});
