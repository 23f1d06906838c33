import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAlertsInstall, seedQueue, type AlertsInstall } from './support/alerts-seed';
import { openBrowser, screenshot, type Browser } from './support/browser';
import { fitsWidth, keepForDocs, seriousViolations } from './support/screens';
import { signInThroughForm, signOutThroughNav } from './support/session';
import { startTestService, type RunningService } from './support/server';

let service: RunningService;
let browser: Browser;
let page: Page;
let install: AlertsInstall;
let packPath = '';
const url = (p: string) => `${service.baseUrl}${p}`;

async function expectSound(): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
  expect(await fitsWidth(page)).toBe(true);
}

// The smallest valid PNG: one transparent pixel.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('evidence packs in a browser', () => {
  beforeAll(async () => {
    service = await startTestService();
    install = await seedAlertsInstall(service);
    await seedQueue(service, install.key);
    browser = await openBrowser();
    page = browser.page;
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it("lets an analyst start the quarter's pack, write a section and attach its document, but not generate it", async () => {
    await signInThroughForm(page, service.baseUrl, install.analyst);
    await page.goto(url('/reports'));
    await page.getByLabel('Purpose').fill('Quarterly review by the money-laundering reporting officer');
    await page.getByTestId('pack-create-submit').click();
    await page.waitForURL(/\/reports\/packs\/[0-9a-f-]{36}$/);
    packPath = new URL(page.url()).pathname;
    await expect(page.getByTestId('pack-status').textContent()).resolves.toBe('draft');
    // The live figures hold the alerts the seeded payments raised this quarter.
    await expect(page.getByTestId('pack-section-monitoring').textContent()).resolves.toMatch(/\d/);

    await page.getByTestId('pack-section-form-summary').getByLabel('Text').fill('Monitoring ran all quarter; two alerts were worked within their SLA.');
    await page.getByTestId('pack-section-save-summary').click();
    await expect.poll(() => page.getByTestId('pack-section-form-summary').getByRole('status').count()).toBe(1);

    await page.getByTestId('pack-upload-governance').locator('input[type=file]').setInputFiles({ name: 'board-minutes.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('pack-upload-governance').getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => page.getByTestId('pack-document-governance').count()).toBe(1);
    await expect(page.getByTestId('pack-document-governance').textContent()).resolves.toContain(createHash('sha256').update(PNG).digest('hex'));

    expect(await page.getByTestId('pack-generate').isDisabled()).toBe(true);
    await expect(page.getByTestId('pack-generate-reason').textContent()).resolves.toMatch(/reviewer or an admin/);
    await expectSound();
    await signOutThroughNav(page);
  });

  it('lets a reviewer generate the PDF, whose download matches the SHA-256 shown, and previews it', async () => {
    await signInThroughForm(page, service.baseUrl, install.reviewer);
    await page.goto(url(packPath));
    await page.getByTestId('pack-generate').click();
    await expect.poll(() => page.getByTestId('pack-status').textContent(), { timeout: 60_000 }).toBe('generated');
    const shown = (await page.getByTestId('pack-sha256').textContent())?.trim();
    expect(shown).toMatch(/^[0-9a-f]{64}$/);
    const href = await page.getByTestId('pack-download').getAttribute('href');
    const pdf = await page.request.get(url(href as string));
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const bytes = await pdf.body();
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(shown);
    expect(await page.getByTestId('pack-preview').getAttribute('src')).toBe(`${href}?inline=true#page=1&view=FitH`);
    await expectSound();
    keepForDocs(await screenshot(page, 'evidence-pack'), 'evidence-pack.png');
  });

  it('ran every screen above under the Content Security Policy without a single violation', () => {
    expect(browser.policyViolations).toEqual([]);
  });
});
