import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAlertsInstall, seedQueue, type AlertsInstall } from './support/alerts-seed';
import { openBrowser, screenshot, type Browser } from './support/browser';
import { fitsWidth, seriousViolations } from './support/screens';
import { signInThroughForm } from './support/session';
import { startTestService, type RunningService } from './support/server';

let service: RunningService;
let browser: Browser;
let page: Page;
let install: AlertsInstall;
let passThrough = '';
let others: string[] = [];
const url = (p: string) => `${service.baseUrl}${p}`;

const signIn = (email: string, password: string) => signInThroughForm(page, service.baseUrl, { email, password });

/** axe-core in both colour schemes, and nothing to scroll sideways at 1280 pixels. */
async function expectSound(): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
  expect(await fitsWidth(page)).toBe(true);
}

const numberOfAlert = async (id: string) => {
  await page.goto(url(`/alerts/${id}`));
  return Number((await page.getByTestId('alert-title').textContent())?.replace('ALR-', ''));
};

describe('cases in a browser', () => {
  beforeAll(async () => {
    service = await startTestService();
    install = await seedAlertsInstall(service);
    ({ passThrough, others } = await seedQueue(service, install.key));
    browser = await openBrowser();
    page = browser.page;
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('opens a case of two alerts selected in the queue and shows its alerts, events, entities and notes', async () => {
    await signIn(install.analyst.email, install.analyst.password);
    const [first, second] = [await numberOfAlert(passThrough), await numberOfAlert(others[0] as string)];
    // A note on the pass-through alert, to be read on the case page.
    await page.goto(url(`/alerts/${passThrough}`));
    await page.getByLabel('New note').fill('Money in from two payers, out to an exchange within hours.');
    await page.getByTestId('add-note').click();
    await expect.poll(() => page.getByTestId('note-body').allTextContents()).toEqual(['Money in from two payers, out to an exchange within hours.']);

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Alerts', exact: true }).click();
    await page.waitForURL(url('/alerts'));
    for (const n of [first, second]) await page.locator(`[data-testid="queue-row"][data-number="${n}"] input[type="checkbox"]`).check();
    expect(await page.getByTestId('selected-count').textContent()).toBe('2 selected');
    await page.getByTestId('bulk-case-title').fill('Pass-through via acct-7731');
    await expectSound();
    await screenshot(page, 'cases-00-queue-selection');
    await page.getByTestId('bulk-open-case').click();
    await page.waitForURL(/\/cases\/[0-9a-f-]{36}$/);

    expect(await page.getByTestId('case-title').textContent()).toBe('CASE-1');
    expect(await page.getByTestId('case-status').textContent()).toBe('open');
    expect(await page.getByTestId('case-subject-id').textContent()).toBe('acct-7731');
    const alertLinks = page.getByTestId('case-alert-row').getByRole('link');
    expect(await alertLinks.allTextContents()).toEqual([`ALR-${first}`, `ALR-${second}`]);
    expect(await page.getByTestId('case-event-row').count()).toBe(3);
    const entities = await page.getByTestId('case-entity').allTextContents();
    for (const id of ['acct-7731', 'cust-100', 'shop-19', 'exchange-3', 'merchant-1']) expect(entities.some((e) => e.startsWith(id))).toBe(true);
    expect(entities[0]).toContain('case subject');
    expect(await page.getByTestId('case-note').allTextContents()).toEqual([expect.stringContaining('Money in from two payers')]);
    await expectSound();
    await screenshot(page, 'cases-01-case');

    await page.getByTestId('case-assign-me').click();
    await expect.poll(() => page.getByTestId('case-assignee').textContent()).toBe('Ana Analyst (you)');
  });

  it('adds an alert from its page, links the alert to its case, lists cases with a status filter', async () => {
    const third = others[1] as string;
    await page.goto(url(`/alerts/${third}`));
    await page.getByLabel('Open case').selectOption({ label: 'CASE-1: Pass-through via acct-7731' });
    expect(await page.getByLabel('Case title').inputValue()).toMatch(/^ALR-\d+ on cust-101$/);
    await expectSound();
    await screenshot(page, 'cases-02-alert-case-controls');
    await page.getByTestId('add-to-case').click();
    await expect.poll(() => page.getByTestId('alert-case-link').textContent()).toBe('CASE-1');
    await screenshot(page, 'cases-03-alert-in-case');

    // An alert belongs to at most one case: the queue refuses a second case of it, naming the first.
    await page.goto(url('/alerts'));
    const n = await page.evaluate((id) => document.querySelector(`a[href="/alerts/${id}"]`)?.closest('tr')?.getAttribute('data-number'), third);
    await page.locator(`[data-testid="queue-row"][data-number="${n}"] input[type="checkbox"]`).check();
    await page.getByTestId('bulk-case-title').fill('A second case');
    await page.getByTestId('bulk-open-case').click();
    await expect.poll(() => page.getByTestId('bulk-result').textContent()).toBe(`ALR-${n} is already in CASE-1; an alert belongs to at most one case.`);

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Cases', exact: true }).click();
    await page.waitForURL(url('/cases'));
    expect(await page.getByTestId('case-row').count()).toBe(1);
    expect(await page.getByTestId('case-row').first().textContent()).toContain('Pass-through via acct-7731');
    await expectSound();
    await screenshot(page, 'cases-04-list');

    await page.getByRole('link', { name: 'CASE-1' }).click();
    await page.waitForURL(/\/cases\/[0-9a-f-]{36}$/);
    expect(await page.getByTestId('case-alert-row').count()).toBe(3);
    await page.getByTestId('case-close').click();
    await expect.poll(() => page.getByTestId('case-status').textContent()).toBe('closed');
    await page.goto(url('/cases?status=open'));
    expect(await page.getByTestId('empty-state').textContent()).toContain('No open case.');
    await expectSound();
  });
});
