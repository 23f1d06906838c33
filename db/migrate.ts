import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

/** The folder of committed migrations, found from the project root (the directory holding package.json). */
export const MIGRATIONS_FOLDER = path.resolve(process.env.AML_PROJECT_ROOT ?? process.cwd(), 'db/migrations');

// Any fixed number works; it only has to be the same for every instance of the service.
const MIGRATION_LOCK = 727_001;

/** Applies pending migrations. An advisory lock makes concurrent starts of several instances safe. */
export async function runMigrations(url: string, folder = MIGRATIONS_FOLDER): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SET client_min_messages TO warning');
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder: folder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}
