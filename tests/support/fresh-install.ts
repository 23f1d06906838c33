import { closeDb } from '@/db/client';
import { reloadSettings } from '@/lib/config';
import { createTestDatabase } from './database';

/**
 * Setup happens once per install, so setup tests each need an install of their own: a new, migrated
 * database on the run's server, which this worker's data layer then uses (each test file runs in its own
 * worker). Returns a function that drops it and points the worker back where it was.
 */
export async function freshInstall(settings: Record<string, string | undefined> = {}): Promise<() => Promise<void>> {
  const previous = { SERVICE_DATABASE_URL: process.env.SERVICE_DATABASE_URL, ...Object.fromEntries(Object.keys(settings).map((k) => [k, process.env[k]])) };
  const database = await createTestDatabase();
  await closeDb();
  applyEnv({ ...settings, SERVICE_DATABASE_URL: database.url });
  return async () => {
    await closeDb();
    applyEnv(previous);
    await database.drop();
  };
}

function applyEnv(values: Record<string, string | undefined>): void {
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  reloadSettings();
}
