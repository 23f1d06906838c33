import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilingSimulator } from '../lib/filing/simulator/server';
import { postPayment, seedAlertsInstall, type AlertsInstall } from './support/alerts-seed';
import { openBrowser, screenshot, type Browser } from './support/browser';
import { fitsWidth, keepForDocs, seriousViolations } from './support/screens';
import { signInThroughForm, signOutThroughNav } from './support/session';
import { startServiceWithFiling, untilStatusAfterReloads } from './support/filing';
import type { RunningService } from './support/server';

/** A PNG as far as its first bytes go (signature and IHDR), which is how attachments are judged. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]), Buffer.alloc(64)]);

let sim: FilingSimulator;
let service: RunningService;
let browser: Browser;
let page: Page;
let install: AlertsInstall;
let outgoingAlert = '';
let incomingAlert = '';
let strPath = '';
const url = (p: string) => `${service.baseUrl}${p}`;

const signIn = (email: string, password: string) => signInThroughForm(page, service.baseUrl, { email, password });

/** axe-core in both colour schemes, and nothing to scroll sideways at 1280 pixels. */
async function expectSound(): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
  expect(await fitsWidth(page)).toBe(true);
}

/** POST /v1/entities with the key: registers the customer, or merges more attributes into its record. */
async function registerCustomer(id: string, attributes: Record<string, unknown>): Promise<void> {
  const r = await fetch(url('/v1/entities'), {
    method: 'POST',
    headers: { authorization: `Bearer ${install.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ id, kind: 'customer', attributes }),
  });
  expect(r.status, await r.clone().text()).toBe(200);
}

const checkPaths = () => page.getByTestId('str-check').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-severity')} ${e.getAttribute('data-path')}`));
const errorPaths = async () => (await checkPaths()).filter((c) => c.startsWith('error ')).map((c) => c.slice('error '.length));

describe('reports in a browser', () => {
  beforeAll(async () => {
    ({ sim, service } = await startServiceWithFiling());
    install = await seedAlertsInstall(service);
    // One customer's money in from a new payer, then out to a merchant: an alert on each payer.
    const incoming = await postPayment(service, install.key, { from: 'cust-301', to: 'cust-300', value: 8_000, hoursAgo: 5 });
    const outgoing = await postPayment(service, install.key, { from: 'cust-300', to: 'merchant-9', value: 9_500, hoursAgo: 3 });
    expect(incoming.alert_id).toEqual(expect.any(String));
    expect(outgoing.alert_id).toEqual(expect.any(String));
    expect(outgoing.alert_id).not.toBe(incoming.alert_id);
    [outgoingAlert, incomingAlert] = [outgoing.alert_id as string, incoming.alert_id as string];
    await registerCustomer('cust-300', { name: 'Maria Borg', first_name: 'Maria', last_name: 'Borg' });
    browser = await openBrowser();
    page = browser.page;
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    await sim?.close();
  });

  it('an analyst opens a case from two alerts, starts its STR, fixes what the checks show and sends it for review', async () => {
    await signIn(install.analyst.email, install.analyst.password);
    await page.goto(url(`/alerts/${outgoingAlert}`));
    await page.getByLabel('Case title').fill('Money in and straight out via cust-300');
    await page.getByTestId('open-case').click();
    await page.waitForURL(/\/cases\/[0-9a-f-]{36}$/);
    const casePath = new URL(page.url()).pathname;
    await page.goto(url(`/alerts/${incomingAlert}`));
    await page.getByLabel('Open case').selectOption({ label: 'CASE-1: Money in and straight out via cust-300' });
    await page.getByTestId('add-to-case').click();
    await expect.poll(() => page.getByTestId('alert-case-link').textContent()).toBe('CASE-1');

    await page.goto(url(casePath));
    expect(await page.getByTestId('case-alert-row').count()).toBe(2);
    await page.getByTestId('case-start-str').click();
    await page.waitForURL(/\/reports\/str\/[0-9a-f-]{36}$/);
    strPath = new URL(page.url()).pathname;
    expect(await page.getByTestId('str-title').textContent()).toBe('STR-1');
    expect(await page.getByTestId('str-status').textContent()).toBe('draft');
    expect(await page.getByTestId('str-case-link').textContent()).toBe('CASE-1');
    expect(await page.getByTestId('str-drafted-by').textContent()).toBe('Ana Analyst (you)');
    expect(await page.getByTestId('str-transaction-row').count()).toBe(2);

    // The checks panel: errors first, each linking to its field.
    const before = await errorPaths();
    for (const p of ['reason', 'indicators', 'subject.birth_date', 'subject.occupation']) expect(before).toContain(p);
    const severities = (await checkPaths()).map((c) => c.split(' ')[0]);
    expect(severities).toEqual([...severities].sort());
    expect(await page.getByTestId('str-send-review').isDisabled()).toBe(true);
    expect(await page.getByTestId('str-send-review-reason').textContent()).toMatch(/^The checks show \d+ errors; fix them first\.$/);
    expect(await page.getByTestId('str-file-reason').textContent()).toBe('Only a reviewer or an admin can file a report.');
    await expectSound();
    keepForDocs(await screenshot(page, 'reports-00-str-editor-checks'), 'str-editor.png');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'reports-00-str-editor-checks-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // A check's link puts the caret in its field.
    await page.locator('[data-testid="str-check"][data-path="reason"]').first().getByTestId('str-check-link').click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('str-reason');

    // The customer record gains what the report needs after the STR was started: fill from it.
    await registerCustomer('cust-300', {
      birth_date: '1980-04-02',
      nationality: 'MT',
      residence: 'MT',
      id_number: '123456M',
      phone: '+356 7900 0000',
      customer_id: 'C-300',
      address: { street: '1 Triq il-Kbira', city: 'Valletta', country: 'MT' },
    });
    await page.getByTestId('str-fill-kyc').click();
    await expect.poll(() => page.locator('#str-subject-birth_date').inputValue()).toBe('1980-04-02');
    expect(await page.locator('#str-subject-address-city').inputValue()).toBe('Valletta');
    expect(await errorPaths()).not.toContain('subject.birth_date');

    // What the record lacks is typed, with the reason (its count follows the typing) and an indicator.
    await page.locator('[data-testid="str-check"][data-path="subject.occupation"]').first().getByTestId('str-check-link').click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('str-subject-occupation');
    await page.keyboard.type('Clerk');
    const reason = 'Money from a new payer moved on to a merchant within two hours, twice the customer’s usual monthly turnover.';
    await page.getByLabel('Reason for suspicion').fill(reason);
    expect(await page.getByTestId('reason-count').textContent()).toBe(`${[...reason].length} / 4,000 characters`);
    await page.getByLabel('Action taken').fill('Account restricted pending review');
    await page.getByLabel('Search the codes').fill('-');
    await page.getByTestId('indicator-list').getByRole('checkbox').first().check();
    expect(await page.getByTestId('indicator-summary').textContent()).toMatch(/^1 chosen/);
    await page.getByTestId('str-save').click();
    await expect.poll(errorPaths).toEqual([]);

    // Attachments: a file judged by its content; a text file is refused with the service's words.
    await page.locator('#str-attachment-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expect.poll(() => page.getByTestId('str-attachments').getByTestId('field-error').textContent()).toBe('Notes.txt: the file must be a PDF, PNG or JPEG (judged by its content)');
    await page.locator('#str-attachment-file').setInputFiles({ name: 'Bank statement.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => page.getByTestId('str-attachment-row').count()).toBe(1);
    expect(await page.getByTestId('str-attachment-row').textContent()).toContain('Bank statement.png');
    expect(await page.getByTestId('str-attachment-row').getByRole('link').getAttribute('href')).toMatch(/\/attachments\/bank-statement\.png$/);
    expect(await page.getByTestId('str-checks-summary').textContent()).toMatch(/^0 errors, \d+ warnings?\.$/);
    expect(await page.locator('#str-subject-occupation').inputValue()).toBe('Clerk');
    await expectSound();
    keepForDocs(await screenshot(page, 'reports-01-str-editor-ready'), 'str-editor-ready.png');

    await page.getByTestId('str-send-review').click();
    await expect.poll(() => page.getByTestId('str-status').textContent()).toBe('awaiting approval');
    expect(await page.getByTestId('str-read-only').textContent()).toBe('Read-only: only a draft STR can be edited.');
    expect(await page.getByTestId('str-file').isDisabled()).toBe(true);
    expect(await page.locator('#str-reason').getAttribute('readonly')).not.toBeNull();

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Reports', exact: true }).click();
    await page.waitForURL(url('/reports'));
    expect(await page.getByTestId('figures-str-awaiting_approval').textContent()).toBe('1');
    expect(await page.getByTestId('figures-ctr-draft').textContent()).toBe('0');
    const row = page.getByTestId('report-row').first();
    expect(await row.getByRole('link').textContent()).toBe('STR-1');
    expect(await row.getByTestId('report-status').textContent()).toBe('awaiting approval');
    expect(await row.textContent()).toContain('Maria Borg');
    await expectSound();
    keepForDocs(await screenshot(page, 'reports-02-list'), 'reports.png');
    await page.goto(url('/reports?kind=ctr'));
    expect(await page.getByTestId('empty-state').textContent()).toContain('No cash transaction reports yet.');
  });

  it('a reviewer files it from the approvals; the filing system accepts it and acknowledges it', async () => {
    await signOutThroughNav(page);
    await signIn(install.reviewer.email, install.reviewer.password);
    expect(await page.getByTestId('nav-count-approvals').textContent()).toContain('1');
    await page.goto(url('/approvals'));
    const waiting = page.getByTestId('approval-str-row');
    expect(await waiting.count()).toBe(1);
    expect(await waiting.textContent()).toContain('Maria Borg');
    expect(await waiting.textContent()).toContain('Ana Analyst');
    await expectSound();
    await screenshot(page, 'reports-03-approvals');
    await waiting.getByRole('link', { name: 'STR-1' }).click();
    await page.waitForURL(url(strPath));
    expect(await page.getByTestId('str-file').isDisabled()).toBe(false);
    await page.getByTestId('str-file').click();
    await expect.poll(() => page.getByTestId('str-file-outcome').textContent()).toMatch(/^Filed: the filing system accepted the report/);
    await expect.poll(() => page.getByTestId('str-status').textContent()).toBe('filed');
    expect(await page.getByTestId('str-filing-state').textContent()).toBe('accepted');
    expect(sim.reports()).toHaveLength(1);

    // The worker asks for the acknowledgement about half a minute after acceptance.
    await untilStatusAfterReloads(page, 'str-status', 'acknowledged');
    expect(await page.getByTestId('str-filing-facts').textContent()).toContain(sim.reports()[0]?.fiu_ref ?? 'no fiu_ref');
    await expectSound();
    await screenshot(page, 'reports-04-str-acknowledged');
  }, 150_000);
});
