import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilingSimulator } from '../lib/filing/simulator/server';
import { seedAlertsInstall, type AlertsInstall } from './support/alerts-seed';
import { openBrowser, screenshot, type Browser } from './support/browser';
import { fitsWidth, keepForDocs, seriousViolations } from './support/screens';
import { signInThroughForm, signOutThroughNav } from './support/session';
import { startServiceWithFiling, untilStatusAfterReloads } from './support/filing';
import type { RunningService } from './support/server';

/** Yesterday, UTC: the latest day a batch can be built for. */
const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

let sim: FilingSimulator;
let service: RunningService;
let browser: Browser;
let page: Page;
let install: AlertsInstall;
let ctrPath = '';
const url = (p: string) => `${service.baseUrl}${p}`;

const signIn = (email: string, password: string) => signInThroughForm(page, service.baseUrl, { email, password });

/** axe-core in both colour schemes, and nothing to scroll sideways at 1280 pixels. */
async function expectSound(): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
  expect(await fitsWidth(page)).toBe(true);
}

/** POST /v1/entities with the key: a customer record complete enough for the goAML person, with or without a customer ID. */
async function registerCustomer(id: string, firstName: string, customerId: string | null): Promise<void> {
  const attributes = {
    name: `${firstName} Borg`,
    first_name: firstName,
    last_name: 'Borg',
    birth_date: '1980-04-02',
    id_number: '123456M',
    nationality: 'MT',
    residence: 'MT',
    occupation: 'Trader',
    phone: '+356 7900 0000',
    address: { street: '1 Triq il-Kbira', city: 'Valletta', country: 'MT' },
    ...(customerId ? { customer_id: customerId } : {}),
  };
  const r = await fetch(url('/v1/entities'), {
    method: 'POST',
    headers: { authorization: `Bearer ${install.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ id, kind: 'customer', attributes }),
  });
  expect(r.status, await r.clone().text()).toBe(200);
}

let seq = 0;

/** A cash deposit of yesterday into the customer's account, through POST /v1/events with the key. */
async function depositYesterday(to: string, value: number, time: string): Promise<void> {
  seq += 1;
  const r = await fetch(url('/v1/events?mode=sync'), {
    method: 'POST',
    headers: { authorization: `Bearer ${install.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      type: 'cash_deposit',
      idempotency_key: `e2e-ctr-${seq}-${to}`,
      occurred_at: `${YESTERDAY}T${time}Z`,
      amount: { value, currency: 'EUR' },
      rail: 'cash',
      destination: { entity_id: to },
    }),
  });
  expect(r.status, await r.clone().text()).toBe(200);
}

const shownEntities = () => page.getByTestId('ctr-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-entity')));

/** Types a customer ID into the first shown row of the entity and presses Enter. */
async function typeCustomerId(entityId: string, customerId: string): Promise<void> {
  const input = page.locator(`[data-testid="ctr-row"][data-entity="${entityId}"]`).first().getByTestId('ctr-customer-id-input');
  await input.focus();
  await page.keyboard.type(customerId);
  await page.keyboard.press('Enter');
}

describe('CTR batches in a browser', () => {
  beforeAll(async () => {
    ({ sim, service } = await startServiceWithFiling({
      // The nightly build would take yesterday at 01:00; at 23:59 the day it is due for is the day before, so the
      // analyst builds yesterday's batch here.
      SERVICE_CTR_AT: '23:59',
    }));
    install = await seedAlertsInstall(service);
    await registerCustomer('cust-500', 'Anna', 'C-500');
    await registerCustomer('cust-501', 'Marco', null);
    await registerCustomer('cust-502', 'Ivo', null);
    await registerCustomer('cust-503', 'Lea', null);
    // Over the threshold: cust-500 (two deposits, has a customer ID), cust-501 (one), cust-502 (two); cust-503 is under it.
    await depositYesterday('cust-500', 6_000, '09:00:00.000');
    await depositYesterday('cust-500', 5_000, '15:00:00.000');
    await depositYesterday('cust-501', 12_000, '10:30:00.000');
    await depositYesterday('cust-502', 4_000, '11:00:00.000');
    await depositYesterday('cust-502', 7_000, '16:45:00.000');
    await depositYesterday('cust-503', 900, '12:00:00.000');
    browser = await openBrowser();
    page = browser.page;
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    await sim?.close();
  });

  it('an analyst builds yesterday’s batch from the reports and fills the missing customer IDs inline', async () => {
    await signIn(install.analyst.email, install.analyst.password);
    await page.goto(url('/reports'));
    await page.getByLabel('UTC day').fill(YESTERDAY);
    await page.getByTestId('ctr-build').click();
    await page.waitForURL(/\/reports\/ctr\/[0-9a-f-]{36}$/);
    ctrPath = new URL(page.url()).pathname;
    expect(await page.getByTestId('ctr-title').textContent()).toBe('CTR-1');
    expect(await page.getByTestId('ctr-status').textContent()).toBe('draft');
    expect(await page.getByTestId('ctr-date').textContent()).toBe(YESTERDAY);
    expect(await page.getByTestId('ctr-built-by').textContent()).toBe('Ana Analyst (you)');
    expect(await page.getByTestId('ctr-total-rows').textContent()).toBe('5');
    expect(await page.getByTestId('ctr-total-attention').textContent()).toBe('3');
    expect(await page.getByTestId('ctr-total-to-file').textContent()).toBe('2');
    expect(await page.getByTestId('ctr-total-amount').textContent()).toBe('34,000.00 EUR');
    // The rows needing a customer ID come first.
    expect(await page.getByTestId('ctr-filter-attention').getAttribute('aria-current')).toBe('page');
    expect(await shownEntities()).toEqual(['cust-501', 'cust-502', 'cust-502']);
    expect(await page.getByTestId('ctr-submit').isDisabled()).toBe(true);
    expect(await page.getByTestId('ctr-submit-reason').textContent()).toBe('Only a reviewer or an admin can submit a CTR batch.');
    expect(await page.getByTestId('ctr-xml').getAttribute('href')).toBe(`/v1/reports/ctr/${ctrPath.split('/').pop()}/xml`);
    await expectSound();
    await screenshot(page, 'reports-ctr-00-attention');

    // Enter saves; the customer ID is the entity's, so both of cust-502's rows take it.
    await typeCustomerId('cust-501', 'C-501');
    await expect.poll(shownEntities).toEqual(['cust-502', 'cust-502']);
    expect(await page.getByTestId('ctr-total-attention').textContent()).toBe('2');
    await typeCustomerId('cust-502', 'C-502');
    // Nothing left to fix: the page shows every row.
    await expect.poll(shownEntities).toEqual(['cust-500', 'cust-501', 'cust-502', 'cust-500', 'cust-502']);
    expect(await page.getByTestId('ctr-filter-all').getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('ctr-total-attention').textContent()).toBe('0');
    expect(await page.getByTestId('ctr-total-to-file').textContent()).toBe('5');
    expect(await page.getByTestId('ctr-edited-by').textContent()).toBe('Ana Analyst (you)');
    expect(await page.locator('[data-testid="ctr-row"][data-entity="cust-502"]').first().getByTestId('ctr-customer-id-input').inputValue()).toBe('C-502');

    // A row left out and included again.
    const first = page.getByTestId('ctr-row').first();
    await first.getByTestId('ctr-row-toggle').click();
    await expect.poll(() => page.getByTestId('ctr-row').first().getAttribute('data-included')).toBe('false');
    expect(await page.getByTestId('ctr-total-included').textContent()).toBe('4');
    await page.getByTestId('ctr-row').first().getByTestId('ctr-row-toggle').click();
    await expect.poll(() => page.getByTestId('ctr-row').first().getAttribute('data-included')).toBe('true');
    expect(await page.getByTestId('ctr-total-included').textContent()).toBe('5');

    // The entity's record has it too.
    const entity = await fetch(url('/v1/entities/cust-501'), { headers: { authorization: `Bearer ${install.key}` } });
    expect(((await entity.json()) as { attributes: Record<string, unknown> }).attributes.customer_id).toBe('C-501');

    await expectSound();
    keepForDocs(await screenshot(page, 'reports-ctr-01-batch'), 'ctr-batch.png');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'reports-ctr-01-batch-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await page.goto(url('/reports'));
    expect(await page.getByTestId('figures-ctr-draft').textContent()).toBe('1');
    await page.getByTestId('reports-table').getByRole('link', { name: 'CTR-1' }).click();
    await page.waitForURL(url(ctrPath));
  }, 120_000);

  it('a reviewer finds it in the approvals and submits it; the filing system accepts it and acknowledges it', async () => {
    await signOutThroughNav(page);
    await signIn(install.reviewer.email, install.reviewer.password);
    expect(await page.getByTestId('nav-count-approvals').textContent()).toContain('1');
    await page.goto(url('/approvals'));
    const waiting = page.getByTestId('approval-ctr-row');
    expect(await waiting.count()).toBe(1);
    expect(await waiting.textContent()).toContain(YESTERDAY);
    expect(await waiting.textContent()).toContain('5 of 5');
    expect(await waiting.textContent()).toContain('Ana Analyst');
    expect(await waiting.getByTestId('approval-submit-ctr').isDisabled()).toBe(false);
    await expectSound();
    await screenshot(page, 'reports-ctr-02-approvals');

    await waiting.getByRole('link', { name: 'CTR-1' }).click();
    await page.waitForURL(url(ctrPath));
    expect(await page.getByTestId('ctr-submit').isDisabled()).toBe(false);
    await page.getByTestId('ctr-submit').click();
    await expect.poll(() => page.getByTestId('ctr-submit-outcome').textContent()).toMatch(/^Filed: the filing system accepted the batch/);
    await expect.poll(() => page.getByTestId('ctr-status').textContent()).toBe('filed');
    expect(await page.getByTestId('ctr-filing-state').textContent()).toBe('accepted');
    expect(await page.getByTestId('ctr-read-only').textContent()).toBe('Read-only: only a draft CTR batch can be edited.');
    expect(await page.getByTestId('ctr-row-toggle').first().isDisabled()).toBe(true);
    expect(sim.reports()).toHaveLength(1);

    // The worker asks for the acknowledgement a while after acceptance.
    await untilStatusAfterReloads(page, 'ctr-status', 'acknowledged');
    expect(await page.getByTestId('ctr-filing-facts').textContent()).toContain(sim.reports()[0]?.fiu_ref ?? 'no fiu_ref');
    await expectSound();
    await screenshot(page, 'reports-ctr-03-acknowledged');

    await page.goto(url('/approvals'));
    expect(await page.getByTestId('approvals-ctrs-empty').count()).toBe(1);
  }, 150_000);
});
