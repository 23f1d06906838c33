import { asc, eq, sql } from 'drizzle-orm';
import { getDb, type Database, type Queryable } from '@/db/client';
import { screeningListEntries, screeningLists, screeningListState } from '@/db/schema';
import { log } from '@/lib/log';
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
// seconds. Once an index exists, a timer asks even while no request arrives, so an idle instance is
// current when the next one comes. A load on this instance refreshes at once (refreshScreeningIndex).
export const SCREENING_INDEX_CHECK_MS = 5_000;
// The interface's bound for a loaded list to reach running instances. A request that finds the index
// in use older than this (timer not run: event loop blocked, process suspended) waits for the rebuild.
export const SCREENING_PROPAGATION_MS = 30_000;

interface IndexState {
  current?: LoadedScreeningIndex;
  checkedAt: number;
  checking?: Promise<number>;
  building?: Promise<LoadedScreeningIndex>;
  /** Newest `screening_list_state.version` seen in the database. */
  newest: number;
  /** While `current` is older than the database: when the database changed (this process's clock). */
  staleSince?: number;
  poller?: ReturnType<typeof setInterval>;
  pollingPaused?: boolean;
}

// Process-wide: Next.js may bundle this module more than once, and every copy must use one index.
// The state holds plain data and closures only; `screen` is the closure of the copy that built the
// index, so an index is always searched by the matcher code that made it.
const state = processState<IndexState>('screening-index', () => ({ checkedAt: Number.NEGATIVE_INFINITY, newest: 0 }));

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function readStateVersion(db: Queryable): Promise<number> {
  const [row] = await db.select({ version: screeningListState.version }).from(screeningListState).where(eq(screeningListState.id, 1));
  return row?.version ?? 0;
}

/**
 * The version and when it changed. The age is measured by the database's clock alone, so clock skew
 * between this host and the database does not matter.
 */
async function readChange(db: Queryable): Promise<{ version: number; changedAt: number }> {
  const [row] = await db
    .select({
      version: screeningListState.version,
      ageMs: sql<number>`greatest(0, extract(epoch from clock_timestamp() - ${screeningListState.changedAt}) * 1000)::float8`,
    })
    .from(screeningListState)
    .where(eq(screeningListState.id, 1));
  return { version: row?.version ?? 0, changedAt: Date.now() - Number(row?.ageMs ?? 0) };
}

/** One concurrent version check per instance; notes when the index in use became stale. */
function checkVersion(db: Queryable): Promise<number> {
  state.checking ??= readChange(db)
    .then(({ version, changedAt }) => {
      state.newest = Math.max(state.newest, version);
      if (state.current && version !== state.current.version) state.staleSince = Math.min(state.staleSince ?? changedAt, changedAt);
      return version;
    })
    .finally(() => {
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
 * reads the latest snapshot when it starts, so installing whatever finishes never goes backwards. A
 * failure is logged here once; callers that wait see it too.
 */
function startBuild(db: Database): Promise<LoadedScreeningIndex> {
  if (state.building) return state.building;
  const building = buildFromDatabase(db)
    .then((built) => {
      state.current = built;
      if (built.version >= state.newest) state.staleSince = undefined;
      startPolling();
      return built;
    })
    .finally(() => {
      state.building = undefined;
    });
  state.building = building;
  building.catch((err: unknown) => log('error', 'screening index build failed', { error: message(err) }));
  return building;
}

/** Asks for the version and starts a rebuild when it changed, without waiting for the rebuild. */
async function poll(): Promise<void> {
  if (!state.current || state.building || state.pollingPaused) return;
  try {
    const db = getDb();
    const version = await checkVersion(db);
    state.checkedAt = Date.now();
    if (state.current && version !== state.current.version) void startBuild(db);
  } catch (err) {
    log('warn', 'screening list version check failed', { error: message(err) });
  }
}

/** One timer per process, from the first installed index on; unref'd, so it never keeps a process alive. */
function startPolling(): void {
  if (state.poller) return;
  state.poller = setInterval(() => void poll(), SCREENING_INDEX_CHECK_MS);
  state.poller.unref();
}

/**
 * The index this instance screens with. The version is checked at most every
 * SCREENING_INDEX_CHECK_MS (by the timer, or here when it has not run); when it changed, a new index
 * is built in the background while screenings keep using the old one, and swapped in when ready.
 * Waits for a build when there is nothing to screen with yet (first use, or no list loaded so far),
 * and when the index in use has been out of date for longer than SCREENING_PROPAGATION_MS.
 */
export async function screeningIndex(db: Database, now = Date.now()): Promise<LoadedScreeningIndex> {
  const current = state.current;
  if (!current) {
    const built = await startBuild(db);
    state.checkedAt = now;
    return state.current ?? built;
  }
  if (now - state.checkedAt >= SCREENING_INDEX_CHECK_MS) {
    const version = await checkVersion(db);
    state.checkedAt = now;
    if (version !== current.version) void startBuild(db);
  }
  // A build may have been swapped in while the version was read.
  if (state.current && state.current !== current) return state.current;
  if (state.building && current.lists.length === 0) return state.building;
  if (state.staleSince !== undefined && now - state.staleSince > SCREENING_PROPAGATION_MS) return state.building ?? startBuild(db);
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
    log('error', 'screening index rebuild after a load failed', { error: message(err) });
  }
}

/** The index this process holds now, without asking the database (undefined before the first build). */
export function heldScreeningIndex(): LoadedScreeningIndex | undefined {
  return state.current;
}

/** Resolves when no index build of this instance is running (tests). */
export async function screeningIndexSettled(): Promise<void> {
  while (state.building) await state.building.catch(() => undefined);
}

/** Stops the timer's checks until the returned function is called (tests that drive the checks themselves). */
export function pauseScreeningIndexPolling(): () => void {
  state.pollingPaused = true;
  return () => {
    state.pollingPaused = false;
  };
}

/** Forgets this instance's index and stops its timer (tests). */
export function forgetScreeningIndex(): void {
  state.current = undefined;
  state.checkedAt = Number.NEGATIVE_INFINITY;
  state.newest = 0;
  state.staleSince = undefined;
  if (state.poller) clearInterval(state.poller);
  state.poller = undefined;
}
