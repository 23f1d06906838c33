import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as caseAlerts from '@/app/v1/cases/[id]/alerts/route';
import * as caseById from '@/app/v1/cases/[id]/route';
import * as cases from '@/app/v1/cases/route';
import { getDb } from '@/db/client';
import { alerts as alertsTable, auditLog } from '@/db/schema';
import { call, newOrg, type CallOptions, type CallResult, type TestOrg } from '../support/api';
import { payment, postEventOk } from '../support/events';
import { committedDocument, responseChecker } from '../support/openapi';
import { activateTestRules } from '../support/rules';

// Every answer is also checked against the committed OpenAPI document's schema for its status.
const check = responseChecker(committedDocument());

type Handler = Parameters<typeof call>[0];
async function documented(handler: Handler, method: string, template: string, options: CallOptions): Promise<CallResult> {
  const r = await call(handler, { method, ...options });
  check(method, template, r);
  return r;
}

const create = (org: TestOrg, body: unknown) => documented(cases.POST, 'POST', '/v1/cases', { key: org.key, body, path: '/v1/cases' });
const list = (org: TestOrg, query = '') => documented(cases.GET, 'GET', '/v1/cases', { key: org.key, path: `/v1/cases${query}` });
const read = (org: TestOrg, id: string) => documented(caseById.GET, 'GET', '/v1/cases/{id}', { key: org.key, params: { id } });
const patch = (org: TestOrg, id: string, body: unknown) => documented(caseById.PATCH, 'PATCH', '/v1/cases/{id}', { key: org.key, params: { id }, body });
const addAlert = (org: TestOrg, id: string, body: unknown) => documented(caseAlerts.POST, 'POST', '/v1/cases/{id}/alerts', { key: org.key, params: { id }, body });

function expectError(r: CallResult, status: number, message: string | RegExp) {
  expect(r.status, r.text).toBe(status);
  if (typeof message === 'string') expect(r.json).toEqual({ error: message });
  else expect(r.json.error).toMatch(message);
}

async function orgWithRules(label: string): Promise<TestOrg> {
  const org = await newOrg(label);
  await activateTestRules(org.orgId, [{ key: 'big', expr: 'amount >= 100.0', weight: 50 }]);
  return org;
}

/** A fresh alert whose source is `source` (a new entity by default); its id and number. */
async function raise(org: TestOrg, source = `src-${randomUUID()}`): Promise<{ id: string; number: number; source: string }> {
  const r = await postEventOk(org, payment(source, `dst-${randomUUID()}`, 500, new Date(Date.now() - 60_000).toISOString()));
  const id = r.json.alert_id as string;
  expect(id).toEqual(expect.any(String));
  const [row] = await getDb()
    .select({ number: alertsTable.number })
    .from(alertsTable)
    .where(and(eq(alertsTable.orgId, org.orgId), eq(alertsTable.id, id)));
  return { id, number: Number(row?.number), source };
}

async function auditOf(org: TestOrg, targetIds: string[]) {
  return getDb()
    .select({ action: auditLog.action, actor: auditLog.actor, actorKind: auditLog.actorKind, targetType: auditLog.targetType, targetId: auditLog.targetId, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.orgId, org.orgId), inArray(auditLog.targetId, targetIds)))
    .orderBy(asc(auditLog.at));
}

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const FIELDS = ['alert_ids', 'created_at', 'created_by', 'id', 'number', 'status', 'subject_entity_id', 'title', 'updated_at'];

describe('POST /v1/cases', () => {
  let org: TestOrg;
  let other: TestOrg;
  beforeAll(async () => {
    [org, other] = await Promise.all([orgWithRules('cases'), orgWithRules('cases-other')]);
  });

  it('opens CASE-<number> from alerts: 201, the subject is the first alert’s source, numbers rise per organisation, audited', async () => {
    const [a, b] = [await raise(org), await raise(org)];
    const r = await create(org, { title: 'Rent collections', alert_ids: [b.id, a.id, b.id] });
    expect(r.status, r.text).toBe(201);
    expect(Object.keys(r.json).sort()).toEqual(FIELDS);
    expect(r.json).toMatchObject({ title: 'Rent collections', status: 'open', subject_entity_id: b.source, alert_ids: [b.id, a.id], created_by: org.keyId });
    expect(r.json.created_at).toBe(r.json.updated_at);

    const second = await create(org, { title: 'Second', alert_ids: [(await raise(org)).id] });
    expect(second.json.number).toBe(r.json.number + 1);
    const firstOfOther = await create(other, { title: 'Elsewhere', alert_ids: [(await raise(other)).id] });
    expect(firstOfOther.json.number).toBe(1);

    const entries = await auditOf(org, [r.json.id, a.id, b.id]);
    // Entries of one change share a millisecond, so they are compared as a set.
    const ofCase = entries.filter((e) => e.action !== 'alert.raised').map((e) => [e.action, e.targetType, e.targetId, e.changes]);
    expect(ofCase).toHaveLength(3);
    expect(ofCase).toEqual(
      expect.arrayContaining([
        ['case.created', 'case', r.json.id, { number: r.json.number, title: 'Rent collections', subject_entity_id: b.source, alert_ids: [b.id, a.id] }],
        ['alert.added_to_case', 'alert', b.id, { case_id: r.json.id, case_number: r.json.number }],
        ['alert.added_to_case', 'alert', a.id, { case_id: r.json.id, case_number: r.json.number }],
      ]),
    );
    expect(entries.filter((e) => e.action.includes('case')).every((e) => e.actor === org.keyId && e.actorKind === 'key')).toBe(true);
  });

  it('answers 400 for a missing or bad title and for alert_ids that are missing, empty, too many or not ids', async () => {
    const { id } = await raise(org);
    const title = 'title must be 1 to 200 characters';
    const ids = 'alert_ids must list 1 to 100 alert ids (UUIDs)';
    expectError(await create(org, { alert_ids: [id] }), 400, title);
    expectError(await create(org, { title: '   ', alert_ids: [id] }), 400, title);
    expectError(await create(org, { title: 7, alert_ids: [id] }), 400, title);
    expectError(await create(org, { title: 'x'.repeat(201), alert_ids: [id] }), 400, title);
    expectError(await create(org, { title: 'ok' }), 400, ids);
    expectError(await create(org, { title: 'ok', alert_ids: [] }), 400, ids);
    expectError(await create(org, { title: 'ok', alert_ids: 'abc' }), 400, ids);
    expectError(await create(org, { title: 'ok', alert_ids: ['ALR-1'] }), 400, ids);
    expectError(await create(org, { title: 'ok', alert_ids: Array.from({ length: 101 }, () => randomUUID()) }), 400, ids);
    const plain = await call(cases.POST, { method: 'POST', key: org.key, rawBody: '{"title":', headers: { 'content-type': 'application/json' } });
    expect([plain.status, plain.text]).toEqual([400, 'request body is not valid JSON']);
    expect((await list(org)).json.cases.some((c: { alert_ids: string[] }) => c.alert_ids.includes(id))).toBe(false);
  });

  it('answers 404 alert not found for an unknown alert or another organisation’s, and opens nothing', async () => {
    const mine = await raise(org);
    const theirs = await raise(other);
    expectError(await create(org, { title: 'x', alert_ids: [mine.id, UNKNOWN] }), 404, 'alert not found');
    expectError(await create(org, { title: 'x', alert_ids: [theirs.id] }), 404, 'alert not found');
    expectError(await create(org, { title: 'x', alert_ids: [mine.id, theirs.id] }), 404, 'alert not found');
    // The alert is still free: a case can take it.
    expect((await create(org, { title: 'x', alert_ids: [mine.id] })).status).toBe(201);
  });

  it('keeps an alert in at most one case: 409 naming the case, nothing of the refused case kept', async () => {
    const [a, b] = [await raise(org), await raise(org)];
    const first = await create(org, { title: 'first', alert_ids: [a.id] });
    expect(first.status).toBe(201);
    const before = (await list(org, '?limit=200')).json.cases.length;
    const refused = await create(org, { title: 'second', alert_ids: [b.id, a.id] });
    expectError(refused, 409, `ALR-${a.number} is already in CASE-${first.json.number}; an alert belongs to at most one case`);
    expect((await list(org, '?limit=200')).json.cases.length).toBe(before);
    // b was not taken by the refused case, and the refused case gave its number back.
    const next = await create(org, { title: 'third', alert_ids: [b.id] });
    expect(next.status).toBe(201);
    expect(next.json.number).toBe(first.json.number + 1);
  });

  it('of two concurrent requests for one alert, exactly one opens a case and the other gets 409', async () => {
    for (let round = 0; round < 3; round++) {
      const shared = await raise(org);
      const [x, y] = [await raise(org), await raise(org)];
      const answers = await Promise.all([
        create(org, { title: `race ${round} x`, alert_ids: [x.id, shared.id] }),
        create(org, { title: `race ${round} y`, alert_ids: [y.id, shared.id] }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
      const won = answers.find((r) => r.status === 201) as CallResult;
      const lost = answers.find((r) => r.status === 409) as CallResult;
      expect(lost.json.error).toBe(`ALR-${shared.number} is already in CASE-${won.json.number}; an alert belongs to at most one case`);
      const holding = (await list(org, '?limit=200')).json.cases.filter((c: { alert_ids: string[] }) => c.alert_ids.includes(shared.id));
      expect(holding.map((c: { id: string }) => c.id)).toEqual([won.json.id]);
    }
  });

  it('of concurrent additions of one alert to two cases, exactly one succeeds', async () => {
    const [c1, c2] = await Promise.all([create(org, { title: 'c1', alert_ids: [(await raise(org)).id] }), create(org, { title: 'c2', alert_ids: [(await raise(org)).id] })]);
    const shared = await raise(org);
    const answers = await Promise.all([addAlert(org, c1.json.id, { alert_id: shared.id }), addAlert(org, c2.json.id, { alert_id: shared.id })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const won = answers.find((r) => r.status === 200) as CallResult;
    expect(answers.find((r) => r.status === 409)?.json.error).toBe(`ALR-${shared.number} is already in CASE-${won.json.number}; an alert belongs to at most one case`);
  });

  it('refuses a request without a valid key with 401', async () => {
    const r = await call(cases.POST, { method: 'POST', body: { title: 'x', alert_ids: [UNKNOWN] } });
    expectError(r, 401, 'missing or invalid API key');
    expectError(await call(cases.GET, { key: 'sk_nope' }), 401, 'missing or invalid API key');
  });
});

describe('GET /v1/cases', () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await orgWithRules('cases-list');
  });

  it('pages most recently changed first, filters by status, and sees only the organisation’s cases', async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await create(org, { title: `case ${i}`, alert_ids: [(await raise(org)).id] })).json.id);
    // Closing the oldest makes it the most recently changed.
    expect((await patch(org, made[0] as string, { status: 'closed' })).status).toBe(200);

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list(org, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.json.cases.length).toBeLessThanOrEqual(2);
      seen.push(...page.json.cases.map((c: { id: string }) => c.id));
      cursor = page.json.next_cursor;
    } while (cursor);
    expect(seen).toEqual([made[0], made[4], made[3], made[2], made[1]]);

    const exact = await list(org, '?limit=5');
    expect(exact.json.cases).toHaveLength(5);
    expect(exact.json).not.toHaveProperty('next_cursor');

    const closed = await list(org, '?status=closed');
    expect(closed.json.cases.map((c: { id: string }) => c.id)).toEqual([made[0]]);
    expect(closed.json.cases[0]).toMatchObject({ status: 'closed', closed_at: expect.any(String) });
    const open = await list(org, '?status=open');
    expect(open.json.cases.map((c: { id: string }) => c.id)).toEqual([made[4], made[3], made[2], made[1]]);
    expect(open.json.cases[0].alert_ids).toHaveLength(1);

    const stranger = await newOrg('cases-list-stranger');
    expect((await list(stranger)).json).toEqual({ cases: [] });
  });

  it('answers 400 for a bad status, limit or cursor', async () => {
    expectError(await list(org, '?status=pending'), 400, 'status must be open or closed');
    expectError(await list(org, '?limit=0'), 400, 'limit must be between 1 and 200');
    expectError(await list(org, '?cursor=garbage'), 400, 'cursor is not valid; send back the next_cursor of a previous page');
  });
});

describe('GET /v1/cases/{id}', () => {
  let org: TestOrg;
  let other: TestOrg;
  beforeAll(async () => {
    [org, other] = await Promise.all([orgWithRules('cases-read'), orgWithRules('cases-read-other')]);
  });

  it('gives the case with its alerts in the order they joined, each with the alert’s list fields', async () => {
    const [a, b] = [await raise(org), await raise(org)];
    const made = await create(org, { title: 'read me', alert_ids: [a.id, b.id] });
    const r = await read(org, made.json.id);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ id: made.json.id, number: made.json.number, alert_ids: [a.id, b.id] });
    expect(r.json.alerts.map((x: { id: string }) => x.id)).toEqual([a.id, b.id]);
    expect(r.json.alerts[0]).toMatchObject({ number: a.number, decision: 'review', source: { id: a.source }, reasons: [expect.objectContaining({ rule: 'big' })] });
  });

  it('answers 404 case not found for an unknown case and another organisation’s, 400 in plain text for a path id that is not a UUID', async () => {
    const theirs = await create(other, { title: 'theirs', alert_ids: [(await raise(other)).id] });
    expectError(await read(org, UNKNOWN), 404, 'case not found');
    expectError(await read(org, theirs.json.id), 404, 'case not found');
    const bad = await call(caseById.GET, { key: org.key, params: { id: 'CASE-1' } });
    expect([bad.status, bad.text]).toEqual([400, 'id in the path is not a UUID']);
  });
});

describe('PATCH /v1/cases/{id}', () => {
  let org: TestOrg;
  let other: TestOrg;
  beforeAll(async () => {
    [org, other] = await Promise.all([orgWithRules('cases-patch'), orgWithRules('cases-patch-other')]);
  });

  it('renames, assigns, unassigns, closes and reopens, one audit entry per change, nothing for unchanged values', async () => {
    const made = await create(org, { title: 'before', alert_ids: [(await raise(org)).id] });
    const id = made.json.id as string;
    const renamed = await patch(org, id, { title: 'after', assigned_to: 'analyst-7' });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ title: 'after', assigned_to: 'analyst-7', status: 'open' });
    expect(Date.parse(renamed.json.updated_at)).toBeGreaterThanOrEqual(Date.parse(made.json.updated_at));

    const closed = await patch(org, id, { status: 'closed' });
    expect(closed.json).toMatchObject({ status: 'closed', closed_at: expect.any(String) });
    const reopened = await patch(org, id, { status: 'open', assigned_to: null });
    expect(reopened.json.status).toBe('open');
    expect(reopened.json).not.toHaveProperty('closed_at');
    expect(reopened.json).not.toHaveProperty('assigned_to');

    const same = await patch(org, id, { title: 'after', status: 'open' });
    expect(same.status).toBe(200);
    expect(same.json.updated_at).toBe(reopened.json.updated_at);

    const entries = (await auditOf(org, [id])).filter((e) => e.action !== 'case.created');
    // Entries of one request may share a millisecond: compared as a set, with the count.
    expect(entries).toHaveLength(5);
    expect(entries.map((e) => [e.action, e.changes])).toEqual(
      expect.arrayContaining([
        ['case.title_changed', { title: { from: 'before', to: 'after' } }],
        ['case.assigned', { assigned_to: { from: null, to: 'analyst-7' } }],
        ['case.closed', { status: { from: 'open', to: 'closed' } }],
        ['case.reopened', { status: { from: 'closed', to: 'open' } }],
        ['case.assigned', { assigned_to: { from: 'analyst-7', to: null } }],
      ]),
    );
    expect(entries.every((e) => e.actor === org.keyId && e.actorKind === 'key')).toBe(true);
  });

  it('answers 400 for bad fields or nothing to change, 404 for an unknown or foreign case', async () => {
    const id = (await create(org, { title: 'x', alert_ids: [(await raise(org)).id] })).json.id as string;
    expectError(await patch(org, id, {}), 400, 'send title, status or assigned_to');
    expectError(await patch(org, id, { title: '' }), 400, 'title must be 1 to 200 characters');
    expectError(await patch(org, id, { status: 'pending' }), 400, 'status must be open or closed');
    expectError(await patch(org, id, { assigned_to: '' }), 400, 'assigned_to must be 1 to 200 characters, or null to unassign');
    expectError(await patch(org, id, { assigned_to: 5 }), 400, 'assigned_to must be 1 to 200 characters, or null to unassign');
    const theirs = await create(other, { title: 'theirs', alert_ids: [(await raise(other)).id] });
    expectError(await patch(org, theirs.json.id, { status: 'closed' }), 404, 'case not found');
    expectError(await patch(org, UNKNOWN, { status: 'closed' }), 404, 'case not found');
    expect((await read(other, theirs.json.id)).json.status).toBe('open');
  });
});

describe('POST /v1/cases/{id}/alerts', () => {
  let org: TestOrg;
  let other: TestOrg;
  beforeAll(async () => {
    [org, other] = await Promise.all([orgWithRules('cases-add'), orgWithRules('cases-add-other')]);
  });

  it('adds an alert after the ones the case holds (200 with the case), audited on the case and the alert; the subject stays', async () => {
    const [a, b] = [await raise(org), await raise(org)];
    const made = await create(org, { title: 'grow', alert_ids: [a.id] });
    const r = await addAlert(org, made.json.id, { alert_id: b.id.toUpperCase() });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ id: made.json.id, alert_ids: [a.id, b.id], subject_entity_id: a.source });
    expect((await read(org, made.json.id)).json.alerts.map((x: { id: string }) => x.id)).toEqual([a.id, b.id]);
    const entries = (await auditOf(org, [made.json.id, b.id])).filter((e) => e.action !== 'alert.raised' && e.action !== 'case.created');
    expect(entries.map((e) => [e.action, e.targetId, e.changes])).toHaveLength(2);
    expect(entries.map((e) => [e.action, e.targetId, e.changes])).toEqual(
      expect.arrayContaining([
        ['case.alert_added', made.json.id, { alert_id: b.id, alert_number: b.number }],
        ['alert.added_to_case', b.id, { case_id: made.json.id, case_number: made.json.number }],
      ]),
    );
  });

  it('answers 409 for an alert already in a case (this one or another) and for a closed case', async () => {
    const [a, b, c] = [await raise(org), await raise(org), await raise(org)];
    const one = await create(org, { title: 'one', alert_ids: [a.id] });
    const two = await create(org, { title: 'two', alert_ids: [b.id] });
    expectError(await addAlert(org, one.json.id, { alert_id: a.id }), 409, `ALR-${a.number} is already in CASE-${one.json.number}; an alert belongs to at most one case`);
    expectError(await addAlert(org, one.json.id, { alert_id: b.id }), 409, `ALR-${b.number} is already in CASE-${two.json.number}; an alert belongs to at most one case`);
    await patch(org, two.json.id, { status: 'closed' });
    expectError(await addAlert(org, two.json.id, { alert_id: c.id }), 409, 'the case is closed; reopen it before adding alerts');
    expect((await read(org, one.json.id)).json.alert_ids).toEqual([a.id]);
  });

  it('answers 400 for a missing or bad alert_id, 404 for an unknown or foreign case or alert', async () => {
    const mine = await raise(org);
    const made = await create(org, { title: 'x', alert_ids: [mine.id] });
    const theirAlert = await raise(other);
    const theirCase = await create(other, { title: 'theirs', alert_ids: [theirAlert.id] });
    expectError(await addAlert(org, made.json.id, {}), 400, 'alert_id must be an alert id (a UUID)');
    expectError(await addAlert(org, made.json.id, { alert_id: 'ALR-1' }), 400, 'alert_id must be an alert id (a UUID)');
    expectError(await addAlert(org, made.json.id, { alert_id: theirAlert.id }), 404, 'alert not found');
    expectError(await addAlert(org, made.json.id, { alert_id: UNKNOWN }), 404, 'alert not found');
    expectError(await addAlert(org, theirCase.json.id, { alert_id: (await raise(org)).id }), 404, 'case not found');
    expectError(await addAlert(org, UNKNOWN, { alert_id: mine.id }), 404, 'case not found');
    expect((await read(other, theirCase.json.id)).json.alert_ids).toEqual([theirAlert.id]);
  });
});
