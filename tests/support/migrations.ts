import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { MIGRATIONS_FOLDER } from '@/db/migrate';

/** A copy of the migrations folder holding only the migrations before `tag`. */
export async function migrationsBefore(tag: string): Promise<string> {
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
