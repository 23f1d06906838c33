import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from './support/browser';
import { startTestService, type RunningService } from './support/server';

const BOOTSTRAP = { SERVICE_BOOTSTRAP_ADMIN_EMAIL: 'ops@bank.example', SERVICE_BOOTSTRAP_ADMIN_PASSWORD: 'from the deployment 1' };

describe('bootstrap settings instead of the setup wizard', () => {
  let first: RunningService;
  let second: RunningService | undefined;
  let browser: Browser;

  beforeAll(async () => {
    first = await startTestService(BOOTSTRAP);
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await second?.stop();
    // The restart ran on the first service's database: its stop() (a no-op for a stopped process) drops it.
    await first?.stop();
  });

  it('creates the admin at start-up, who must replace the configured password; a restart changes nothing', async () => {
    const { page } = browser;
    expect(first.output()).toContain('created the first admin ops@bank.example in organisation "bank.example" (bootstrap settings)');
    expect(await (await fetch(`${first.baseUrl}/v1/setup`)).json()).toMatchObject({ complete: true });

    await page.goto(`${first.baseUrl}/`);
    await page.waitForURL(`${first.baseUrl}/sign-in`);
    await page.getByLabel('Email').fill('ops@bank.example');
    await page.getByLabel('Password', { exact: true }).fill('from the deployment 1');
    await page.getByTestId('sign-in').click();
    await page.waitForURL(`${first.baseUrl}/change-password`);
    await page.getByLabel('Current password').fill('from the deployment 1');
    await page.getByLabel('New password', { exact: true }).fill('ops own passphrase now');
    await page.getByLabel('New password again').fill('ops own passphrase now');
    await page.getByTestId('change-password').click();
    await page.waitForURL(`${first.baseUrl}/`);
    await screenshot(page, '20-bootstrap-admin-signed-in');

    // Restart with the settings still present: the admin keeps the password they chose.
    await first.stopKeepingDatabase();
    second = await startTestService(BOOTSTRAP, first);
    expect(second.output()).not.toContain('created the first admin');
    const fresh = await openBrowser();
    try {
      await fresh.page.goto(`${second.baseUrl}/sign-in`);
      await fresh.page.getByLabel('Email').fill('ops@bank.example');
      await fresh.page.getByLabel('Password', { exact: true }).fill('ops own passphrase now');
      await fresh.page.getByTestId('sign-in').click();
      await fresh.page.waitForURL(`${second.baseUrl}/`);
    } finally {
      await fresh.close();
    }
  });
});
