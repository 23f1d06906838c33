import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as cases from '@/app/v1/cases/route';
import * as reports from '@/app/v1/reports/route';
import { getDb } from '@/db/client';
import { entities, strReports } from '@/db/schema';
import { systemActor } from '@/lib/auth/actor';
import { NOT_SIGNED_IN_MESSAGE } from '@/lib/http/route';
import { listReports } from '@/lib/reports/list-reports';
import { call, type CallResult } from '../support/api';
import { payment, postEventOk } from '../support/events';
import { check, createStr, session, type Session, strFixture, type StrFixture } from '../support/str';

async function list(who: Session, query = ''): Promise<CallResult> {
  const r = await call(reports.GET, { path: `/v1/reports${query}`, headers: { cookie: who.cookie } });
  check('GET', '/v1/reports', r);
  return r;
}

/** Another case in the fixture's organisation, on a new business subject, and its STR. */
async function anotherStr(f: StrFixture, title: string, business: string): Promise<string> {
  const subject = `biz-${randomUUID()}`;
  await getDb()
    .insert(entities)
    .values({ orgId: f.org.orgId, id: subject, kind: 'business', attributes: { name: business } });
  const event = await postEventOk(f.org, payment(subject, f.counterparty, 900, new Date(Date.now() - 60_000).toISOString()));
  const opened = await call(cases.POST, { method: 'POST', key: f.org.key, body: { title, alert_ids: [event.json.alert_id] }, path: '/v1/cases' });
  expect(opened.status, opened.text).toBe(201);
  const str = await createStr(f.analyst, { case_id: opened.json.id });
  expect(str.status, str.text).toBe(201);
  return str.json.id as string;
}

async function setState(orgId: string, id: string, status: 'awaiting_approval' | 'filed' | 'acknowledged' | 'rejected', updatedAt: string) {
  await getDb()
    .update(strReports)
    .set({ status, updatedAt: sql`${updatedAt}::timestamptz` })
    .where(and(eq(strReports.orgId, orgId), eq(strReports.id, id)));
}

const ZERO_OTHERS = { ctr: { draft: 0, filed: 0, acknowledged: 0, rejected: 0 }, pack: { draft: 0, generated: 0 } };

describe('GET /v1/reports', () => {
  let f: StrFixture;
  let other: StrFixture;
  let ids: { first: string; second: string; third: string; fourth: string };
  let otherId: string;
  let reviewer: Session;

  beforeAll(async () => {
    [f, other] = await Promise.all([strFixture('reports-list'), strFixture('reports-list-other')]);
    const first = (await createStr(f.analyst, { case_id: f.caseId })).json.id as string;
    const second = await anotherStr(f, 'Shell company payments', 'Borg Trading Ltd');
    const third = await anotherStr(f, 'Structuring', 'Kemmuna Imports');
    const fourth = await anotherStr(f, 'Round amounts', 'Gozo Holdings');
    ids = { first, second, third, fourth };
    // A known order of change: fourth newest, then second, first, third.
    await setState(f.org.orgId, third, 'rejected', '2026-01-01T00:00:00Z');
    await setState(f.org.orgId, first, 'awaiting_approval', '2026-02-01T00:00:00Z');
    await setState(f.org.orgId, second, 'filed', '2026-03-01T00:00:00Z');
    otherId = (await createStr(other.analyst, { case_id: other.caseId })).json.id as string;
    reviewer = await session(f.org.orgId, 'reviewer');
  });

  it('lists the organisation’s reports newest change first with a summary, and figures over all of them', async () => {
    const r = await list(f.analyst);
    expect(r.status, r.text).toBe(200);
    expect(r.json.reports.map((x: { id: string }) => x.id)).toEqual([ids.fourth, ids.second, ids.first, ids.third]);
    expect(r.json.reports).not.toContainEqual(expect.objectContaining({ id: otherId }));
    expect(r.json.next_cursor).toBeUndefined();
    const [fourth, second, first] = r.json.reports;
    expect(first).toMatchObject({ id: ids.first, kind: 'str', status: 'awaiting_approval', updated_at: '2026-02-01T00:00:00.000Z', summary: 'Mule activity — Maria Borg' });
    expect(second).toMatchObject({ kind: 'str', status: 'filed', summary: 'Shell company payments — Borg Trading Ltd' });
    expect(fourth).toMatchObject({ kind: 'str', status: 'draft', summary: 'Round amounts — Gozo Holdings' });
    expect(first.number).toBeGreaterThanOrEqual(1);
    expect(r.json.figures).toEqual({ str: { draft: 1, awaiting_approval: 1, filed: 1, acknowledged: 0, rejected: 1 }, ...ZERO_OTHERS });
  });

  it('pages with limit and cursor, each page in order, the figures unchanged by the page', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const r = await list(f.analyst, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(r.status, r.text).toBe(200);
      expect(r.json.reports.length).toBeLessThanOrEqual(3);
      expect(r.json.figures.str).toEqual({ draft: 1, awaiting_approval: 1, filed: 1, acknowledged: 0, rejected: 1 });
      seen.push(...r.json.reports.map((x: { id: string }) => x.id));
      cursor = r.json.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual([ids.fourth, ids.second, ids.first, ids.third]);

    // A page ending on the last row says no more.
    const exact = await list(f.analyst, '?limit=4');
    expect(exact.json.reports).toHaveLength(4);
    expect(exact.json.next_cursor).toBeUndefined();
  });

  it('filters by kind: str lists them, ctr and pack have none yet', async () => {
    const str = await list(f.analyst, '?kind=str&limit=2');
    expect(str.json.reports.map((x: { id: string }) => x.id)).toEqual([ids.fourth, ids.second]);
    expect(typeof str.json.next_cursor).toBe('string');
    for (const kind of ['ctr', 'pack']) {
      const r = await list(f.analyst, `?kind=${kind}`);
      expect(r.status, r.text).toBe(200);
      expect(r.json.reports).toEqual([]);
      expect(r.json.next_cursor).toBeUndefined();
      expect(r.json.figures.str.draft).toBe(1);
    }
  });

  it('keeps its pages stable while reports change: a report changed after the first page moves to the top, out of the walk', async () => {
    const page1 = await list(f.analyst, '?limit=2');
    // The oldest report changes now: it moves to the top, out of the rest of this walk.
    await getDb()
      .update(strReports)
      .set({ reason: 'edited', updatedAt: sql`now()` })
      .where(and(eq(strReports.orgId, f.org.orgId), eq(strReports.id, ids.third)));
    const page2 = await list(f.analyst, `?limit=2&cursor=${page1.json.next_cursor}`);
    expect([...page1.json.reports, ...page2.json.reports].map((x: { id: string }) => x.id)).toEqual([ids.fourth, ids.second, ids.first]);
    expect((await list(f.analyst, '?limit=1')).json.reports[0].id).toBe(ids.third);
  });

  it('answers any signed-in person of the organisation, and another organisation only its own', async () => {
    const r = await list(reviewer);
    expect(r.status, r.text).toBe(200);
    expect(r.json.reports).toHaveLength(4);
    const theirs = await list(other.analyst);
    expect(theirs.json.reports.map((x: { id: string }) => x.id)).toEqual([otherId]);
    expect(theirs.json.figures).toEqual({ str: { draft: 1, awaiting_approval: 0, filed: 0, acknowledged: 0, rejected: 0 }, ...ZERO_OTHERS });
  });

  it('refuses an unknown kind, a bad limit and a bad cursor with 400', async () => {
    const cases: [string, string][] = [
      ['?kind=sar', 'kind must be str, ctr or pack'],
      ['?kind=STR', 'kind must be str, ctr or pack'],
      ['?limit=0', 'limit must be between 1 and 200'],
      ['?limit=201', 'limit must be between 1 and 200'],
      ['?limit=ten', 'limit must be between 1 and 200'],
      ['?cursor=not-a-cursor', 'cursor is not valid; send back the next_cursor of a previous page'],
      [`?cursor=${Buffer.from(JSON.stringify(['yesterday', ids.first])).toString('base64url')}`, 'cursor is not valid; send back the next_cursor of a previous page'],
    ];
    for (const [query, message] of cases) {
      const r = await list(f.analyst, query);
      expect(r.status, query).toBe(400);
      expect(r.json, query).toEqual({ error: message });
    }
  });

  it('answers 401 without a session and with an API key', async () => {
    const callers: Record<string, string>[] = [{}, { authorization: `Bearer ${f.org.key}` }];
    for (const headers of callers) {
      const r = await call(reports.GET, { path: '/v1/reports', headers });
      expect(r.status, r.text).toBe(401);
      expect(r.json).toEqual({ error: NOT_SIGNED_IN_MESSAGE });
    }
  });

  it('the verb refuses a kind and a limit it does not know, as the console would call it', async () => {
    const actor = systemActor(f.org.orgId);
    await expect(listReports(getDb(), actor, { kind: 'sar' as never, limit: 10 })).rejects.toThrow('kind must be str, ctr or pack');
    await expect(listReports(getDb(), actor, { limit: 0 })).rejects.toThrow('limit must be between 1 and 200');
    const page = await listReports(getDb(), actor, { kind: 'str', limit: 1 });
    expect(page.items).toHaveLength(1);
    expect(page.nextCursor).toBeTruthy();
  });
});
