import { sql } from 'drizzle-orm';
import type { Database, Tx } from '@/db/client';
import type { ListFile, ListFileEntry } from './list-file';
import { refreshHeldScreeningIndex } from './list-index';
import { toListDescriptor, type ListDescriptor } from './serialize';

/** Rows per INSERT: one JSON parameter per batch, unpacked by PostgreSQL. */
export const LOAD_BATCH_SIZE = 2_000;

export interface LoadOptions {
  /** Progress lines (the admin command writes them to stderr). Called inside the transaction: throwing aborts the load. */
  progress?: (line: string) => void;
  /** Load only when no list is loaded at all (the start-up sample list). */
  onlyIfNoList?: boolean;
  batchSize?: number;
  /** Runs inside the load's transaction once the list is in place (the console's audit entry): throwing aborts the load. */
  inTransaction?: (tx: Tx, descriptor: ListDescriptor) => Promise<void>;
}

export interface LoadResult {
  descriptor: ListDescriptor;
  /** `screening_list_state.version` after the load. */
  stateVersion: number;
}

/** Serialises list loads across the install, for the rest of the transaction. */
async function lockListLoads(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('screening-lists'), 0)`);
}

async function insertBatch(tx: Tx, code: string, batch: ListFileEntry[]): Promise<void> {
  const rows = batch.map((e) => ({
    ref: e.ref,
    kind: e.kind,
    name: e.name,
    category: e.category,
    aliases: e.aliases ?? [],
    countries: e.countries ?? [],
    program: e.program ?? null,
    birth_year: e.birth_year ?? null,
  }));
  await tx.execute(sql`
    INSERT INTO screening_list_entries (list_code, ref, kind, name, category, aliases, countries, program, birth_year)
    SELECT ${code}, r.ref, r.kind, r.name, r.category, r.aliases, r.countries, r.program, r.birth_year
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS r(ref text, kind text, name text, category text, aliases jsonb, countries jsonb, program text, birth_year integer)`);
}

/**
 * Replaces the list with the file's `code` (or adds it) in ONE transaction: the list row is upserted
 * with its entry count and `loaded_at`, its entries are deleted and inserted again in batches, and
 * `screening_list_state.version` rises so every instance rebuilds its index. A reader sees the old
 * list or the new one, never a mix; a failure leaves the old list as it was. Loads are serialised by
 * an advisory lock. Lists are shared by the whole install, so no organisation's audit log is written.
 * The file must have been checked (`checkListFile`). Answers null when `onlyIfNoList` found a list.
 * An index this process holds is rebuilt before it returns; other instances notice within seconds.
 */
export async function loadScreeningList(db: Database, file: ListFile, options: LoadOptions = {}): Promise<LoadResult | null> {
  const progress = options.progress ?? (() => undefined);
  const batchSize = Math.max(1, options.batchSize ?? LOAD_BATCH_SIZE);
  const started = performance.now();
  const result = await db.transaction(async (tx) => {
    await lockListLoads(tx);
    if (options.onlyIfNoList) {
      const any = await tx.execute(sql`SELECT 1 FROM screening_lists LIMIT 1`);
      if (any.rows.length > 0) return null;
    }
    const upserted = await tx.execute<{ code: string; name: string; version: string; entries: number; loaded_at: Date | string }>(sql`
      INSERT INTO screening_lists (code, name, version, entries, loaded_at)
      VALUES (${file.code}, ${file.name}, ${file.version}, ${file.entries.length}, now())
      ON CONFLICT (code) DO UPDATE
        SET name = excluded.name, version = excluded.version, entries = excluded.entries, loaded_at = excluded.loaded_at
      RETURNING code, name, version, entries, loaded_at`);
    const row = upserted.rows[0];
    if (!row) throw new Error('screening list upsert returned no row');
    const removed = await tx.execute(sql`DELETE FROM screening_list_entries WHERE list_code = ${file.code}`);
    if ((removed.rowCount ?? 0) > 0) progress(`removed the ${removed.rowCount} entries of the loaded list ${file.code}`);
    for (let i = 0; i < file.entries.length; i += batchSize) {
      const batch = file.entries.slice(i, i + batchSize);
      await insertBatch(tx, file.code, batch);
      progress(`inserted ${i + batch.length} of ${file.entries.length} entries`);
    }
    // The time of this statement, not of the transaction's start: instances measure how long their index
    // has been out of date from it, and a long load must not look old the moment it commits.
    const state = await tx.execute<{ version: number | string }>(sql`
      INSERT INTO screening_list_state (id, version, changed_at) VALUES (1, 1, clock_timestamp())
      ON CONFLICT (id) DO UPDATE SET version = screening_list_state.version + 1, changed_at = clock_timestamp()
      RETURNING version`);
    const descriptor = toListDescriptor({
      code: row.code,
      name: row.name,
      version: row.version,
      entries: Number(row.entries),
      loadedAt: new Date(row.loaded_at),
    });
    await options.inTransaction?.(tx, descriptor);
    return { descriptor, stateVersion: Number(state.rows[0]?.version) };
  });
  if (result) {
    progress(`list ${file.code} version ${file.version} loaded in ${Math.round(performance.now() - started)} ms`);
    await refreshHeldScreeningIndex(db);
  }
  return result;
}
