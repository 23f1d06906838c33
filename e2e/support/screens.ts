import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { PROJECT_ROOT } from '../../tests/support/processes';

/**
 * Serious or critical accessibility problems axe finds on the page as it is now, one line each (empty
 * when none), in the light and the dark colour scheme (contrast differs between them).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  // After a client-side navigation (a sign-in's redirect) the page's title is streamed in after its
  // content; wait for it, so the check reads the settled page. A page without a title still fails here.
  await page.waitForFunction(() => document.title.trim() !== '', undefined, { timeout: 5000 }).catch(() => undefined);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const result = await new AxeBuilder({ page }).analyze();
    found.push(
      ...result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${scheme}: ${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    );
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

/** True when the page fits its viewport's width (nothing to scroll sideways). */
export const fitsWidth = (page: Page): Promise<boolean> => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * With AML_SAVE_DOC_SCREENSHOTS=1 a screenshot also replaces its copy under docs/screenshots/ (committed
 * by hand when the screen changed), so an ordinary run leaves the tree as it was.
 */
export function keepForDocs(file: string, name: string): void {
  if (process.env.AML_SAVE_DOC_SCREENSHOTS !== '1') return;
  const docs = path.join(PROJECT_ROOT, 'docs/screenshots');
  mkdirSync(docs, { recursive: true });
  copyFileSync(file, path.join(docs, name));
}
