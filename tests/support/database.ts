import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedHandle } from '@/db/embedded';
import { runMigrations } from '@/db/migrate';

/** Replaces the database name of a connection URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test run: on SERVICE_DATABASE_URL's server when set, else on the
 * PostgreSQL at 127.0.0.1:5432 when it answers, else on an embedded PostgreSQL in a temporary directory.
 */
export async function createTestDatabase(log: (line: string) => void = () => undefined): Promise<TestDatabase> {
  let serverUrl = process.env.SERVICE_DATABASE_URL;
  let embedded: EmbeddedHandle | undefined;
  let embeddedDir: string | undefined;
  if (!serverUrl) {
    const local = 'postgres://postgres@127.0.0.1:5432/postgres';
    if (await answers(local)) {
      serverUrl = local;
    } else {
      embeddedDir = await fs.mkdtemp(path.join(os.tmpdir(), 'aml-test-pg-'));
      await fs.chmod(embeddedDir, 0o755);
      log(`no PostgreSQL at 127.0.0.1:5432; starting an embedded one in ${embeddedDir}`);
      embedded = await startEmbeddedPostgres(embeddedDir, log);
      serverUrl = embedded.url;
    }
  }
  const name = `aml_test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = withDatabase(serverUrl, name);
  await runMigrations(url);
  log(`test database ${name} ready`);
  return {
    url,
    drop: async () => {
      const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      await embedded?.stop();
      if (embeddedDir) await fs.rm(embeddedDir, { recursive: true, force: true });
    },
  };
}
