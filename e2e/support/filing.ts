import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { startFilingSimulator, type FilingSimulator } from '../../lib/filing/simulator/server';
import { PROJECT_ROOT } from '../../tests/support/processes';
import { startTestService, type RunningService } from './server';

export const FILING_SCHEMA = path.resolve(PROJECT_ROOT, '../shared/data/filing/goaml-5.0.1.xsd');

/**
 * The filing-system simulator (acknowledging a second after acceptance) and the service pointed at it, with the
 * schema, an entity id and a filing worker that looks every half second; `env` adds or overrides settings.
 */
export async function startServiceWithFiling(env: Record<string, string> = {}): Promise<{ sim: FilingSimulator; service: RunningService }> {
  const sim = await startFilingSimulator({ schemaPath: FILING_SCHEMA, port: 0, controlPort: 0, ackDelayMs: 1_000 });
  const service = await startTestService({
    SERVICE_FILING_URL: sim.url,
    SERVICE_FILING_SCHEMA: FILING_SCHEMA,
    SERVICE_FILING_ENTITY_ID: '1001',
    SERVICE_FILING_WORKER_INTERVAL_MS: '500',
    ...env,
  });
  return { sim, service };
}

/**
 * Reloads the page until the element shows `status`: the worker asks the filing system for the acknowledgement about
 * half a minute after acceptance (its first poll), so this waits up to 90 s.
 */
export async function untilStatusAfterReloads(page: Page, testId: string, status: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByTestId(testId).textContent();
      },
      { timeout: 90_000, interval: 3_000 },
    )
    .toBe(status);
}
