import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postPayment, seedAlertsInstall, seedQueue, type AlertsInstall } from './support/alerts-seed';
import { openBrowser, screenshot, type Browser } from './support/browser';
import { fitsWidth, keepForDocs, seriousViolations } from './support/screens';
import { signInThroughForm } from './support/session';
import { startTestService, type RunningService } from './support/server';

let service: RunningService;
let browser: Browser;
let page: Page;
let install: AlertsInstall;
let others: string[] = [];
const url = (p: string) => `${service.baseUrl}${p}`;

async function expectSound(): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
  expect(await fitsWidth(page)).toBe(true);
}

/** A small scored payment that uses a device, as a login-backed transfer from a phone would. */
async function paymentFromDevice(key: string, from: string, to: string, device: string, n: number): Promise<void> {
  const r = await fetch(`${service.baseUrl}/v1/events?mode=sync`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      type: 'transfer',
      idempotency_key: `e2e-entities-device-${n}`,
      occurred_at: new Date(Date.now() - (3 - n * 0.1) * 3_600_000).toISOString(),
      amount: { value: 40, currency: 'EUR' },
      source: { entity_id: from },
      destination: { entity_id: to },
      device: { id: device },
    }),
  });
  expect(r.status, await r.clone().text()).toBe(200);
}

describe('entities and their link graph in a browser', () => {
  beforeAll(async () => {
    service = await startTestService();
    install = await seedAlertsInstall(service);
    ({ others } = await seedQueue(service, install.key));
    // merchant-1 becomes a small hub: five alerted customers and fifteen more payers, so the graph collapses some.
    for (let i = 0; i < 15; i++) await postPayment(service, install.key, { from: `payer-9${String(i).padStart(2, '0')}`, to: 'merchant-1', value: 25 + i, hoursAgo: 8 - i * 0.2 });
    // cust-100 shares a phone with cust-104.
    await paymentFromDevice(install.key, 'cust-100', 'merchant-1', 'phone-77', 1);
    await paymentFromDevice(install.key, 'cust-104', 'merchant-1', 'phone-77', 2);
    browser = await openBrowser();
    page = browser.page;
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('takes an investigator from an alert to its entity, through the graph to a linked entity and its open alert', async () => {
    await signInThroughForm(page, service.baseUrl, install.analyst);
    await page.goto(url(`/alerts/${others[0]}`));
    await page.getByTestId('subject-link').click();
    await page.waitForURL(url('/entities/cust-100'));
    expect(await page.getByTestId('entity-title').textContent()).toBe('cust-100');
    expect(await page.getByTestId('entity-open-alerts').textContent()).toBe('1 open alert');
    // The graph: merchant-1 paid, the shared phone and its other user, each a link to its page.
    const graph = page.getByRole('group', { name: /^Link graph of cust-100/ });
    await expect.poll(() => graph.getByTestId('graph-node').count()).toBe(4);
    expect(await graph.getByTestId('graph-node').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('merchant-1'), expect.stringContaining('phone-77'), expect.stringContaining('cust-104')]),
    );
    // The table says the same in words; the device's other user has an open alert.
    const rows = await page.getByTestId('link-row').allTextContents();
    expect(rows).toEqual(expect.arrayContaining([expect.stringMatching(/^cust-100.*paid.*merchant-1/), expect.stringMatching(/^phone-77device used bycust-104/)]));
    expect(await page.getByTestId('linked-alert').count()).toBe(1);
    expect(await page.getByTestId('timeline-row').count()).toBe(2);
    await expectSound();
    await screenshot(page, 'entity-customer');

    await graph.getByRole('link', { name: /merchant-1/ }).click();
    await page.waitForURL(url('/entities/merchant-1'));
    expect(await page.getByTestId('entity-kind').textContent()).toBe('placeholder');
    // Twelve payers drawn, the rest counted; opening the group draws them all.
    const hub = page.getByRole('group', { name: /^Link graph of merchant-1/ });
    await expect.poll(() => hub.getByTestId('graph-more').textContent()).toMatch(/^\+ 8 more payers/);
    expect(await page.getByTestId('linked-alert').count()).toBe(5);
    await expectSound();
    keepForDocs(await screenshot(page, 'entity-graph'), 'entity-graph.png');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'entity-graph-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByTestId('table-more').first().click();
    await page.waitForURL(/more=1%3Apaid_by%3Amerchant-1/);
    await expect.poll(() => page.getByRole('group', { name: /^Link graph of merchant-1/ }).getByTestId('graph-more').count()).toBe(0);
    expect(await page.getByTestId('link-row').count()).toBe(20);

    // Register the placeholder as the counterparty it is.
    await page.getByLabel('Kind').selectOption('counterparty');
    await page.getByLabel('Name', { exact: true }).fill('name');
    await page.getByLabel('Value').fill('Merchant One');
    await page.getByTestId('save-entity').click();
    await expect.poll(() => page.getByTestId('entity-title').textContent()).toBe('Merchant One');
    expect(await page.getByTestId('entity-kind').textContent()).toBe('counterparty');

    // From the hub to a linked customer's open alert.
    const linked = page.getByTestId('linked-alert').filter({ hasText: 'cust-102' });
    await linked.getByRole('link', { name: /^ALR-/ }).click();
    await page.waitForURL(/\/alerts\/[0-9a-f-]{36}$/);
    expect(await page.getByTestId('subject-id').textContent()).toBe('cust-102');
  });

  it('searches entities by part of a name or id and filters the timeline in the address', async () => {
    await page.goto(url('/entities'));
    await page.getByTestId('entity-search').fill('merchant one');
    await page.getByTestId('apply-filters').click();
    await page.waitForURL(/q=merchant\+one/);
    expect(await page.getByTestId('entity-row').allTextContents()).toEqual([expect.stringContaining('Merchant One')]);
    await page.getByRole('link', { name: 'Clear' }).click();
    await page.getByLabel('Kind').selectOption('');
    await page.getByTestId('entity-search').fill('cust-10');
    await page.getByTestId('apply-filters').click();
    await page.waitForURL(/q=cust-10/);
    expect(await page.getByTestId('entity-row').count()).toBe(5);
    await expectSound();
    keepForDocs(await screenshot(page, 'entities'), 'entities.png');

    await page.goto(url('/entities/merchant-1?type=card_authorization'));
    expect(await page.getByTestId('empty-state').first().textContent()).toContain('No event matches these filters.');
    await page.goto(url('/entities/merchant-1?type=transfer'));
    expect(await page.getByTestId('timeline-row').count()).toBe(22);
  });
});
