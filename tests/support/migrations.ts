import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { MIGRATIONS_FOLDER, runMigrations } from '@/db/migrate';
import { withDatabase } from './database';

/** A copy of the migrations folder holding only the migrations before `tag`. */
async function migrationsBefore(tag: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'aml-migrations-'));
  await fs.cp(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as { entries: Array<{ idx: number; tag: string }> };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  await fs.writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

/**
 * A migration tried on data written before it: a fresh database migrated up to the migration `tag`
 * (not included), and `test` given a client of it and `migrate`, which applies the rest. The database is
 * dropped afterwards.
 */
export async function beforeMigration(tag: string, test: (client: pg.Client, migrate: () => Promise<void>) => Promise<void>): Promise<void> {
  const name = `aml_migration_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: withDatabase(inject('databaseUrl'), 'postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const folder = await migrationsBefore(tag);
  try {
    const url = withDatabase(inject('databaseUrl'), name);
    await runMigrations(url, folder);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await test(client, () => runMigrations(url));
    } finally {
      await client.end();
    }
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
