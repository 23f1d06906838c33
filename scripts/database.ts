import { startEmbeddedPostgres, type EmbeddedHandle } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import { reloadSettings, settings } from '../lib/config';

/**
 * Points the process at its database: SERVICE_DATABASE_URL when set, else the embedded PostgreSQL in
 * SERVICE_DATA_DIR (started, or joined when another process of this install already runs it).
 * Migrations are applied either way.
 */
export async function prepareDatabase(progress: (line: string) => void): Promise<EmbeddedHandle | undefined> {
  let embedded: EmbeddedHandle | undefined;
  let url = settings().databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(settings().dataDir, progress);
    url = embedded.url;
    process.env.SERVICE_DATABASE_URL = url;
    reloadSettings();
  }
  progress('applying database migrations');
  await runMigrations(url);
  return embedded;
}
