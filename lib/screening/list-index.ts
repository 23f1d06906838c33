import { asc, eq } from 'drizzle-orm';
import type { Database, Queryable } from '@/db/client';
import { screeningListEntries, screeningLists, screeningListState } from '@/db/schema';
import { processState } from '@/lib/process-state';
import { buildScreeningIndex, screenName, type ListEntry, type ScreeningQuery, type ScreeningResult, type ScreenOptions } from './matcher';
import { toListDescriptor, type ListDescriptor } from './serialize';

/**
 * The matcher's index of every loaded list, held in memory by this instance, with the descriptors of
 * the lists it was built from: `GET /v1/screening/lists` and the screenings it answers always come
 * from the same object, so they switch together.
 */
export interface LoadedScreeningIndex {
  /** `screening_list_state.version` of the snapshot it was built from (0 before any load). */
  readonly version: number;
  readonly lists: readonly ListDescriptor[];
  /** Entries in the index. */
  readonly size: number;
  /** Milliseconds the build took (reading the entries and building the matcher's index). */
  readonly buildMs: number;
  /** Screens one name against this index. */
  screen(query: ScreeningQuery, options: ScreenOptions): ScreeningResult;
}

// How often an instance asks the database whether the lists changed: well inside the interface's 30
// seconds. A load on this instance refreshes at once (refreshScreeningIndex).
export const SCREENING_INDEX_CHECK_MS = 5_000;

interface IndexState {
  current?: LoadedScreeningIndex;
  checkedAt: number;
  checking?: Promise<number>;
  building?: Promise<LoadedScreeningIndex>;
}

// Process-wide: Next.js may bundle this module more than once, and every copy must use one index.
// The state holds plain data and closures only; `screen` is the closure of the copy that built the
// index, so an index is always searched by the matcher code that made it.
const state = processState<IndexState>('screening-index', () => ({ checkedAt: Number.NEGATIVE_INFINITY }));

async function readStateVersion(db: Queryable): Promise<number> {
  const [row] = await db.select({ version: screeningListState.version }).from(screeningListState).where(eq(screeningListState.id, 1));
  return row?.version ?? 0;
}

/** One concurrent version check per instance. */
function checkVersion(db: Queryable): Promise<number> {
  state.checking ??= readStateVersion(db).finally(() => {
    state.checking = undefined;
  });
  return state.checking;
}

/**
 * Reads the version, the lists and their entries in ONE repeatable-read snapshot (so a load
 * committing meanwhile is seen whole or not at all), then builds the matcher's index outside the
 * transaction.
 */
async function buildFromDatabase(db: Database): Promise<LoadedScreeningIndex> {
  const started = performance.now();
  const snapshot = await db.transaction(
    async (tx) => {
      const version = await readStateVersion(tx);
      const lists = await tx.select().from(screeningLists).orderBy(asc(screeningLists.code));
      const entries = await tx.select().from(screeningListEntries).orderBy(asc(screeningListEntries.listCode), asc(screeningListEntries.ref));
      return { version, lists, entries };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const index = buildScreeningIndex(
    (function* toEntries(): Generator<ListEntry> {
      for (const e of snapshot.entries) {
        const entry: ListEntry = { list: e.listCode, ref: e.ref, kind: e.kind, name: e.name, category: e.category };
        if (e.aliases.length > 0) entry.aliases = e.aliases;
        if (e.countries.length > 0) entry.countries = e.countries;
        if (e.program !== null) entry.program = e.program;
        if (e.birthYear !== null) entry.birth_year = e.birthYear;
        yield entry;
      }
    })(),
  );
  return Object.freeze({
    version: snapshot.version,
    lists: Object.freeze(snapshot.lists.map(toListDescriptor)),
    size: index.size,
    buildMs: Math.round(performance.now() - started),
    screen: (query: ScreeningQuery, options: ScreenOptions) => screenName(index, query, options),
  });
}

/**
 * Starts a build unless one is running, and installs its result. Builds run one at a time and each
 * reads the latest snapshot when it starts, so installing whatever finishes never goes backwards.
 */
function startBuild(db: Database): Promise<LoadedScreeningIndex> {
  state.building ??= buildFromDatabase(db)
    .then((built) => {
      state.current = built;
      return built;
    })
    .finally(() => {
      state.building = undefined;
    });
  return state.building;
}

/**
 * The index this instance screens with. Checks `screening_list_state.version` at most every
 * SCREENING_INDEX_CHECK_MS; when it changed, a new index is built in the background while
 * screenings keep using the old one, and swapped in when ready. Waits for a build only when there is
 * nothing to screen with yet (first use, or no list loaded so far).
 */
export async function screeningIndex(db: Database, now = Date.now()): Promise<LoadedScreeningIndex> {
  const current = state.current;
  if (current && now - state.checkedAt < SCREENING_INDEX_CHECK_MS) return current;
  if (!current) {
    const built = await startBuild(db);
    state.checkedAt = now;
    return state.current ?? built;
  }
  const version = await checkVersion(db);
  state.checkedAt = now;
  if (version === current.version) return current;
  const building = startBuild(db);
  if (current.lists.length === 0) return building;
  building.catch((err: unknown) =>
    console.error(JSON.stringify({ level: 'error', msg: 'screening index rebuild failed', error: err instanceof Error ? err.message : String(err) })),
  );
  return current;
}

/**
 * Brings this instance's index up to the database's version now and waits for it (after a list load
 * on this instance, and in tests). Answers the index in use afterwards.
 */
export async function refreshScreeningIndex(db: Database): Promise<LoadedScreeningIndex> {
  if (state.building) await state.building.catch(() => undefined);
  const version = await readStateVersion(db);
  const current = state.current;
  state.checkedAt = Date.now();
  if (current && current.version === version) return current;
  const built = await startBuild(db);
  // A build that was already running may predate the version read above: build once more.
  if (built.version < version) return startBuild(db);
  return built;
}

/**
 * After a list load committed in this process: an index this process holds is rebuilt at once and
 * swapped in before the load returns, so the next screening here already uses the new list. A
 * process that never screened (the admin command) builds nothing. A failed rebuild is logged and
 * left to the next periodic check; the load itself has committed.
 */
export async function refreshHeldScreeningIndex(db: Database): Promise<void> {
  if (!state.current && !state.building) return;
  try {
    await refreshScreeningIndex(db);
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', msg: 'screening index rebuild after a load failed', error: err instanceof Error ? err.message : String(err) }));
  }
}

/** Resolves when no index build of this instance is running (tests). */
export async function screeningIndexSettled(): Promise<void> {
  while (state.building) await state.building.catch(() => undefined);
}

/** Forgets this instance's index (tests). */
export function forgetScreeningIndex(): void {
  state.current = undefined;
  state.checkedAt = Number.NEGATIVE_INFINITY;
}
