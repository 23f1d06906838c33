import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { PROJECT_ROOT } from '../../tests/support/processes';

/** Debian's Chromium; playwright-core never downloads a browser of its own here. */
export const CHROMIUM = '/usr/bin/chromium';
export const SCREENSHOTS = path.join(PROJECT_ROOT, 'test-results');

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Every Content Security Policy violation any page of this browser reported, in order. */
  policyViolations: string[];
  close(): Promise<void>;
}

/** A headless Chromium with a fresh profile directory (no cookies from an earlier test). */
export async function openBrowser(): Promise<Browser> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'aml-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 900 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  context.setDefaultTimeout(30_000);
  // A refused script or style shows as a `securitypolicyviolation` event in the page and as a console
  // error from Chromium; both are kept, so a screen that only works with the policy off fails its test.
  const policyViolations: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} in ${e.documentURI}`);
    });
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|CSP violation/.test(message.text())) policyViolations.push(message.text());
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    policyViolations,
    close: async () => {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A full-page screenshot into test-results/ (not committed), to look at what a person sees. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
