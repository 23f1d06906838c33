import { existsSync } from 'node:fs';
import { buildForBrowserTests } from './support/build';
import { CHROMIUM } from './support/browser';

/** Once per run: the browser must be there (CI installs Debian's chromium), and the app built for the tests. */
export default function setup(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install Debian's browser with "apt-get update && apt-get install -y chromium"`);
  }
  buildForBrowserTests((line) => process.stderr.write(`[e2e] ${line}\n`));
}
