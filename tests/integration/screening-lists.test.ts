import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as listsRoute from '@/app/v1/screening/lists/route';
import * as screeningsRoute from '@/app/v1/screenings/route';
import { getDb } from '@/db/client';
import { screeningListEntries, screeningLists, screeningListState } from '@/db/schema';
import { checkListFile, ListFileError } from '@/lib/screening/list-file';
import {
  heldScreeningIndex,
  pauseScreeningIndexPolling,
  refreshScreeningIndex,
  screeningIndex,
  screeningIndexSettled,
  SCREENING_INDEX_CHECK_MS,
  SCREENING_PROPAGATION_MS,
} from '@/lib/screening/list-index';
import { loadScreeningList } from '@/lib/screening/load-list';
import { call, newOrg, type TestOrg } from '../support/api';
import { runCli } from '../support/processes';

const UN_LIST = '/work/shared/data/lists/un-consolidated-2026-02-27.json';
const env = () => ({ SERVICE_DATABASE_URL: inject('databaseUrl') });
const unique = () => randomUUID().slice(0, 8);

let dir: string;
let org: TestOrg;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'aml-screening-lists-'));
  org = await newOrg('screening-lists');
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function writeList(value: unknown): string {
  const file = path.join(dir, `${unique()}.json`);
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
}

type Entry = Record<string, unknown>;
const person = (ref: string, name: string, extra: Entry = {}): Entry => ({ ref, kind: 'person', name, category: 'sanctions', ...extra });
const listOf = (code: string, entries: Entry[], extra: Entry = {}) => ({ code, name: `Test list ${code}`, version: 'v1', entries, ...extra });

async function stateVersion(): Promise<number> {
  const [row] = await getDb().select().from(screeningListState).where(eq(screeningListState.id, 1));
  return row?.version ?? 0;
}

async function storedList(code: string) {
  const [list] = await getDb().select().from(screeningLists).where(eq(screeningLists.code, code));
  const entries = await getDb().select().from(screeningListEntries).where(eq(screeningListEntries.listCode, code)).orderBy(screeningListEntries.ref);
  return { list, entries };
}

async function load(value: unknown) {
  const loaded = await loadScreeningList(getDb(), checkListFile(value));
  if (!loaded) throw new Error('not loaded');
  return loaded;
}

function problem(value: unknown): string {
  try {
    checkListFile(value);
  } catch (err) {
    if (err instanceof ListFileError) return err.message;
    throw err;
  }
  return 'no problem found';
}

const screen = (body: unknown) => call(screeningsRoute.POST, { method: 'POST', key: org.key, body });
const listsNow = () => call(listsRoute.GET, { key: org.key });

describe('screening list files', () => {
  it('names the first problem of a bad file with its location', () => {
    const good = person('R-0', 'Anselm Gribbleton');
    const thirteen = Array.from({ length: 13 }, (_, i) => person(`R-${i}`, `Name ${i}`));
    thirteen[12] = { ...thirteen[12], kind: 'vessel' };
    const cases: Array<[unknown, string]> = [
      [[good], 'the file must hold one JSON object with code, name, version and entries'],
      [{ name: 'n', version: 'v', entries: [good] }, 'code must be a string'],
      [listOf('has space', [good]), "code must be 1 to 64 letters, digits, '_', '-' or '.', starting with a letter or digit"],
      [listOf('c', [good], { name: '' }), 'name must be a non-empty string'],
      [listOf('c', [good], { version: 3 }), 'version must be a non-empty string'],
      [listOf('c', [good], { entries: undefined }), 'entries must be an array of entries'],
      [listOf('c', []), 'entries must hold at least one entry'],
      [listOf('c', [good, 'text' as unknown as Entry]), 'entries[1] must be an object'],
      [listOf('c', [{ ...good, ref: undefined }]), 'entries[0].ref must be a non-empty string'],
      [listOf('c', thirteen), 'entries[12].kind must be person or business (ref "R-12")'],
      [listOf('c', [{ ...good, name: ' ' }]), 'entries[0].name must be a non-empty string (ref "R-0")'],
      [listOf('c', [{ ...good, category: 'crime' }]), 'entries[0].category must be sanctions, pep or adverse_media (ref "R-0")'],
      [listOf('c', [{ ...good, aliases: 'A. Gribbleton' }]), 'entries[0].aliases must be an array of strings (ref "R-0")'],
      [listOf('c', [{ ...good, aliases: ['ok', ''] }]), 'entries[0].aliases[1] must be a non-empty string (ref "R-0")'],
      [listOf('c', [{ ...good, countries: ['de'] }]), 'entries[0].countries[0] must be a two-letter uppercase code (ref "R-0")'],
      [listOf('c', [{ ...good, countries: ['FR', 'DEU'] }]), 'entries[0].countries[1] must be a two-letter uppercase code (ref "R-0")'],
      [listOf('c', [{ ...good, countries: 'FR' }]), 'entries[0].countries must be an array of two-letter uppercase codes (ref "R-0")'],
      [listOf('c', [{ ...good, birth_year: 1970.5 }]), 'entries[0].birth_year must be an integer (ref "R-0")'],
      [listOf('c', [{ ...good, birth_year: '1970' }]), 'entries[0].birth_year must be an integer (ref "R-0")'],
      [listOf('c', [{ ...good, program: 7 }]), 'entries[0].program must be a string (ref "R-0")'],
      [listOf('c', [{ ...good, name: 'bad\u0000name' }]), 'entries[0].name cannot contain NUL characters or unpaired surrogates (ref "R-0")'],
      [listOf('c', [good, person('R-1', 'B'), person('R-0', 'C')]), 'entries[2].ref "R-0" is used twice (first at entries[0])'],
      // The first problem in file order wins: the duplicate at [2] comes before the bad kind at [3].
      [listOf('c', [good, person('R-1', 'B'), person('R-1', 'C'), { ...person('R-3', 'D'), kind: 'ship' }]), 'entries[2].ref "R-1" is used twice (first at entries[1])'],
    ];
    for (const [value, message] of cases) expect(problem(value)).toBe(message);
    // Optional fields may be absent, empty arrays are dropped, unknown fields ignored.
    const checked = checkListFile(listOf('ok', [{ ...good, aliases: [], countries: [], extra: true }]));
    expect(checked.entries).toEqual([{ ref: 'R-0', kind: 'person', name: 'Anselm Gribbleton', category: 'sanctions' }]);
  });

  it('service-admin screening load refuses a bad file with a message and a non-zero exit, loading nothing', async () => {
    const code = `bad-${unique()}`;
    const before = await stateVersion();
    const runs = [
      [writeList('{"code": "x",'), 'is not valid JSON'],
      [path.join(dir, 'missing.json'), 'cannot read'],
      [writeList(listOf(code, [person('A-1', 'Anselm Gribbleton'), { ...person('A-2', 'B'), kind: 'vessel' }])), 'entries[1].kind must be person or business (ref "A-2")'],
      [writeList(listOf(code, [person('A-1', 'Anselm Gribbleton'), person('A-1', 'Other')])), 'entries[1].ref "A-1" is used twice (first at entries[0])'],
    ] as const;
    const results = await Promise.all(runs.map(([file]) => runCli(['screening', 'load', '-file', file], env())));
    results.forEach((r, i) => {
      expect(r.code, r.stderr).not.toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(runs[i]?.[1]);
    });
    const missingFlag = await runCli(['screening', 'load'], env());
    expect(missingFlag.code).not.toBe(0);
    expect(missingFlag.stderr).toContain('-file is required');
    expect((await storedList(code)).list).toBeUndefined();
    // Other files' loads may run meanwhile, so only "not this one" can be checked on the shared version.
    expect(await stateVersion()).toBeGreaterThanOrEqual(before);
  });

  it('loads a good file: one JSON line on stdout, progress on stderr, the list and its entries stored', async () => {
    const code = `cli-${unique()}`;
    const file = writeList(
      listOf(code, [
        person('C-1', 'Anselm Gribbleton', { aliases: ['GRIBBLETON, Anselm'], countries: ['GB', 'IE'], program: 'TEST', birth_year: 1961 }),
        { ref: 'C-2', kind: 'business', name: 'Gribbleton Freight Ltd', category: 'adverse_media' },
      ]),
    );
    const before = await stateVersion();
    const r = await runCli(['screening', 'load', '-file', file], env());
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const printed = JSON.parse(lines[0] as string);
    expect(Object.keys(printed)).toEqual(['code', 'name', 'version', 'entries', 'loaded_at']);
    expect(printed).toMatchObject({ code, name: `Test list ${code}`, version: 'v1', entries: 2 });
    expect(new Date(printed.loaded_at).toISOString()).toBe(printed.loaded_at);
    expect(r.stderr).toContain('2 entries checked');
    expect(r.stderr).toContain('inserted 2 of 2 entries');

    const stored = await storedList(code);
    expect(stored.list).toMatchObject({ code, name: `Test list ${code}`, version: 'v1', entries: 2 });
    expect(stored.list?.loadedAt.toISOString()).toBe(printed.loaded_at);
    expect(stored.entries.map((e) => ({ ...e }))).toEqual([
      { listCode: code, ref: 'C-1', kind: 'person', name: 'Anselm Gribbleton', category: 'sanctions', aliases: ['GRIBBLETON, Anselm'], countries: ['GB', 'IE'], program: 'TEST', birthYear: 1961 },
      { listCode: code, ref: 'C-2', kind: 'business', name: 'Gribbleton Freight Ltd', category: 'adverse_media', aliases: [], countries: [], program: null, birthYear: null },
    ]);
    expect(await stateVersion()).toBeGreaterThan(before);
  });

  it('replaces a list with the same code in one transaction', async () => {
    const code = `replace-${unique()}`;
    const first = await load(listOf(code, [person('X-1', 'Anselm One'), person('X-2', 'Anselm Two'), person('X-3', 'Anselm Three')]));
    expect(first.descriptor).toMatchObject({ code, version: 'v1', entries: 3 });
    const second = await load({ ...listOf(code, [person('X-2', 'Anselm Two Renamed', { birth_year: 1980 }), person('X-4', 'Anselm Four')]), version: 'v2', name: 'Renamed list' });
    expect(second.descriptor).toMatchObject({ code, name: 'Renamed list', version: 'v2', entries: 2 });
    expect(second.stateVersion).toBeGreaterThan(first.stateVersion);
    expect(new Date(second.descriptor.loaded_at).getTime()).toBeGreaterThanOrEqual(new Date(first.descriptor.loaded_at).getTime());
    let stored = await storedList(code);
    expect(stored.list).toMatchObject({ name: 'Renamed list', version: 'v2', entries: 2 });
    expect(stored.entries.map((e) => [e.ref, e.name, e.birthYear])).toEqual([
      ['X-2', 'Anselm Two Renamed', 1980],
      ['X-4', 'Anselm Four', null],
    ]);

    // A load failing half way (here: after its first batch) leaves the previous list exactly as it was.
    const versionBefore = await stateVersion();
    let batches = 0;
    await expect(
      loadScreeningList(getDb(), checkListFile({ ...listOf(code, [person('Y-1', 'A'), person('Y-2', 'B'), person('Y-3', 'C')]), version: 'v3' }), {
        batchSize: 1,
        progress: (line) => {
          if (line.startsWith('inserted') && ++batches === 2) throw new Error('stopped half way');
        },
      }),
    ).rejects.toThrow('stopped half way');
    stored = await storedList(code);
    expect(stored.list).toMatchObject({ version: 'v2', entries: 2 });
    expect(stored.entries.map((e) => e.ref)).toEqual(['X-2', 'X-4']);
    expect(await stateVersion()).toBeGreaterThanOrEqual(versionBefore);

    // A reader during a large replacement sees the old list or the new one, never a mix.
    const big = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => person(`${prefix}-${i}`, `Anselm Bulk ${prefix} ${i}`));
    await load(listOf(code, big(1_000, 'OLD')));
    const reader = new pg.Client({ connectionString: inject('databaseUrl') });
    await reader.connect();
    const seen = new Set<string>();
    let done = false;
    const observe = async () => {
      const r = await reader.query(
        `SELECT (SELECT entries FROM screening_lists WHERE code = $1) AS listed,
                (SELECT count(*)::int FROM screening_list_entries WHERE list_code = $1) AS stored,
                (SELECT count(*)::int FROM screening_list_entries WHERE list_code = $1 AND ref LIKE 'NEW-%') AS new_rows`,
        [code],
      );
      const row = r.rows[0] as { listed: number; stored: number; new_rows: number };
      seen.add(`${row.listed}/${row.stored}/${row.new_rows}`);
    };
    const watching = (async () => {
      while (!done) await observe();
    })();
    try {
      await loadScreeningList(getDb(), checkListFile(listOf(code, big(6_000, 'NEW'))), { batchSize: 500 });
    } finally {
      done = true;
      await watching;
    }
    await observe();
    await reader.end();
    expect(seen.has('1000/1000/0')).toBe(true);
    expect([...seen].every((s) => s === '1000/1000/0' || s === '6000/6000/6000'), [...seen].join(', ')).toBe(true);
    expect(seen.has('6000/6000/6000')).toBe(true);
  });
});

describe('the screening index of an instance', () => {
  it('finds a listed name of the real UN list loaded through the CLI, and finds a made-up name clear', async () => {
    const r = await runCli(['screening', 'load', '-file', UN_LIST], env());
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ code: 'un_consolidated', version: '2026-02-27', entries: 1003 });
    await refreshScreeningIndex(getDb());

    const found = await screen({ name: 'Germain Katanaga', kind: 'person', reference: 'cust-un-1' });
    expect(found.status, found.text).toBe(200);
    expect(found.json.status).toBe('potential_match');
    const best = found.json.matches[0];
    expect(best).toMatchObject({ list: 'un_consolidated', entry_ref: 'UN-CDi.006', entry_name: 'GERMAIN KATANGA', kind: 'person', category: 'sanctions' });
    expect(best.score).toBeGreaterThanOrEqual(80);
    expect(best.score).toBeLessThan(100);
    expect(best.reasons.map((x: { code: string }) => x.code)).toContain('name_close');
    expect(found.json.lists).toContainEqual(expect.objectContaining({ code: 'un_consolidated', version: '2026-02-27', entries: 1003 }));

    const clear = await screen({ name: 'Emily Thornbury', kind: 'person' });
    expect(clear.status, clear.text).toBe(200);
    expect(clear.json).toMatchObject({ status: 'clear', matches: [], review: 'none' });
    expect(clear.json.alert_id).toBeUndefined();
  });

  it('keeps screening with the old index while a new one is built, and the lists endpoint switches with it', async () => {
    // This test drives the checks through the clock it passes; the background timer would race it.
    const resume = pauseScreeningIndexPolling();
    try {
      await oldIndexWhileBuilding();
    } finally {
      resume();
    }
  });

  async function oldIndexWhileBuilding(): Promise<void> {
    const before = await refreshScreeningIndex(getDb());
    const t0 = Date.now();
    const code = `switch-${unique()}`;
    // Loaded by another process: nothing tells this instance's index.
    const loaded = await runCli(['screening', 'load', '-file', writeList(listOf(code, [person('S-1', 'Philippa Quarrendon')]))], env());
    expect(loaded.code, loaded.stderr).toBe(0);

    // Within the check interval the instance does not even ask.
    expect(await screeningIndex(getDb(), t0 + 1_000)).toBe(before);
    // After it, the change is noticed; the old index keeps serving until the new one is ready.
    const during = await screeningIndex(getDb(), t0 + SCREENING_INDEX_CHECK_MS + 1);
    expect(during).toBe(before);
    expect(during.lists.map((l) => l.code)).not.toContain(code);
    expect(during.screen({ name: 'Philippa Quarrendon' }, { threshold: 80 }).matches).toEqual([]);
    await screeningIndexSettled();
    const after = await screeningIndex(getDb(), t0 + SCREENING_INDEX_CHECK_MS + 2);
    expect(after).not.toBe(before);
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.lists.map((l) => l.code)).toContain(code);
    expect(after.screen({ name: 'Philippa Quarrendon' }, { threshold: 80 }).matches.map((m) => m.entry_ref)).toEqual(['S-1']);

    // The endpoint reports exactly the lists the matcher screens with.
    const lists = await listsNow();
    expect(lists.status).toBe(200);
    const screened = await screen({ name: 'Philippa Quarrendon' });
    expect(screened.json.status).toBe('potential_match');
    expect(lists.json.lists).toEqual(screened.json.lists);
    const [descriptor] = (await getDb().select().from(screeningLists).where(eq(screeningLists.code, code))).map((l) => ({
      code: l.code,
      name: l.name,
      version: l.version,
      entries: l.entries,
      loaded_at: l.loadedAt.toISOString(),
    }));
    expect(lists.json.lists).toContainEqual(descriptor);
    const codes = lists.json.lists.map((l: { code: string }) => l.code);
    expect(codes).toEqual([...codes].sort());
  }

  it('an idle instance switches its index to a list loaded by another process within 30 seconds, with no request', async () => {
    const before = await refreshScreeningIndex(getDb());
    const code = `idle-${unique()}`;
    const r = await runCli(['screening', 'load', '-file', writeList(listOf(code, [person('I-1', 'Cordelia Wexenthorpe')]))], env());
    expect(r.code, r.stderr).toBe(0);
    const loadedAt = Date.now();
    // No screening and no GET /v1/screening/lists from here on: only the held index is looked at.
    let held = heldScreeningIndex();
    while (Date.now() - loadedAt < 30_000 && !held?.lists.some((l) => l.code === code)) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      held = heldScreeningIndex();
    }
    expect(Date.now() - loadedAt).toBeLessThan(30_000);
    expect(held).not.toBe(before);
    expect(held?.version).toBeGreaterThan(before.version);
    expect(held?.lists.map((l) => l.code)).toContain(code);
    // The matcher of the same index holds the new entries: lists and matcher switched together.
    expect(held?.screen({ name: 'Cordelia Wexenthorpe' }, { threshold: 80 }).matches.map((m) => `${m.list}/${m.entry_ref}`)).toEqual([`${code}/I-1`]);
  }, 60_000);

  it('waits for the rebuild rather than answer with an index out of date for longer than the bound', async () => {
    const resume = pauseScreeningIndexPolling();
    try {
      const before = await refreshScreeningIndex(getDb());
      const code = `late-${unique()}`;
      const r = await runCli(['screening', 'load', '-file', writeList(listOf(code, [person('L-1', 'Ottoline Braskewitz')]))], env());
      expect(r.code, r.stderr).toBe(0);
      expect(heldScreeningIndex()).toBe(before);
      // As if the timer had not run for longer than the bound (a suspended or blocked process): the
      // request must not be answered with the old lists.
      const late = await screeningIndex(getDb(), Date.now() + SCREENING_INDEX_CHECK_MS + SCREENING_PROPAGATION_MS);
      expect(late.version).toBeGreaterThan(before.version);
      expect(late.lists.map((l) => l.code)).toContain(code);
      expect(late.screen({ name: 'Ottoline Braskewitz' }, { threshold: 80 }).matches.map((m) => m.entry_ref)).toEqual(['L-1']);
      expect(heldScreeningIndex()).toBe(late);
    } finally {
      resume();
      await refreshScreeningIndex(getDb());
    }
  });

  it('screens with a list loaded on this instance at once', async () => {
    await refreshScreeningIndex(getDb());
    const code = `here-${unique()}`;
    const loaded = await load(listOf(code, [person('H-1', 'Barnabus Quillenhorst')]));
    const lists = await listsNow();
    expect(lists.json.lists).toContainEqual(loaded.descriptor);
    const screened = await screen({ name: 'Barnabus Quillenhorst' });
    expect(screened.json.matches.map((m: { list: string; entry_ref: string }) => `${m.list}/${m.entry_ref}`)).toEqual([`${code}/H-1`]);
  });

  it('picks up a list loaded by another process within 30 seconds', async () => {
    await refreshScreeningIndex(getDb());
    const code = `remote-${unique()}`;
    const file = writeList(listOf(code, [person('R-1', 'Leontyne Vabberquist')]));
    const r = await runCli(['screening', 'load', '-file', file], env());
    expect(r.code, r.stderr).toBe(0);
    const started = Date.now();
    let codes: string[] = [];
    while (Date.now() - started < 30_000) {
      codes = (await listsNow()).json.lists.map((l: { code: string }) => l.code);
      if (codes.includes(code)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(codes).toContain(code);
    expect(Date.now() - started).toBeLessThan(30_000);
    const screened = await screen({ name: 'Leontyne Vabberquist', kind: 'person' });
    expect(screened.json.matches.map((m: { list: string; entry_ref: string }) => `${m.list}/${m.entry_ref}`)).toEqual([`${code}/R-1`]);
  }, 60_000);

  it('builds from one snapshot of the lists and their entries', async () => {
    const index = await refreshScreeningIndex(getDb());
    const [counts] = (
      await getDb().execute<{ lists: number; entries: number }>(
        sql`SELECT (SELECT count(*)::int FROM screening_lists) AS lists, (SELECT count(*)::int FROM screening_list_entries) AS entries`,
      )
    ).rows;
    // Other files may load lists meanwhile; the index holds exactly the entries its descriptors count.
    expect(index.size).toBe(index.lists.reduce((n, l) => n + l.entries, 0));
    expect(index.lists.length).toBeLessThanOrEqual(counts?.lists ?? 0);
  });
});
