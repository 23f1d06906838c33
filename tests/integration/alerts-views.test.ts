import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as alertById from '@/app/v1/alerts/[id]/route';
import * as counts from '@/app/v1/alerts/counts/route';
import * as flow from '@/app/v1/alerts/[id]/flow/route';
import * as alertsRoute from '@/app/v1/alerts/route';
import { getDb } from '@/db/client';
import { alerts, entities } from '@/db/schema';
import type { Match } from '@/lib/screening/matcher';
import { storeScreening } from '@/lib/screening/store-screening';
import { call, newOrg, type TestOrg } from '../support/api';
import { activateTestRules } from '../support/rules';
import { payment as event, postEventOk as post } from '../support/events';

const HOUR = 3_600_000;
const MINUTE = 60_000;



async function orgWithRules(label: string): Promise<TestOrg> {
  const org = await newOrg(label);
  await activateTestRules(org.orgId, [
    { key: 'big', expr: 'amount >= 100.0', weight: 40 },
    { key: 'huge', expr: 'amount >= 1000.0', weight: 40 },
  ]);
  return org;
}

const list = (org: TestOrg, query = '') => call(alertsRoute.GET, { path: `/v1/alerts${query}`, key: org.key });
const ids = (r: { json: { alerts: { id: string }[] } }) => r.json.alerts.map((a) => a.id);

async function setAlert(org: TestOrg, id: string, values: Partial<typeof alerts.$inferInsert>) {
  await getDb()
    .update(alerts)
    .set(values)
    .where(and(eq(alerts.orgId, org.orgId), eq(alerts.id, id)));
}

async function register(org: TestOrg, id: string, kind: string, attributes: Record<string, unknown>) {
  await getDb()
    .insert(entities)
    .values({ orgId: org.orgId, id, kind, attributes, registered: true })
    .onConflictDoUpdate({ target: [entities.orgId, entities.id], set: { kind, attributes, registered: true } });
}

describe('alert list fields', () => {
  it('shows the decision, reasons, source and event behind the alert, the same in the list and by id', async () => {
    const org = await orgWithRules('fields');
    await register(org, 'alice', 'customer', { name: 'Alice Example', segment: 'retail' });
    const r = await post(org, event('alice', 'bob', 2500, '2026-03-01T09:30:00Z', { rail: 'instant_payment' }));
    const listed = await list(org);
    expect(listed.status).toBe(200);
    expect(listed.json).not.toHaveProperty('next_cursor');
    const [item] = listed.json.alerts;
    expect(item).toEqual({
      id: r.json.alert_id,
      number: 1,
      decision_id: r.json.id,
      event_id: r.json.event_id,
      status: 'open',
      priority: 'high',
      occurrences: 1,
      last_event_at: '2026-03-01T09:30:00.000Z',
      due_at: expect.any(String),
      created_at: expect.any(String),
      updated_at: expect.any(String),
      decision: 'block',
      risk_score: 80,
      decided_in_ms: expect.any(Number),
      reasons: [
        { rule: 'big', version: 1, detail: 'test rule big', weight: 40 },
        { rule: 'huge', version: 1, detail: 'test rule huge', weight: 40 },
      ],
      source: { id: 'alice', kind: 'customer', name: 'Alice Example' },
      event: {
        type: 'transfer',
        occurred_at: '2026-03-01T09:30:00.000Z',
        amount: { value: 2500, currency: 'EUR' },
        rail: 'instant_payment',
        source_id: 'alice',
      },
    });
    const byId = await call(alertById.GET, { key: org.key, params: { id: r.json.alert_id } });
    expect(byId.status).toBe(200);
    expect(byId.json).toEqual(item);
  });

  it('shows only the id of a source that is a placeholder or has no name', async () => {
    const org = await orgWithRules('placeholder');
    const a = await post(org, event('plain', 'x', 150, '2026-03-01T09:30:00Z'));
    expect((await call(alertById.GET, { key: org.key, params: { id: a.json.alert_id } })).json.source).toEqual({ id: 'plain' });
    await register(org, 'plain', 'wallet', { note: 'no name here' });
    expect((await call(alertById.GET, { key: org.key, params: { id: a.json.alert_id } })).json.source).toEqual({ id: 'plain', kind: 'wallet' });
  });

  it('renders a screening alert per the screening-alert table', async () => {
    const org = await orgWithRules('screening');
    const db = getDb();
    const matches = [
      { score: 92, list: 'ofac_sdn', entry_ref: 'SDN-1', entry_name: 'PETROV, Ivan', matched_name: 'PETROV, Ivan', kind: 'person', category: 'sanctions', countries: [], reasons: [] },
      { score: 85, list: 'eu_pep', entry_ref: 'PEP-7', entry_name: 'Ivan Petrov', matched_name: 'Ivan Petrov', kind: 'person', category: 'pep', countries: [], reasons: [] },
    ];
    const screen = async (reference: string | null, name: string, sanctions: boolean) => {
      const alertId = randomUUID();
      const s = await storeScreening(db, { orgId: org.orgId, actorId: org.keyId, actorKind: 'key' }, {
        id: randomUUID(),
        reference,
        threshold: 80,
        subject: { name, kind: 'person' },
        matches: (sanctions ? matches : matches.slice(1)) as Match[],
        near: [],
        lists: [],
        alertId,
        screenedAt: new Date(),
      });
      return { screening: s, alertId };
    };

    const withRef = await screen('cust-9', 'Ivan Petrov', true);
    const shown = await call(alertById.GET, { key: org.key, params: { id: withRef.alertId } });
    expect(shown.json).toMatchObject({
      screening_id: withRef.screening.id,
      status: 'open',
      priority: 'high',
      decision: 'review',
      risk_score: 92,
      source: { id: 'cust-9', kind: 'person', name: 'Ivan Petrov' },
      event: { type: 'screening', occurred_at: withRef.screening.createdAt.toISOString(), source_id: 'cust-9' },
    });
    expect(shown.json).not.toHaveProperty('decision_id');
    expect(shown.json).not.toHaveProperty('event_id');
    expect(shown.json).not.toHaveProperty('decided_in_ms');
    expect(shown.json.event).not.toHaveProperty('amount');
    expect(shown.json.event).not.toHaveProperty('rail');
    expect(shown.json.reasons.map((x: { rule: string }) => x.rule)).toEqual(['screening_sanctions', 'screening_pep']);
    for (const reason of shown.json.reasons) expect(reason).not.toHaveProperty('weight');
    expect(shown.json.reasons[0].detail).toContain('PETROV, Ivan');
    expect(shown.json.reasons[0].detail).toContain('ofac_sdn');
    expect(shown.json.reasons[0].detail).toContain('92');
    const row = await db.select().from(alerts).where(and(eq(alerts.orgId, org.orgId), eq(alerts.id, withRef.alertId)));
    expect(row[0]?.dueAt.getTime()).toBe((row[0]?.createdAt.getTime() ?? 0) + 24 * HOUR);

    // A registered entity names the source instead of the screening.
    await register(org, 'cust-9', 'customer', { name: 'Ivan A. Petrov' });
    const named = await call(alertById.GET, { key: org.key, params: { id: withRef.alertId } });
    expect(named.json.source).toEqual({ id: 'cust-9', kind: 'customer', name: 'Ivan A. Petrov' });

    // No reference: the checked name is the source id; PEP only is medium.
    const noRef = await screen(null, 'Ivan Petrov', false);
    const noRefShown = await call(alertById.GET, { key: org.key, params: { id: noRef.alertId } });
    expect(noRefShown.json).toMatchObject({ priority: 'medium', risk_score: 85, source: { id: 'Ivan Petrov', kind: 'person', name: 'Ivan Petrov' } });
    expect(noRefShown.json.event.source_id).toBe('Ivan Petrov');

    // A decision on the same entity is never grouped with the screening alert.
    const decided = await post(org, event('cust-9', 'x', 150, '2026-03-01T09:30:00Z'));
    expect(decided.json.alert_id).not.toBe(withRef.alertId);

    // Screening alerts count as review in the decision filter.
    expect(ids(await list(org, '?decision=review')).sort()).toEqual([withRef.alertId, noRef.alertId, decided.json.alert_id].sort());
    expect(ids(await list(org, '?decision=block'))).toEqual([]);
  });
});

describe('GET /v1/alerts queues, filters and paging', () => {
  it('orders the open queue by soonest due_at, other listings by latest change, and filters', async () => {
    const org = await orgWithRules('queues');
    const raise = async (source: string, value: number) => (await post(org, event(source, 'x', value, '2026-03-01T09:30:00Z'))).json.alert_id as string;
    const a = await raise('q-a', 150);
    const b = await raise('q-b', 5000);
    const c = await raise('q-c', 150);
    const d = await raise('q-d', 150);
    const e = await raise('q-e', 5000);
    const now = Date.now();
    await setAlert(org, a, { dueAt: new Date(now + 5 * HOUR), updatedAt: new Date(now - 1 * MINUTE), assignedTo: 'ana' });
    await setAlert(org, b, { dueAt: new Date(now + 1 * HOUR), updatedAt: new Date(now - 5 * MINUTE), status: 'in_review', assignedTo: 'ana' });
    await setAlert(org, c, { dueAt: new Date(now + 3 * HOUR), updatedAt: new Date(now - 3 * MINUTE) });
    await setAlert(org, d, { status: 'pending_closure', disposition: 'false_positive', closureRequestedBy: org.keyId, updatedAt: new Date(now - 2 * MINUTE) });
    await setAlert(org, e, { status: 'closed', disposition: 'escalated', closureRequestedBy: org.keyId, closedBy: 'k2', closedAt: new Date(now - 4 * MINUTE), updatedAt: new Date(now - 4 * MINUTE) });

    expect(ids(await list(org, '?queue=open'))).toEqual([b, c, a]);
    expect(ids(await list(org, '?queue=pending_closure'))).toEqual([d]);
    expect(ids(await list(org, '?queue=closed'))).toEqual([e]);
    expect(ids(await list(org))).toEqual([a, d, c, e, b]);
    expect(ids(await list(org, '?status=in_review'))).toEqual([b]);
    expect(ids(await list(org, '?status=open'))).toEqual([a, c]);
    expect(ids(await list(org, '?queue=open&status=closed'))).toEqual([b, c, a]);
    expect(ids(await list(org, '?assigned_to=ana'))).toEqual([a, b]);
    expect(ids(await list(org, '?queue=open&assigned_to=ana'))).toEqual([b, a]);
    expect(ids(await list(org, '?assigned_to=nobody'))).toEqual([]);
    expect(ids(await list(org, '?decision=block'))).toEqual([e, b]);
    expect(ids(await list(org, '?decision=review'))).toEqual([a, d, c]);
    expect(ids(await list(org, '?queue=open&decision=review'))).toEqual([c, a]);
    expect(ids(await list(org, '?number=ALR-3'))).toEqual([c]);
    expect(ids(await list(org, '?number=3'))).toEqual([c]);
    expect(ids(await list(org, '?number=alr-2'))).toEqual([b]);
    expect(ids(await list(org, '?number=ALR-99'))).toEqual([]);

    // Paging the open queue one at a time keeps the order and ends without next_cursor.
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const r = await list(org, `?queue=open&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...ids(r));
      cursor = r.json.next_cursor;
      if (!cursor) break;
    }
    expect(seen).toEqual([b, c, a]);
    // Paging the default order two at a time.
    const first = await list(org, '?limit=2');
    expect(ids(first)).toEqual([a, d]);
    const second = await list(org, `?limit=2&cursor=${first.json.next_cursor}`);
    expect(ids(second)).toEqual([c, e]);
    const third = await list(org, `?limit=2&cursor=${second.json.next_cursor}`);
    expect(ids(third)).toEqual([b]);
    expect(third.json).not.toHaveProperty('next_cursor');
    const exact = await list(org, '?limit=5');
    expect(ids(exact)).toHaveLength(5);
    expect(exact.json).not.toHaveProperty('next_cursor');

    // Another organisation sees none of these.
    const stranger = await newOrg('stranger');
    expect(ids(await list(stranger))).toEqual([]);
    expect(ids(await list(stranger, '?number=1'))).toEqual([]);
  });

  it('refuses invalid filter values with a 400', async () => {
    const org = await newOrg('badfilters');
    const cases: [string, string][] = [
      ['?queue=all', 'queue must be open, pending_closure or closed'],
      ['?status=done', 'status must be open, in_review, pending_closure or closed'],
      ['?decision=allow', 'decision must be review or block'],
      ['?number=ALR-x', 'number must be an alert number such as ALR-12 or 12'],
      ['?number=0', 'number must be an alert number such as ALR-12 or 12'],
      ['?number=CASE-1', 'number must be an alert number such as ALR-12 or 12'],
      ['?limit=0', 'limit must be between 1 and 200'],
      ['?limit=201', 'limit must be between 1 and 200'],
      ['?limit=ten', 'limit must be between 1 and 200'],
      ['?cursor=not-a-cursor', 'cursor is not valid; send back the next_cursor of a previous page'],
    ];
    for (const [query, message] of cases) {
      const r = await list(org, query);
      expect(r.status, query).toBe(400);
      expect(r.json, query).toEqual({ error: message });
    }
  });
});

describe('GET /v1/alerts/counts', () => {
  it('counts every queue, mine, overdue, near_sla and the median close time', async () => {
    const org = await orgWithRules('counts');
    const empty = await call(counts.GET, { key: org.key });
    expect(empty.json).toEqual({ open: 0, in_review: 0, pending_closure: 0, closed: 0, mine: 0, overdue: 0, near_sla: 0 });

    const raised: string[] = [];
    for (let i = 0; i < 8; i++) raised.push((await post(org, event(`c-${i}`, 'x', 150, '2026-03-01T09:30:00Z'))).json.alert_id);
    const [nearSla, overdue, inReview, pending, closedA, closedB, closedOld, farOpen] = raised as string[] & { length: 8 };
    const now = Date.now();
    await setAlert(org, nearSla as string, { dueAt: new Date(now + 30 * MINUTE), assignedTo: 'me' });
    await setAlert(org, overdue as string, { dueAt: new Date(now - 2 * HOUR) });
    await setAlert(org, inReview as string, { status: 'in_review', dueAt: new Date(now + 10 * 24 * HOUR), assignedTo: 'me' });
    await setAlert(org, pending as string, { status: 'pending_closure', dueAt: new Date(now - HOUR), assignedTo: 'me' });
    const closedAt = (agoMs: number, tookMinutes: number) => ({
      status: 'closed' as const,
      closedAt: new Date(now - agoMs),
      createdAt: new Date(now - agoMs - tookMinutes * MINUTE),
      dueAt: new Date(now - 3 * HOUR),
      assignedTo: 'me',
    });
    await setAlert(org, closedA as string, closedAt(24 * HOUR, 100));
    await setAlert(org, closedB as string, closedAt(2 * 24 * HOUR, 20));
    await setAlert(org, closedOld as string, closedAt(8 * 24 * HOUR, 1000));
    await setAlert(org, farOpen as string, { dueAt: new Date(now + 2 * HOUR) });

    const all = await call(counts.GET, { key: org.key });
    expect(all.status).toBe(200);
    expect(all.json).toEqual({
      open: 4,
      in_review: 1,
      pending_closure: 1,
      closed: 3,
      mine: 0,
      overdue: 1,
      near_sla: 1,
      median_close_minutes: 60,
    });
    const mine = await call(counts.GET, { path: '/v1/alerts/counts?assigned_to=me', key: org.key });
    expect(mine.json.mine).toBe(2);
    const other = await call(counts.GET, { path: '/v1/alerts/counts?assigned_to=you', key: org.key });
    expect(other.json.mine).toBe(0);
    // Another organisation counts nothing of these.
    const stranger = await newOrg('counts-stranger');
    expect((await call(counts.GET, { key: stranger.key })).json).toEqual({
      open: 0,
      in_review: 0,
      pending_closure: 0,
      closed: 0,
      mine: 0,
      overdue: 0,
      near_sla: 0,
    });
  });
});

describe('GET /v1/alerts/{id}/flow', () => {
  it('sums money in and out by hour over the 24 hours up to the latest event', async () => {
    const org = await orgWithRules('flow');
    await post(org, event('acct', 'x', 999, '2026-02-28T12:00:00Z'), 'async'); // before the window
    await post(org, event('acct', 'x', 7, '2026-02-28T12:30:00Z'), 'async'); // exactly 24h before: outside
    await post(org, event('acct', 'x', 5, '2026-02-28T12:31:00Z'), 'async');
    await post(org, event('acct', 'x', 50, '2026-03-01T09:10:00Z'), 'async');
    await post(org, event('y', 'acct', 70, '2026-03-01T09:40:00Z'), 'async');
    await post(org, event('z', 'acct', 30.5, '2026-03-01T09:50:00Z'), 'async');
    await post(org, event('acct', null, null, '2026-03-01T10:00:00Z', { type: 'login' }), 'async');
    await post(org, event('other', 'elsewhere', 80, '2026-03-01T10:15:00Z'), 'async');
    await post(org, event('acct', 'x', 20, '2026-03-01T11:05:00Z'), 'async');
    const raised = await post(org, event('acct', 'shop', 500, '2026-03-01T12:30:00Z'));
    await post(org, event('acct', 'x', 1000, '2026-03-01T13:00:00Z'), 'async'); // after the alert's latest event

    const r = await call(flow.GET, { key: org.key, params: { id: raised.json.alert_id } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      entity_id: 'acct',
      currency: 'EUR',
      since: '2026-02-28T12:30:00.000Z',
      until: '2026-03-01T12:30:00.000Z',
      hours: [
        { hour: '2026-02-28T12:00:00.000Z', in: 0, out: 5 },
        { hour: '2026-03-01T09:00:00.000Z', in: 100.5, out: 50 },
        { hour: '2026-03-01T11:00:00.000Z', in: 0, out: 20 },
        { hour: '2026-03-01T12:00:00.000Z', in: 0, out: 500 },
      ],
    });
  });

  it('has no entity_id and no hours when the event named no source', async () => {
    const org = await orgWithRules('flow-none');
    const raised = await post(org, event(null, 'acct', 500, '2026-03-01T12:30:00Z'));
    const r = await call(flow.GET, { key: org.key, params: { id: raised.json.alert_id } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ since: '2026-02-28T12:30:00.000Z', until: '2026-03-01T12:30:00.000Z', hours: [] });
  });
});

describe('list query shape', () => {
  it('reads a page in one statement whatever its size', async () => {
    const org = await orgWithRules('queries');
    for (let i = 0; i < 6; i++) await post(org, event(`s-${i}`, 'x', 150, '2026-03-01T09:30:00Z'));
    const pool = (await import('@/db/client')).getPool();
    const original = pool.query.bind(pool);
    let statements = 0;
    // Count statements that touch the alerts table while one page is read.
    (pool as unknown as { query: typeof pool.query }).query = ((...args: Parameters<typeof pool.query>) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
      if (text && /from "alerts"/i.test(text)) statements += 1;
      return original(...args);
    }) as typeof pool.query;
    try {
      const r = await list(org, '?limit=50');
      expect(r.json.alerts).toHaveLength(6);
    } finally {
      (pool as unknown as { query: typeof pool.query }).query = original;
    }
    expect(statements).toBe(1);
    const rows = await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(alerts)
      .where(and(eq(alerts.orgId, org.orgId), inArray(alerts.status, ['open'])));
    expect(rows[0]?.n).toBe(6);
  });
});
