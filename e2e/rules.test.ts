import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../tests/support/processes';
import { seedAlertsInstall, seedQueue, type AlertsInstall, type SeededPerson } from './support/alerts-seed';
import { openBrowser, screenshot, type Browser } from './support/browser';
import { fitsWidth, keepForDocs, seriousViolations } from './support/screens';
import { signInThroughForm, signOutThroughNav } from './support/session';
import { startTestService, type RunningService } from './support/server';

let service: RunningService;
let browser: Browser;
let page: Page;
let install: AlertsInstall;
let colleague: SeededPerson;
let passThrough = '';
const url = (p: string) => `${service.baseUrl}${p}`;
const KEY = 'new_entity_large_payment';

const signIn = (who: SeededPerson) => signInThroughForm(page, service.baseUrl, who);

/** axe-core in both colour schemes, and nothing to scroll sideways at 1280 pixels. */
async function expectSound(): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
  expect(await fitsWidth(page)).toBe(true);
}

const feedback = () => page.getByTestId('compile-feedback');

/** What POST /v1/rules answers for an expression: the compiler's words the editor must show. */
async function apiCompileError(expr: string): Promise<string> {
  const r = await fetch(url('/v1/rules'), {
    method: 'POST',
    headers: { authorization: `Bearer ${install.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ key: KEY, expr, weight: 40, detail: 'probe' }),
  });
  expect(r.status).toBe(400);
  return r.text();
}

describe('rules in a browser', () => {
  beforeAll(async () => {
    service = await startTestService();
    install = await seedAlertsInstall(service);
    ({ passThrough } = await seedQueue(service, install.key));
    const password = 'second reviewer passphrase for the e2e run';
    const made = await runCli(['people', 'create', '-org', 'Harbour Bank', '-email', 'rita@harbour.example', '-name', 'Rita Reviewer', '-role', 'reviewer', '-password', password], {
      SERVICE_DATABASE_URL: service.databaseUrl,
    });
    expect(made.code, made.stderr).toBe(0);
    colleague = { id: (JSON.parse(made.stdout) as { id: string }).id, email: 'rita@harbour.example', name: 'Rita Reviewer', password };
    browser = await openBrowser();
    page = browser.page;
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('an author opens a new key, drafts the next version of a rule with live compile feedback, saves it and backtests it', async () => {
    await signIn(install.reviewer);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Rules', exact: true }).click();
    await page.waitForURL(url('/rules'));
    expect(await page.getByTestId('rule-row').count()).toBe(10);
    expect(await page.locator(`[data-testid="rule-row"][data-key="${KEY}"]`).textContent()).toContain('v1');
    await expectSound();
    await screenshot(page, 'rules-00-list');

    // A key the interface does not accept is refused beside the field; a good one opens the editor of version 1.
    await page.getByTestId('new-rule-key').fill('Big Cash');
    await page.getByTestId('new-rule').click();
    await expect.poll(() => page.getByTestId('field-error').textContent()).toContain('Key must be lowercase letters');
    await page.getByTestId('new-rule-key').fill('big_cash_out');
    await page.getByTestId('new-rule').click();
    await page.waitForURL(url('/rules/big_cash_out'));
    expect(await page.getByTestId('rule-title').textContent()).toBe('big_cash_out');
    expect(await page.getByTestId('rule-reference').textContent()).toContain('near_threshold_count_24h');

    // The next version of a built-in rule: compile errors appear and go as the author types.
    await page.goto(url(`/rules/${KEY}`));
    const expr = page.getByTestId('rule-expr');
    expect(await expr.inputValue()).toBe('amount >= 5000.0 && features.seen_before == 0');
    await expr.fill('');
    await expr.pressSequentially('amount >= 9000', { delay: 20 });
    await expect.poll(() => feedback().getAttribute('data-state'), { timeout: 5000 }).toBe('error');
    const shown = (await feedback().textContent()) ?? '';
    expect(shown).toMatch(new RegExp(`^rule ${KEY}: `));
    expect(await apiCompileError('amount >= 9000')).toContain(shown);
    await expr.pressSequentially('.0', { delay: 20 });
    await expect.poll(() => feedback().textContent(), { timeout: 5000 }).toBe('Compiles.');
    await expr.pressSequentially(' &&', { delay: 20 });
    await expect.poll(() => feedback().getAttribute('data-state'), { timeout: 5000 }).toBe('error');
    await expr.press('Backspace');
    await expr.press('Backspace');
    await expr.press('Backspace');
    await expect.poll(() => feedback().textContent(), { timeout: 5000 }).toBe('Compiles.');
    await page.getByLabel('Detail (stored on each decision it fires on)').fill('Payment of 9,000 or more');
    await page.getByTestId('save-draft').click();
    await expect.poll(() => page.getByTestId('rule-draft').count()).toBe(1);
    expect(await page.getByTestId('rule-draft').textContent()).toContain('Draft version 2');
    // The history diffs version 2 against version 1.
    const diff = page.locator('[data-testid="rule-version"][data-version="2"] [data-testid="history-expr-diff"] [data-kind]');
    expect(await diff.evaluateAll((lines) => lines.map((l) => `${l.getAttribute('data-kind')}:${l.textContent?.replace(/^[−+ ]\s*(removed: |added: )?/, '')}`))).toEqual([
      'removed:amount >= 5000.0 && features.seen_before == 0',
      'added:amount >= 9000.0',
    ]);

    // Backtest over the last day: the morning's payments against active version 1.
    await page.getByTestId('backtest-days').fill('1');
    await page.getByTestId('run-backtest').click();
    await expect.poll(() => page.getByTestId('backtest-would-flag').textContent(), { timeout: 15_000 }).toBe('4');
    expect(await page.getByTestId('backtest-baseline').textContent()).toBe('7');
    expect(await page.getByTestId('backtest-newly').textContent()).toBe('1');
    expect(await page.getByTestId('backtest-no-longer').textContent()).toBe('4');
    // The newly flagged payment (acct-7731 to the exchange) joined the pass-through alert live.
    const sample = page.getByTestId('backtest-sample').getByRole('link');
    expect(await sample.getAttribute('href')).toBe(`/alerts/${passThrough}`);

    // The author cannot activate it: the control says why.
    const activate = page.getByTestId('activate-rule');
    expect(await activate.isDisabled()).toBe(true);
    expect(await page.getByTestId('activate-rule-reason').textContent()).toBe('The author of a rule cannot approve it.');
    expect(await activate.getAttribute('aria-describedby')).toBe(await page.getByTestId('activate-rule-reason').getAttribute('id'));
    await expectSound();
    expect(await page.getByTestId('backtest-days').inputValue()).toBe('1');
    const shot = await screenshot(page, 'rules-01-editor-backtest');
    keepForDocs(shot, 'rule-editor-backtest.png');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'rules-01-editor-backtest-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // After a reload the stored backtest is still shown.
    await page.reload();
    expect(await page.getByTestId('backtest-would-flag').textContent()).toBe('4');
    await signOutThroughNav(page);
  });

  it('an analyst sees the activation waiting but may not take it; a colleague activates it from /approvals', async () => {
    await signIn(install.analyst);
    await page.goto(url('/approvals'));
    const row = page.locator(`[data-testid="approval-rule-row"][data-key="${KEY}"]`);
    expect(await row.getByTestId('approval-activate-rule').isDisabled()).toBe(true);
    expect(await row.getByTestId('approval-activate-rule-reason').textContent()).toBe('Only a reviewer or an admin can activate a rule.');
    await expectSound();
    await signOutThroughNav(page);

    await signIn(colleague);
    expect(await page.getByTestId('nav-count-approvals').textContent()).toContain('1');
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: /^Approvals/ }).click();
    await page.waitForURL(url('/approvals'));
    expect(await row.textContent()).toContain('replaces active version 1');
    expect(await row.textContent()).toContain('Rui Reviewer');
    await expectSound();
    await screenshot(page, 'rules-02-approvals');
    await row.getByTestId('approval-activate-rule').click();
    await expect.poll(() => page.getByTestId('approvals-rules-empty').count()).toBe(1);

    await page.goto(url(`/rules/${KEY}`));
    expect(await page.getByTestId('rule-draft').count()).toBe(0);
    const history = await page.getByTestId('rule-version').allTextContents();
    expect(history[0]).toContain('Version 2');
    expect(history[0]).toContain('active');
    expect(history[0]).toContain('activated by Rita Reviewer (you)');
    expect(history[1]).toContain('retired');
    await expectSound();
    await screenshot(page, 'rules-03-activated');
  });
});
