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
let passThrough = '';
let others: string[] = [];
const url = (p: string) => `${service.baseUrl}${p}`;

const signIn = (email: string, password: string) => signInThroughForm(page, service.baseUrl, { email, password });

const signOut = () => signOutThroughNav(page);

/** axe-core on the page as it is, in both colour schemes: no serious or critical violation. */
async function expectAccessible(): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

/** The page fits 1280 pixels: nothing to scroll sideways. */
async function expectNoSidewaysScroll(): Promise<void> {
  expect(await fitsWidth(page)).toBe(true);
}

const row = (number: number) => page.locator(`[data-testid="queue-row"][data-number="${number}"]`);
const numberOfAlert = async (id: string) => {
  await page.goto(url(`/alerts/${id}`));
  return Number((await page.getByTestId('alert-title').textContent())?.replace('ALR-', ''));
};

describe('the alert queue and the alert page in a browser', () => {
  beforeAll(async () => {
    service = await startTestService({ SERVICE_SCREENING_SAMPLE: 'true' });
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

  it('shows the queue soonest due first, with SLA in words, filters in the address, and passes axe', async () => {
    await signIn(install.analyst.email, install.analyst.password);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Alerts', exact: true }).click();
    await page.waitForURL(url('/alerts'));
    const rows = page.getByTestId('queue-row');
    expect(await rows.count()).toBe(7);
    const slas = await page.getByTestId('sla').allTextContents();
    for (const s of slas) expect(s).toMatch(/^\d+ (min|h|d) left, due \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    expect(await page.getByTestId('sla').first().locator('[title]').getAttribute('title')).toMatch(/^Due \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    await expectNoSidewaysScroll();
    await expectAccessible();
    await screenshot(page, 'alerts-01-queue');

    // Filters are a GET form: the address carries them, and a bad value is named, not an error page.
    await page.getByLabel('Alert number').fill('ALR-1');
    await page.getByTestId('apply-filters').click();
    await page.waitForURL(/\/alerts\?.*number=ALR-1/);
    expect(await rows.count()).toBe(1);
    await page.goto(url('/alerts?priority=urgent&decision=block'));
    expect(await page.getByTestId('queue-problems').textContent()).toContain('priority must be high, medium');
    expect(await page.getByTestId('empty-state').textContent()).toContain('No alert matches these filters.');
  });

  it('pages through the queue with next and previous links that keep the filters in the address', async () => {
    const numbers = () => page.getByTestId('queue-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-number')));
    await page.goto(url('/alerts?limit=3&decision=review'));
    expect(await numbers()).toEqual(['1', '2', '3']);
    expect(await page.getByTestId('previous-page').count()).toBe(0);
    await page.getByTestId('next-page').click();
    await page.waitForURL(/after=/);
    expect(page.url()).toContain('decision=review');
    expect(page.url()).toContain('limit=3');
    expect(await numbers()).toEqual(['4', '5', '6']);
    await page.getByTestId('next-page').click();
    await expect.poll(numbers).toEqual(['7']);
    expect(await page.getByTestId('next-page').count()).toBe(0);
    await page.getByTestId('previous-page').click();
    await page.waitForURL(/before=/);
    await expect.poll(numbers).toEqual(['4', '5', '6']);
    await page.getByTestId('previous-page').click();
    await expect.poll(numbers).toEqual(['1', '2', '3']);
    expect(await page.getByTestId('previous-page').count()).toBe(0);
    await page.goto(url('/alerts?after=not-a-cursor'));
    expect(await page.getByTestId('queue-problems').textContent()).toContain('cursor is not valid');
    expect(await numbers()).toHaveLength(7);
  });

  it('is worked by keyboard alone: j/k move, x selects, a assigns, ? helps, / searches, Enter opens, and the shortcuts turn off', async () => {
    await page.goto(url('/alerts'));
    const rows = page.getByTestId('queue-row');
    await rows.first().waitFor();
    // The rows are rendered on the server and the keys work once the page has hydrated: until a j has
    // moved to the first row, it is pressed again.
    const activeRow = () => page.evaluate(() => document.activeElement?.closest('tr')?.getAttribute('data-index') ?? null);
    await expect
      .poll(async () => {
        if ((await activeRow()) === null) await page.keyboard.press('j');
        return activeRow();
      })
      .toBe('0');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    expect(await activeRow()).toBe('1');
    await page.keyboard.press('x');
    await page.keyboard.press('j');
    await page.keyboard.press('Shift+X');
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    expect(await page.getByTestId('selected-count').textContent()).toBe('3 selected');
    await page.keyboard.press('x');
    expect(await page.getByTestId('selected-count').textContent()).toBe('2 selected');
    await page.keyboard.press('a');
    await expect.poll(() => page.getByTestId('bulk-result').textContent()).toBe('2 alerts assigned to you.');
    await expect.poll(() => page.getByTestId('row-assignee').allTextContents()).toEqual(['nobody', 'me', 'me', 'nobody', 'nobody', 'nobody', 'nobody']);
    await screenshot(page, 'alerts-02-queue-keyboard');

    await page.keyboard.press('?');
    const help = page.getByTestId('shortcut-help');
    await help.waitFor({ state: 'visible' });
    expect(await help.textContent()).toContain('Single-key shortcuts on');
    await expectAccessible();
    await screenshot(page, 'alerts-03-shortcut-help');
    // Turn single-key shortcuts off from the keyboard: the dialog opens on its switch.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('shortcuts-toggle');
    await page.keyboard.press('Space');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
    await page.reload();
    await rows.first().waitFor();
    // The rows are rendered on the server; the saved setting is read once the page has hydrated.
    await expect.poll(() => page.getByTestId('open-shortcut-help').textContent()).toBe('Keyboard shortcuts (off)');
    await page.keyboard.press('j');
    await page.keyboard.press('?');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
    expect(await help.isVisible()).toBe(false);
    // And on again, through the button that opens the help.
    await page.getByTestId('open-shortcut-help').focus();
    await page.keyboard.press('Enter');
    await help.waitFor({ state: 'visible' });
    await page.keyboard.press('Space');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('open-shortcut-help').textContent()).toBe('Keyboard shortcuts');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('open-shortcut-help');

    // Focus is back on the help button; / jumps to the number search, where keys are typing again.
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('field-number');
    await page.keyboard.type('x'); // typed into the box, not a shortcut
    expect(await page.getByTestId('selected-count').textContent()).toBe('0 selected');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Tab');

    const firstNumber = Number(await rows.first().getAttribute('data-number'));
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/alerts\/[0-9a-f-]{36}$/);
    expect(await page.getByTestId('alert-title').textContent()).toBe(`ALR-${firstNumber}`);
  });

  it('opens the most urgent unassigned alert with "Next alert"', async () => {
    await page.goto(url('/alerts'));
    const unassigned = page.locator('[data-testid="queue-row"]').filter({ has: page.locator('[data-testid="row-assignee"]', { hasText: 'nobody' }) });
    const expected = await unassigned.first().getAttribute('data-number');
    await page.getByTestId('next-alert').click();
    await page.waitForURL(/\/alerts\/[0-9a-f-]{36}$/);
    expect(await page.getByTestId('alert-title').textContent()).toBe(`ALR-${expected}`);
  });

  let passNumber = 0;

  it('shows an alert: reasons with version and weight, the event, the hourly flow as SVG with a table, occurrences; fits 1280x800 and passes axe', async () => {
    passNumber = await numberOfAlert(passThrough);
    const reasons = page.getByTestId('reason-row');
    expect(await reasons.count()).toBeGreaterThanOrEqual(1);
    expect(await reasons.first().textContent()).toMatch(/pass_through\s*v1\s*45/);
    expect(await page.getByTestId('risk-score').textContent()).toBe('45');
    expect(await page.getByTestId('alert-event').textContent()).toContain('9,000 EUR');
    expect(await page.getByTestId('subject-id').textContent()).toBe('acct-7731');
    expect(await page.getByTestId('occurrence-row').count()).toBe(2);
    // The chart is drawn on the server: in and out bars, each named on hover, with the figures as a table.
    const chart = page.getByTestId('flow-chart');
    expect(await chart.locator('svg[role="img"]').getAttribute('aria-label')).toContain('10,000 EUR in, 18,500 EUR out');
    expect(await chart.locator('[data-side="in"]').count()).toBe(2);
    expect(await chart.locator('[data-side="out"]').count()).toBe(2);
    await page.getByText('Show the figures as a table').click();
    expect(await page.getByTestId('flow-table').locator('tbody tr').count()).toBe(4);
    await expectNoSidewaysScroll();
    await expectAccessible();
    keepForDocs(await screenshot(page, 'alerts-04-alert-page'), 'alert-page.png');
    // The same page as someone whose system is set to dark sees it (axe above checked both schemes).
    await page.emulateMedia({ colorScheme: 'dark' });
    keepForDocs(await screenshot(page, 'alerts-04-alert-page-dark'), 'alert-page-dark.png');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('lets analyst A request closure with a required note, and not approve it: the control says why', async () => {
    await page.getByTestId('request-closure').click();
    const form = page.getByTestId('request-closure-form');
    await form.getByTestId('field-error').first().waitFor();
    expect(await form.getByTestId('field-error').allTextContents()).toEqual(['Unknown disposition', expect.stringMatching(/^Note is required/)]);
    await page.getByLabel('Disposition').selectOption('false_positive');
    await page.getByLabel(/Why it can be closed/).fill('Salary and rent passed on to an exchange the customer declared at onboarding; nothing suspicious.');
    await page.getByTestId('request-closure').click();
    await expect.poll(() => page.getByTestId('alert-status').textContent()).toBe('pending closure');
    expect(await page.getByTestId('requested-by').textContent()).toBe(`${install.analyst.name} (you)`);
    expect(await page.getByTestId('note-body').last().textContent()).toContain('declared at onboarding');
    const approve = page.getByTestId('approve-closure');
    expect(await approve.isDisabled()).toBe(true);
    expect(await page.getByTestId('approve-reason').textContent()).toBe('The person who requested closure cannot approve it.');
    const describedBy = await approve.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('The person who requested closure cannot approve it.');
    expect(await page.getByTestId('reject-closure').isDisabled()).toBe(true);
    expect(await page.getByTestId('reject-reason').textContent()).toBe('Only a reviewer or an admin can approve or reject.');
    await expectAccessible();
    await screenshot(page, 'alerts-05-closure-requested');
    await signOut();
  });

  it('lets reviewer B approve it, after which the alert leaves the queue; B cannot approve a closure B asked for', async () => {
    await signIn(install.reviewer.email, install.reviewer.password);
    await page.goto(url(`/alerts/${passThrough}`));
    expect(await page.getByTestId('approve-reason').count()).toBe(0);
    await page.getByTestId('approve-closure').click();
    await expect.poll(() => page.getByTestId('alert-status').textContent()).toBe('closed');
    expect(await page.getByTestId('alert-closure').textContent()).toContain(`Approved by${install.reviewer.name} (you)`);
    await screenshot(page, 'alerts-06-closure-approved');
    await page.goto(url('/alerts'));
    await page.getByTestId('queue-row').first().waitFor();
    expect(await row(passNumber).count()).toBe(0);
    await page.goto(url('/alerts?queue=closed'));
    expect(await row(passNumber).count()).toBe(1);

    // B asks to close another alert: an analyst then sees the role, not four-eyes, as the reason.
    await page.goto(url(`/alerts/${others[0]}`));
    await page.getByLabel('Disposition').selectOption('escalated');
    await page.getByLabel(/Why it can be closed/).fill('Passed to the investigations team.');
    await page.getByTestId('request-closure').click();
    await expect.poll(() => page.getByTestId('alert-status').textContent()).toBe('pending closure');
    expect(await page.getByTestId('approve-reason').textContent()).toBe('The person who requested closure cannot approve it.');
    await signOut();
    await signIn(install.analyst.email, install.analyst.password);
    await page.goto(url(`/alerts/${others[0]}`));
    expect(await page.getByTestId('approve-closure').isDisabled()).toBe(true);
    expect(await page.getByTestId('approve-reason').textContent()).toBe('Only a reviewer or an admin can approve or reject.');
  });

  it('shows a screening alert: the matches as reasons, a link to the screening, no money flow; passes axe', async () => {
    const api = (p: string, init: RequestInit = {}) =>
      fetch(url(p), { ...init, headers: { authorization: `Bearer ${install.key}`, 'content-type': 'application/json' } });
    // The sample list loads at start; wait until the matcher uses it.
    await expect
      .poll(async () => ((await (await api('/v1/screening/lists')).json()) as { lists: { code: string }[] }).lists.map((l) => l.code), { timeout: 30_000 })
      .toContain('sample');
    const screened = await api('/v1/screenings', { method: 'POST', body: JSON.stringify({ name: 'Viktor Fictionov', kind: 'person', reference: 'cust-5501' }) });
    expect(screened.status).toBe(200);
    const screening = (await screened.json()) as { id: string; status: string; alert_id: string };
    expect(screening.status).toBe('potential_match');
    const screeningNumber = await numberOfAlert(screening.alert_id);
    expect(await page.getByTestId('reason-row').first().textContent()).toContain('screening_sanctions');
    expect(await page.getByTestId('alert-event').getByRole('link').getAttribute('href')).toBe(`/screenings/${screening.id}`);
    expect(await page.getByTestId('subject-id').textContent()).toBe('cust-5501');
    expect(await page.getByTestId('alert-flow').count()).toBe(0);
    expect(await page.getByTestId('alert-occurrences').count()).toBe(0);
    await expectNoSidewaysScroll();
    await expectAccessible();
    await screenshot(page, 'alerts-07-screening-alert');
    // The queue now: the high-priority screening alert first, due in a day.
    await page.goto(url('/alerts'));
    expect(await page.getByTestId('queue-row').first().getAttribute('data-number')).toBe(String(screeningNumber));
    keepForDocs(await screenshot(page, 'alerts-08-queue'), 'alert-queue.png');
  });

  it('ran every screen above under the Content Security Policy without a single violation', () => {
    expect(browser.policyViolations).toEqual([]);
  });
});
