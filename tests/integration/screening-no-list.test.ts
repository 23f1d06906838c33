import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as listsRoute from '@/app/v1/screening/lists/route';
import * as screeningsRoute from '@/app/v1/screenings/route';
import { closeDb, getDb } from '@/db/client';
import { reloadSettings } from '@/lib/config';
import { forgetScreeningIndex } from '@/lib/screening/list-index';
import { loadSampleListIfNone, SAMPLE_LIST } from '@/lib/screening/sample-list';
import { call, newOrg, type TestOrg } from '../support/api';
import { createTestDatabase, type TestDatabase } from '../support/database';

// Lists are shared by the whole install, and other files load lists into the run's database. This
// file therefore points its process at a database of its own, where no list has ever been loaded.
let database: TestDatabase;
let org: TestOrg;

beforeAll(async () => {
  database = await createTestDatabase();
  await closeDb();
  process.env.SERVICE_DATABASE_URL = database.url;
  reloadSettings();
  forgetScreeningIndex();
  org = await newOrg('screening-no-list');
});

afterAll(async () => {
  await closeDb();
  await database.drop();
});

const screen = (body: unknown) => call(screeningsRoute.POST, { method: 'POST', key: org.key, body });

describe('screening with no list loaded', () => {
  it('answers 503, never clear, and the lists endpoint shows no list', async () => {
    const r = await screen({ name: 'Viktor Fictionov' });
    expect(r.status).toBe(503);
    expect(r.json).toEqual({ error: 'no screening list is loaded, so nothing can be checked' });
    const lists = await call(listsRoute.GET, { key: org.key });
    expect(lists.status).toBe(200);
    expect(lists.json).toEqual({ lists: [] });
    // Nothing was stored.
    const listed = await call(screeningsRoute.GET, { key: org.key });
    expect(listed.json).toEqual({ screenings: [] });
  });

  it('loads the synthetic sample list only when no list is loaded at all, and screens with it at once', async () => {
    const loaded = await loadSampleListIfNone(getDb());
    expect(loaded?.descriptor).toMatchObject({ code: 'sample', entries: SAMPLE_LIST.entries.length });
    // People and businesses, in all three categories, with aliases, birth years and countries.
    const kinds = new Set(SAMPLE_LIST.entries.map((e) => e.kind));
    const categories = new Set(SAMPLE_LIST.entries.map((e) => e.category));
    expect([...kinds].sort()).toEqual(['business', 'person']);
    expect([...categories].sort()).toEqual(['adverse_media', 'pep', 'sanctions']);
    for (const category of categories) {
      const of = SAMPLE_LIST.entries.filter((e) => e.category === category);
      expect(new Set(of.map((e) => e.kind)).size).toBe(2);
    }
    expect(SAMPLE_LIST.entries.some((e) => e.aliases?.length)).toBe(true);
    expect(SAMPLE_LIST.entries.some((e) => e.birth_year)).toBe(true);
    expect(SAMPLE_LIST.entries.every((e) => e.countries?.length)).toBe(true);

    // Once a list is loaded, the sample is not loaded again.
    expect(await loadSampleListIfNone(getDb())).toBeNull();

    // Loaded in this process: the index this instance holds switched before the load returned.
    const r = await screen({ name: 'Victor Fictionov', kind: 'person' });
    expect(r.status, r.text).toBe(200);
    expect(r.json.status).toBe('potential_match');
    expect(r.json.matches[0]).toMatchObject({ list: 'sample', entry_ref: 'SAMPLE-001', category: 'sanctions' });
    const lists = await call(listsRoute.GET, { key: org.key });
    expect(lists.json.lists).toEqual([loaded?.descriptor]);
    expect(r.json.lists).toEqual([loaded?.descriptor]);
  });
});
