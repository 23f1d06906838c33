import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../tests/support/processes';
import { openBrowser, screenshot, type Browser } from './support/browser';
import { fitsWidth, keepForDocs, seriousViolations } from './support/screens';
import { signInThroughForm, signOutThroughNav } from './support/session';
import { startTestService, type RunningService } from './support/server';

// Screening review and approvals in the browser: a potential match cleared by one person and approved
// by another (its alert closes), an alert closure asked for in the console that the asker's own API key
// cannot approve, and axe on every screen of these flows.

const ORG = 'Harbour Mutual Bank';
const ANA = { name: 'Ana Analyst', email: 'ana@harbour.example', password: 'ana has a long passphrase', role: 'analyst' };
const REX = { name: 'Rex Reviewer', email: 'rex@harbour.example', password: 'rex has a long passphrase', role: 'reviewer' };
const ADA = { name: 'Ada Admin', email: 'ada@harbour.example', password: 'ada has a long passphrase', role: 'admin' };

let service: RunningService;
let browser: Browser;
let page: Page;
const url = (p: string) => `${service.baseUrl}${p}`;

const signIn = (who: { email: string; password: string }) => signInThroughForm(page, service.baseUrl, who);

const signOut = () => signOutThroughNav(page);

async function text(testId: string): Promise<string> {
  const el = page.getByTestId(testId).first();
  await el.waitFor({ state: 'visible' });
  return ((await el.textContent()) ?? '').trim();
}

let apiKey = '';
const api = (p: string, init: RequestInit = {}) =>
  fetch(url(p), { ...init, headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...(init.headers ?? {}) } });

describe('screening review and approvals in the console', () => {
  beforeAll(async () => {
    service = await startTestService({ SERVICE_SCREENING_SAMPLE: 'true', SERVICE_RATE_LIMIT: '0' });
    const env = { SERVICE_DATABASE_URL: service.databaseUrl, SERVICE_LOG_LEVEL: 'warn' };
    const org = await runCli(['orgs', 'create', '-name', ORG], env);
    expect(org.code, org.stderr).toBe(0);
    for (const p of [ANA, REX, ADA]) {
      const made = await runCli(['people', 'create', '-org', ORG, '-email', p.email, '-name', p.name, '-role', p.role, '-password', p.password], env);
      expect(made.code, made.stderr).toBe(0);
    }
    browser = await openBrowser();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  let screeningId = '';
  let matchCount = 0;

  it('lets an analyst screen a name on the sample list from the console and see each match beside the subject', async () => {
    await signIn(ANA);
    expect(await text('my-approvals')).toBe('—');
    expect(await page.getByTestId('service-state').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, '30-home-analyst');

    await page.getByRole('link', { name: 'Screenings' }).click();
    await page.waitForURL(url('/screenings'));
    expect(await text('empty-state')).toContain('No screening yet');
    await page.getByTestId('new-screening').click();
    await page.waitForURL(url('/screenings/new'));
    expect(await text('lists-in-force')).toContain('version 2026-01');
    expect(await seriousViolations(page)).toEqual([]);

    // A refusal is shown beside its box, and what was typed stays.
    await page.getByLabel('Name', { exact: true }).fill('Jonas Testaverde');
    await page.getByLabel('Birth year').fill('1850');
    await page.getByTestId('screen-name').click();
    expect(await text('field-error')).toBe('The birth year looks wrong');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Jonas Testaverde');
    await screenshot(page, '31-screen-a-name-refused');

    // No kind: people and businesses are both candidates, so the namesake company is a near miss.
    await page.getByLabel('Birth year').fill('1958');
    await page.getByLabel('Country').fill('nl');
    await page.getByLabel('Reference').fill('cust-7781');
    await page.getByTestId('screen-name').click();
    await page.waitForURL(/\/screenings\/[0-9a-f-]{36}$/);
    screeningId = page.url().split('/').pop() as string;

    expect(await text('screening-status')).toBe('potential match');
    expect(await text('screening-review')).toBe('to review');
    const card = page.locator('[data-testid="match-card"][data-entry="SAMPLE-005"]');
    await card.waitFor();
    const cardText = (await card.textContent()) ?? '';
    expect(cardText).toContain('Jonas Testaverde');
    expect(cardText).toContain('same birth year');
    expect(cardText).toContain('same country');
    // The near miss is shown beside the subject too, with its reasons, and needs no decision.
    const near = page.locator('[data-testid="near-card"][data-entry="SAMPLE-007"]');
    expect(await near.textContent()).toContain('Testaverde Holdings B.V.');
    expect(await page.getByTestId('lists').textContent()).toContain('2026-01');
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, '32-screening-potential-match');
  });

  it('records a false positive with a note on every match; the analyst cannot approve it, and the control says why', async () => {
    const cards = page.getByTestId('match-card');
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    matchCount = count;
    for (let i = 0; i < count; i++) {
      const card = cards.nth(i);
      // A missing note is refused beside the box.
      await card.getByLabel(/^not the same/).check();
      await card.getByTestId('record-resolution').click();
      expect((await card.getByTestId('field-error').first().textContent())?.trim()).toBe('Note must be 1 to 2000 characters');
      // By keyboard: the note box, then Tab to the button and Enter.
      await card.getByLabel('Note').fill('Different person: our customer is a Dutch dentist born 1958 in Utrecht, never held public office.');
      await card.getByLabel('Note').press('Tab');
      await page.keyboard.press('Enter');
      await card.getByTestId('pending-decision').waitFor();
    }
    expect(await text('screening-review')).toBe('waiting for approval');
    const approve = page.getByTestId('approve').first();
    expect(await approve.isDisabled()).toBe(true);
    expect(await text('decision-refusal')).toBe('Only a reviewer or an admin can approve or reject.');
    // The reason is the disabled control's description, not only text nearby.
    const describedBy = await approve.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toContain('Only a reviewer or an admin');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, '33-screening-cleared-waiting');

    await page.getByRole('link', { name: /Approvals/ }).click();
    await page.waitForURL(url('/approvals'));
    expect(await text('role-note')).toContain('only a reviewer or an admin can approve or reject');
    const rows = page.getByTestId('approval-row');
    expect(await rows.count()).toBe(count);
    expect(await rows.first().getByTestId('approve').isDisabled()).toBe(true);
    expect(await rows.first().getByTestId('reject').isDisabled()).toBe(true);
    await screenshot(page, '34-approvals-analyst');
    await signOut();
  });

  it("lets a reviewer approve the clearance on /approvals: the screening is cleared and its alert closes", async () => {
    await signIn(REX);
    expect(await text('my-approvals')).toBe(String(matchCount));
    expect(await text('nav-count-approvals')).toBe(`${matchCount} waiting`);
    await page.getByRole('link', { name: /Approvals/ }).click();
    await page.waitForURL(url('/approvals'));
    expect(await text('approval-counts')).toBe(`0 alert closures · ${matchCount} screening ${matchCount === 1 ? 'clearance' : 'clearances'}`);
    const row = page.getByTestId('approval-row').first();
    expect(await row.getAttribute('data-kind')).toBe('screening_clearance');
    expect(await row.textContent()).toContain('Ana Analyst');
    expect(await row.getByTestId('approve').isEnabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    keepForDocs(await screenshot(page, '35-approvals-reviewer'), 'approvals.png');

    // A cursor from an edited link is named and the first page shown, never an error page.
    await page.goto(url('/approvals?cursor=not-a-cursor'));
    expect(await text('list-problems')).toContain('cursor is not valid');
    expect(await page.getByTestId('approval-row').count()).toBe(matchCount);

    // Approved by keyboard, row after row, in place.
    for (let left = matchCount; left > 0; left--) {
      await page.getByTestId('approval-row').first().getByTestId('approve').focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="approval-row"]').length === n, left - 1);
    }
    await page.getByTestId('empty-state').waitFor();
    expect(await page.getByTestId('nav-count-approvals').count()).toBe(0);

    await page.goto(url(`/screenings/${screeningId}`));
    expect(await text('screening-review')).toBe('cleared');
    expect(await text('standing-decision')).toContain('approved by Rex Reviewer');
    expect(await seriousViolations(page)).toEqual([]);
    keepForDocs(await screenshot(page, '36-screening-cleared'), 'screening-page.png');

    await page.goto(url('/screenings?review=cleared'));
    expect(await page.getByTestId('screening-row').count()).toBe(1);
    await page.goto(url('/screenings?status=clear'));
    expect(await text('empty-state')).toContain('No screening matches these filters');
    await page.getByLabel('Review').selectOption('open');
    await page.getByLabel('Result').selectOption('');
    await page.getByTestId('apply-filters').click();
    await page.waitForURL(url('/screenings?status=&review=open'));
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(url('/screenings?cursor=not-a-cursor'));
    expect(await text('list-problems')).toContain('cursor is not valid');
    expect(await page.getByTestId('screening-row').count()).toBe(1);
    await page.goto(url('/screenings'));
    expect(await page.getByTestId('screening-row').count()).toBe(1);
    await screenshot(page, '36-screenings-list');
    await signOut();
  });

  it('keeps the closure an admin asked for in the console from being approved by their own key through /v1 (403), and by them in the console', async () => {
    await signIn(ADA);
    // The admin's home keeps the service status.
    expect(await text('service-state')).toBe('The service is ready.');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, '37-home-admin');

    await page.getByRole('link', { name: 'API keys' }).click();
    await page.waitForURL(url('/settings/api-keys'));
    await page.getByLabel('Name').fill('core banking');
    await page.getByTestId('create-key').click();
    apiKey = await text('revealed-secret');
    expect(apiKey).toMatch(/^sk_/);

    // The cleared screening's alert closed with the clearing.
    const cleared = (await (await api(`/v1/screenings/${screeningId}`)).json()) as { alert_id: string };
    const closedAlert = (await (await api(`/v1/alerts/${cleared.alert_id}`)).json()) as { status: string; disposition: string };
    expect(closedAlert).toMatchObject({ status: 'closed', disposition: 'false_positive' });

    // A second potential match, whose alert the admin asks to close on the alert page.
    const screened = await api('/v1/screenings', { method: 'POST', body: JSON.stringify({ name: 'Viktor Fiktionov', kind: 'person', birth_year: 1963, reference: 'cust-9120' }) });
    const second = (await screened.json()) as { status: string; alert_id: string };
    expect(second.status).toBe('potential_match');
    await page.goto(url(`/alerts/${second.alert_id}`));
    const request = page.getByTestId('request-closure-form');
    await request.getByLabel('Disposition').selectOption('false_positive');
    await request.getByLabel('Why it can be closed').fill('A namesake: our customer is a retired teacher born 1990, not the listed person.');
    await request.getByTestId('request-closure').click();
    await page.getByTestId('closure-decision').waitFor();

    const refused = await api(`/v1/alerts/${second.alert_id}/closure/approve`, { method: 'POST' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'the person who requested closure cannot approve it' });

    await page.getByRole('link', { name: /Approvals/ }).click();
    await page.waitForURL(url('/approvals'));
    const row = page.locator(`[data-testid="approval-row"][data-id="${second.alert_id}"]`);
    expect(await row.textContent()).toContain('A namesake: our customer is a retired teacher');
    expect(await row.getByTestId('approve').isDisabled()).toBe(true);
    expect((await row.getByTestId('decision-refusal').textContent())?.trim()).toBe('The person who requested closure cannot approve it.');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, '38-approvals-own-request');
    await signOut();

    await signIn(REX);
    await page.goto(url('/approvals'));
    await page.locator(`[data-testid="approval-row"][data-id="${second.alert_id}"]`).getByTestId('approve').click();
    await page.getByTestId('empty-state').waitFor();
    const closed = (await (await api(`/v1/alerts/${second.alert_id}`)).json()) as { status: string };
    expect(closed.status).toBe('closed');
    await signOut();
  });

  it('ran every screen above under the Content Security Policy without a single violation', () => {
    expect(browser.policyViolations).toEqual([]);
  });
});
