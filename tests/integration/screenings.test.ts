import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as alertById from '@/app/v1/alerts/[id]/route';
import * as listsRoute from '@/app/v1/screening/lists/route';
import * as screeningById from '@/app/v1/screenings/[id]/route';
import * as screeningsRoute from '@/app/v1/screenings/route';
import { getDb } from '@/db/client';
import { alerts, auditLog } from '@/db/schema';
import { reloadSettings } from '@/lib/config';
import { checkListFile } from '@/lib/screening/list-file';
import { refreshScreeningIndex } from '@/lib/screening/list-index';
import { loadScreeningList } from '@/lib/screening/load-list';
import type { Match } from '@/lib/screening/matcher';
import { storeScreening } from '@/lib/screening/store-screening';
import { call, newOrg, type CallResult, type TestOrg } from '../support/api';

// Made-up names that no other file's list (nor the real lists) holds, so lists loaded by other test
// files running at the same time cannot change these results.
const unique = () => randomUUID().slice(0, 8);
const CODE = `scr-${unique()}`;
const CAP_CODE = `scr-cap-${unique()}`;

type Entry = Record<string, unknown>;
const entry = (ref: string, name: string, extra: Entry = {}): Entry => ({ ref, kind: 'person', name, category: 'sanctions', ...extra });

async function loadList(code: string, entries: Entry[], version = 'v1') {
  const loaded = await loadScreeningList(getDb(), checkListFile({ code, name: `Screenings test ${code}`, version, entries }));
  await refreshScreeningIndex(getDb());
  return loaded?.descriptor;
}

let org: TestOrg;
let other: TestOrg;

beforeAll(async () => {
  [org, other] = await Promise.all([newOrg('screenings'), newOrg('screenings-other')]);
  await loadList(CODE, [
    entry('S-1', 'Zorblat Quenterix', { aliases: ['QUENTERIX, Zorblat Amadeus'], countries: ['FR'], program: 'TEST-PROGRAM', birth_year: 1970 }),
    entry('S-2', 'Wendeline Hargrovitch', { category: 'pep', countries: ['AT'], birth_year: 1965 }),
    { ref: 'S-3', kind: 'business', name: 'Brightwater Quellomax Trading LLC', category: 'adverse_media', countries: ['GB'] },
  ]);
  await loadList(
    CAP_CODE,
    Array.from({ length: 30 }, (_, i) => entry(`CAP-${String(i).padStart(2, '0')}`, 'Yrsa Pomeroyvicz', { category: 'pep', birth_year: 1950 + i })),
  );
});

afterEach(() => {
  delete process.env.SERVICE_SCREENING_THRESHOLD;
  reloadSettings();
});

const screen = (body: unknown, as: TestOrg = org) => call(screeningsRoute.POST, { method: 'POST', key: as.key, body });
const listScreenings = (query = '', as: TestOrg = org) => call(screeningsRoute.GET, { key: as.key, path: `/v1/screenings${query}` });
const getScreening = (id: string, as: TestOrg = org) => call(screeningById.GET, { key: as.key, params: { id } });
const getAlert = (id: string, as: TestOrg = org) => call(alertById.GET, { key: as.key, params: { id } });

function expectError(r: CallResult, status: number, message: string) {
  expect(r.status, r.text).toBe(status);
  expect(r.json).toEqual({ error: message });
}

describe('POST /v1/screenings', () => {
  it('refuses each bad field with the interface message', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'name must be 1 to 200 characters'],
      [{ name: '' }, 'name must be 1 to 200 characters'],
      [{ name: '   ' }, 'name must be 1 to 200 characters'],
      [{ name: 'x'.repeat(201) }, 'name must be 1 to 200 characters'],
      [{ name: 42 }, 'name must be 1 to 200 characters'],
      [{ name: 'Zorblat Quenterix', kind: 'vessel' }, 'kind must be person or business'],
      [{ name: 'Zorblat Quenterix', kind: 1 }, 'kind must be person or business'],
      [{ name: 'Zorblat Quenterix', birth_year: 1899 }, 'birth_year looks wrong'],
      [{ name: 'Zorblat Quenterix', birth_year: new Date().getUTCFullYear() + 1 }, 'birth_year looks wrong'],
      [{ name: 'Zorblat Quenterix', birth_year: 1970.5 }, 'birth_year looks wrong'],
      [{ name: 'Zorblat Quenterix', birth_year: '1970' }, 'birth_year looks wrong'],
      [{ name: 'Zorblat Quenterix', country: 'FRA' }, 'country must be a two-letter code'],
      [{ name: 'Zorblat Quenterix', country: 'F' }, 'country must be a two-letter code'],
      [{ name: 'Zorblat Quenterix', country: 'F1' }, 'country must be a two-letter code'],
      [{ name: 'Zorblat Quenterix', country: 33 }, 'country must be a two-letter code'],
      [{ name: 'Zorblat Quenterix', reference: '' }, 'reference must be 1 to 200 characters'],
      [{ name: 'Zorblat Quenterix', reference: 'r'.repeat(201) }, 'reference must be 1 to 200 characters'],
      [{ name: 'Zorblat Quenterix', threshold: 49 }, 'threshold must be between 50 and 100'],
      [{ name: 'Zorblat Quenterix', threshold: 101 }, 'threshold must be between 50 and 100'],
      [{ name: 'Zorblat Quenterix', threshold: 80.5 }, 'threshold must be between 50 and 100'],
      [{ name: 'Zorblat Quenterix', threshold: '80' }, 'threshold must be between 50 and 100'],
    ];
    for (const [body, message] of cases) expectError(await screen(body), 400, message);
    const notJson = await call(screeningsRoute.POST, { method: 'POST', key: org.key, rawBody: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect(notJson.headers.get('content-type')).toContain('text/plain');
    // Boundaries are accepted; a country in lower case is stored upper case; null reads as not sent.
    const ok = await screen({ name: 'n'.repeat(200), birth_year: 1900, country: 'fr', threshold: 100, kind: null, reference: 'r'.repeat(200) });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.subject).toEqual({ name: 'n'.repeat(200), birth_year: 1900, country: 'FR' });
    expect(ok.json.threshold).toBe(100);
  });

  it('uses SERVICE_SCREENING_THRESHOLD (default 80) when no threshold is sent', async () => {
    expect((await screen({ name: 'Emeric Trundlebatch' })).json.threshold).toBe(80);
    process.env.SERVICE_SCREENING_THRESHOLD = '90';
    reloadSettings();
    const r = await screen({ name: 'Zorblatt Quenterics', kind: 'person' });
    expect(r.json.threshold).toBe(90);
    // 92 at 90 is a match; the same name at 95 is a near miss.
    expect(r.json.matches.map((m: { entry_ref: string }) => m.entry_ref)).toEqual(['S-1']);
    const stricter = await screen({ name: 'Zorblatt Quenterics', kind: 'person', threshold: 95 });
    expect(stricter.json).toMatchObject({ status: 'clear', threshold: 95, matches: [] });
    expect(stricter.json.near.map((m: { entry_ref: string }) => m.entry_ref)).toEqual(['S-1']);
  });

  it('answers a potential match with the full resource, raising a high alert for a sanctions match', async () => {
    const reference = `cust-${unique()}`;
    const r = await screen({ name: 'Zorblat Quenterix', kind: 'person', birth_year: 1970, country: 'FR', reference });
    expect(r.status, r.text).toBe(200);
    const s = r.json;
    expect(Object.keys(s).sort()).toEqual(
      ['alert_id', 'created_at', 'id', 'lists', 'matches', 'near', 'reference', 'resolutions', 'review', 'status', 'subject', 'threshold'].sort(),
    );
    expect(s).toMatchObject({
      reference,
      status: 'potential_match',
      threshold: 80,
      subject: { name: 'Zorblat Quenterix', kind: 'person', birth_year: 1970, country: 'FR' },
      resolutions: [],
      review: 'open',
    });
    expect(s.matches).toEqual([
      {
        score: 100,
        list: CODE,
        entry_ref: 'S-1',
        entry_name: 'Zorblat Quenterix',
        matched_name: 'Zorblat Quenterix',
        kind: 'person',
        category: 'sanctions',
        program: 'TEST-PROGRAM',
        countries: ['FR'],
        birth_year: 1970,
        reasons: expect.arrayContaining([
          expect.objectContaining({ code: 'name_exact' }),
          expect.objectContaining({ code: 'birth_year_match' }),
          expect.objectContaining({ code: 'country_match' }),
        ]),
      },
    ]);
    for (const reason of s.matches[0].reasons) expect(Object.keys(reason)).toEqual(['code', 'detail']);
    // Fields in the interface's order, although jsonb stores them in its own.
    expect(Object.keys(s.matches[0])).toEqual([
      'score', 'list', 'entry_ref', 'entry_name', 'matched_name', 'kind', 'category', 'program', 'countries', 'birth_year', 'reasons',
    ]);
    expect(Object.keys(s.subject)).toEqual(['name', 'kind', 'birth_year', 'country']);
    expect(Object.keys(s.lists[0])).toEqual(['code', 'name', 'version', 'entries', 'loaded_at']);
    const descriptor = (await call(listsRoute.GET, { key: org.key })).json.lists.find((l: { code: string }) => l.code === CODE);
    expect(s.lists).toContainEqual(descriptor);
    expect(descriptor).toMatchObject({ code: CODE, version: 'v1', entries: 3 });

    const alert = await getAlert(s.alert_id);
    expect(alert.status, alert.text).toBe(200);
    expect(alert.json).toMatchObject({
      id: s.alert_id,
      status: 'open',
      priority: 'high',
      screening_id: s.id,
      decision: 'review',
      risk_score: 100,
      source: { id: reference, kind: 'person', name: 'Zorblat Quenterix' },
      event: { type: 'screening', occurred_at: s.created_at, source_id: reference },
    });
    expect(alert.json.decision_id).toBeUndefined();
    expect(alert.json.event_id).toBeUndefined();
    expect(alert.json.reasons).toEqual([{ rule: 'screening_sanctions', detail: expect.stringContaining('Zorblat Quenterix') }]);
    expect(alert.json.reasons[0].detail).toContain(CODE);
    expect(alert.json.reasons[0].detail).toContain('100');
    expect(alert.json.reasons[0].weight).toBeUndefined();

    // The stored screening reads back exactly as answered.
    expect((await getScreening(s.id)).json).toEqual(s);

    const audit = await getDb()
      .select({ action: auditLog.action, targetId: auditLog.targetId, actor: auditLog.actor })
      .from(auditLog)
      .where(eq(auditLog.orgId, org.orgId));
    expect(audit).toContainEqual({ action: 'screening.created', targetId: s.id, actor: org.keyId });
    expect(audit).toContainEqual({ action: 'alert.raised', targetId: s.alert_id, actor: org.keyId });
    // The number taken with the alert's insert is the one recorded.
    const entries = await getDb()
      .select({ action: auditLog.action, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.orgId, org.orgId), inArray(auditLog.targetId, [s.id, s.alert_id])));
    expect(entries.map((e) => e.action).sort()).toEqual(['alert.raised', 'screening.created']);
    expect(entries.find((e) => e.action === 'alert.raised')?.changes).toMatchObject({ number: alert.json.number, priority: 'high', screening_id: s.id });
    expect(entries.find((e) => e.action === 'screening.created')?.changes).toMatchObject({ status: 'potential_match', alert_id: s.alert_id, matches: 1 });
  });

  it('stores nothing of a screening whose statement fails: no alert, no audit entry, no alert number used', async () => {
    const own = await newOrg('screenings-atomic');
    const actor = { orgId: own.orgId, actorId: own.keyId, actorKind: 'key' as const };
    const first = await call(screeningsRoute.POST, { method: 'POST', key: own.key, body: { name: 'Zorblat Quenterix' } });
    expect(first.json.status).toBe('potential_match');
    const stored = await getScreening(first.json.id, own);
    // The same screening id again: the screening's insert fails, so the alert and both audit rows must not stay.
    const orphanAlert = randomUUID();
    await expect(
      storeScreening(getDb(), actor, {
        id: first.json.id,
        reference: null,
        threshold: 80,
        subject: { name: 'Zorblat Quenterix' },
        matches: first.json.matches as Match[],
        near: [],
        lists: [],
        alertId: orphanAlert,
        screenedAt: new Date(),
      }),
    ).rejects.toThrow();
    expect(await getDb().select().from(alerts).where(and(eq(alerts.orgId, own.orgId), eq(alerts.id, orphanAlert)))).toEqual([]);
    const audit = await getDb()
      .select({ action: auditLog.action, targetId: auditLog.targetId })
      .from(auditLog)
      .where(and(eq(auditLog.orgId, own.orgId), inArray(auditLog.action, ['alert.raised', 'screening.created'])));
    expect(audit.sort((a, b) => a.action.localeCompare(b.action))).toEqual([
      { action: 'alert.raised', targetId: first.json.alert_id },
      { action: 'screening.created', targetId: first.json.id },
    ]);
    expect((await getScreening(first.json.id, own)).json).toEqual(stored.json);
    // The failed statement gave its alert number back: the next alert takes the following number.
    const next = await call(screeningsRoute.POST, { method: 'POST', key: own.key, body: { name: 'Zorblat Quenterix' } });
    const [a1, a2] = await Promise.all([getAlert(first.json.alert_id, own), getAlert(next.json.alert_id, own)]);
    expect(a2.json.number).toBe(a1.json.number + 1);
  });

  it('raises a medium alert when no match is on a sanctions list, one reason per match', async () => {
    const r = await screen({ name: 'Wendeline Hargrovitch' });
    expect(r.json.status).toBe('potential_match');
    expect(r.json.reference).toBeUndefined();
    expect(r.json.matches.map((m: { category: string }) => m.category)).toEqual(['pep']);
    const alert = await getAlert(r.json.alert_id);
    expect(alert.json).toMatchObject({ priority: 'medium', screening_id: r.json.id, risk_score: r.json.matches[0].score });
    expect(alert.json.reasons.map((x: { rule: string }) => x.rule)).toEqual(['screening_pep']);
    // With no reference the source is the checked name.
    expect(alert.json.source).toEqual({ id: 'Wendeline Hargrovitch', name: 'Wendeline Hargrovitch' });
    expect(alert.json.event.source_id).toBe('Wendeline Hargrovitch');
  });

  it('raises a new alert for each potential-match screening, even for a reference with an open one', async () => {
    const reference = `cust-${unique()}`;
    const first = await screen({ name: 'Zorblat Quenterix', reference });
    const second = await screen({ name: 'Zorblat Quenterix', reference });
    expect(first.json.alert_id).toBeDefined();
    expect(second.json.alert_id).toBeDefined();
    expect(second.json.alert_id).not.toBe(first.json.alert_id);
    const rows = await getDb()
      .select()
      .from(alerts)
      .where(and(eq(alerts.orgId, org.orgId), eq(alerts.entityId, reference)));
    expect(rows.map((a) => a.status)).toEqual(['open', 'open']);
    expect(new Set(rows.map((a) => a.screeningId))).toEqual(new Set([first.json.id, second.json.id]));
  });

  it('answers clear with near misses from 50 to under the threshold, and no near misses at threshold 50', async () => {
    const r = await screen({ name: 'Quenterix', kind: 'person' });
    expect(r.json).toMatchObject({ status: 'clear', matches: [], review: 'none' });
    expect(r.json.alert_id).toBeUndefined();
    const near = r.json.near.filter((m: { list: string }) => m.list === CODE);
    expect(near.map((m: { entry_ref: string }) => m.entry_ref)).toEqual(['S-1']);
    expect(near[0].score).toBeGreaterThanOrEqual(50);
    expect(near[0].score).toBeLessThan(80);
    expect(near[0].reasons.map((x: { code: string }) => x.code)).toContain('list_has_extra');

    const at50 = await screen({ name: 'Quenterix', kind: 'person', threshold: 50 });
    expect(at50.json.status).toBe('potential_match');
    expect(at50.json.near).toEqual([]);
    expect(at50.json.matches.map((m: { entry_ref: string }) => m.entry_ref)).toContain('S-1');

    // A birth year far off lowers the score a lot: from a match to a near miss.
    const older = await screen({ name: 'Zorblat Quenterix', birth_year: 1990 });
    expect(older.json.status).toBe('clear');
    expect(older.json.near[0]).toMatchObject({ entry_ref: 'S-1' });
    expect(older.json.near[0].reasons.map((x: { code: string }) => x.code)).toContain('birth_year_differs');
  });

  it('compares people with people and businesses with businesses; no kind means both', async () => {
    const asPerson = await screen({ name: 'Brightwater Quellomax Trading', kind: 'person' });
    expect(asPerson.json.matches).toEqual([]);
    expect(asPerson.json.near).toEqual([]);
    const asBusiness = await screen({ name: 'Brightwater Quellomax Trading Ltd', kind: 'business' });
    expect(asBusiness.json.matches.map((m: { entry_ref: string; kind: string }) => [m.entry_ref, m.kind])).toEqual([['S-3', 'business']]);
    const anyKind = await screen({ name: 'Brightwater Quellomax Trading Ltd' });
    expect(anyKind.json.matches.map((m: { entry_ref: string }) => m.entry_ref)).toEqual(['S-3']);
    const alert = await getAlert(anyKind.json.alert_id);
    expect(alert.json).toMatchObject({ priority: 'medium', reasons: [{ rule: 'screening_adverse_media' }] });
  });

  it('returns at most 25 candidates in total, highest score first', async () => {
    const r = await screen({ name: 'Yrsa Pomeroyvicz', birth_year: 1960, threshold: 95 });
    const all = [...r.json.matches, ...r.json.near];
    expect(all).toHaveLength(25);
    const scores = all.map((m: { score: number }) => m.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(r.json.matches.every((m: { score: number }) => m.score >= 95)).toBe(true);
    expect(r.json.near.every((m: { score: number }) => m.score >= 50 && m.score < 95)).toBe(true);
    expect(r.json.matches.map((m: { entry_ref: string }) => m.entry_ref)).toContain('CAP-10');
    expect(r.json.near.length).toBeGreaterThan(0);
  });

  it('keeps a stored screening exactly as first returned after its list is replaced', async () => {
    const code = `scr-replace-${unique()}`;
    await loadList(code, [entry('R-1', 'Ignatius Pellewhistle', { birth_year: 1955 })]);
    const first = await screen({ name: 'Ignatius Pellewhistle', reference: `cust-${unique()}` });
    expect(first.json.status).toBe('potential_match');
    const v2 = await loadList(code, [entry('R-2', 'Ignatia Pellewhistle-Moor', { birth_year: 1990 })], 'v2');
    const again = await getScreening(first.json.id);
    expect(again.json).toEqual(first.json);
    expect(again.json.lists.find((l: { code: string }) => l.code === code)).toMatchObject({ version: 'v1', entries: 1 });
    const later = await screen({ name: 'Ignatius Pellewhistle' });
    expect(later.json.lists.find((l: { code: string }) => l.code === code)).toEqual(v2);
    expect(later.json.matches.filter((m: { list: string }) => m.list === code).map((m: { entry_ref: string }) => m.entry_ref)).not.toContain('R-1');
  });
});

describe('GET /v1/screenings and GET /v1/screenings/{id}', () => {
  it('lists newest first, filters by reference and status, and pages with a cursor', async () => {
    const mine = await newOrg('screenings-list');
    const reference = `cust-${unique()}`;
    const made: string[] = [];
    for (const body of [
      { name: 'Emeric Trundlebatch', reference },
      { name: 'Zorblat Quenterix', reference },
      { name: 'Wendeline Hargrovitch' },
      { name: 'Emeric Trundlebatch', reference },
      { name: 'Zorblat Quenterix' },
    ]) {
      const r = await screen(body, mine);
      expect(r.status, r.text).toBe(200);
      made.push(r.json.id);
    }
    const newestFirst = [...made].reverse();
    const all = await listScreenings('', mine);
    expect(all.status).toBe(200);
    expect(all.json.screenings.map((s: { id: string }) => s.id)).toEqual(newestFirst);
    expect(all.json.next_cursor).toBeUndefined();
    expect(all.json.screenings[0]).toEqual((await getScreening(made[4] as string, mine)).json);

    const byReference = await listScreenings(`?reference=${reference}`, mine);
    expect(byReference.json.screenings.map((s: { id: string }) => s.id)).toEqual([made[3], made[1], made[0]]);
    const matches = await listScreenings('?status=potential_match', mine);
    expect(matches.json.screenings.map((s: { id: string }) => s.id)).toEqual([made[4], made[2], made[1]]);
    const clear = await listScreenings(`?status=clear&reference=${reference}`, mine);
    expect(clear.json.screenings.map((s: { id: string }) => s.id)).toEqual([made[3], made[0]]);

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listScreenings(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`, mine);
      expect(page.status, page.text).toBe(200);
      seen.push(...page.json.screenings.map((s: { id: string }) => s.id));
      cursor = page.json.next_cursor;
      pages += 1;
    } while (cursor);
    expect(seen).toEqual(newestFirst);
    expect(pages).toBe(3);

    for (const limit of ['0', '201', 'abc', '1.5']) expectError(await listScreenings(`?limit=${limit}`, mine), 400, 'limit must be between 1 and 200');
    expectError(await listScreenings('?status=maybe', mine), 400, 'status must be clear or potential_match');
    expect((await listScreenings('?limit=200', mine)).status).toBe(200);
  });

  it("answers 404 for an unknown screening and for another organisation's, and never lists them", async () => {
    const r = await screen({ name: 'Zorblat Quenterix', reference: `cust-${unique()}` });
    expectError(await getScreening(randomUUID()), 404, 'screening not found');
    expectError(await getScreening(r.json.id, other), 404, 'screening not found');
    const notUuid = await getScreening('not-a-uuid');
    expect(notUuid.status).toBe(400);
    expect(notUuid.headers.get('content-type')).toContain('text/plain');
    const theirs = await listScreenings('', other);
    expect(theirs.json.screenings.map((s: { id: string }) => s.id)).not.toContain(r.json.id);
    expectError(await getAlert(r.json.alert_id, other), 404, 'alert not found');
  });
});
