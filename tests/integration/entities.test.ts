import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as entitiesRoute from '@/app/v1/entities/route';
import * as entityRoute from '@/app/v1/entities/[...id]/route';
import * as events from '@/app/v1/events/route';
import { getDb } from '@/db/client';
import { auditLog } from '@/db/schema';
import { call, newOrg, type TestOrg } from '../support/api';
import { activateTestRules } from '../support/rules';

const HOUR = 3_600_000;
const base = Date.parse('2026-03-01T12:00:00.000Z');
const at = (offsetMs: number) => new Date(base + offsetMs).toISOString();
const enc = encodeURIComponent;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

let seq = 0;
function event(from: string | null, to: string | null, value: number | null, occurredAt: string, extra: Record<string, unknown> = {}) {
  seq += 1;
  return {
    type: value === null ? 'login' : 'transfer',
    idempotency_key: `ent-${seq}-${Math.random().toString(36).slice(2)}`,
    occurred_at: occurredAt,
    ...(value !== null ? { amount: { value, currency: 'EUR' } } : {}),
    ...(from ? { source: { entity_id: from } } : {}),
    ...(to ? { destination: { entity_id: to } } : {}),
    ...extra,
  };
}

const send = (org: TestOrg, body: unknown, mode: 'sync' | 'async' = 'sync') =>
  call(events.POST, { method: 'POST', path: `/v1/events?mode=${mode}`, key: org.key, body });
const register = (org: TestOrg, body: unknown) => call(entitiesRoute.POST, { method: 'POST', path: '/v1/entities', key: org.key, body });
const getOne = (org: TestOrg, id: string) => call(entityRoute.GET, { path: `/v1/entities/${enc(id)}`, key: org.key });
const timeline = (org: TestOrg, id: string, query = '') => call(entityRoute.GET, { path: `/v1/entities/${enc(id)}/events${query}`, key: org.key });
const linksOf = (org: TestOrg, id: string) => call(entityRoute.GET, { path: `/v1/entities/${enc(id)}/links`, key: org.key });
const list = (org: TestOrg, query = '') => call(entitiesRoute.GET, { path: `/v1/entities${query}`, key: org.key });
const ids = (r: { json: { entities: { id: string }[] } }) => r.json.entities.map((e) => e.id);

async function auditOf(org: TestOrg, targetId: string) {
  return getDb()
    .select({ action: auditLog.action, changes: auditLog.changes, actor: auditLog.actor })
    .from(auditLog)
    .where(and(eq(auditLog.orgId, org.orgId), eq(auditLog.targetType, 'entity'), eq(auditLog.targetId, targetId)))
    .orderBy(asc(auditLog.at));
}

describe('POST /v1/entities validation', () => {
  it('answers the interface messages for id and kind, and a plain message for attributes', async () => {
    const org = await newOrg();
    const cases: [unknown, string][] = [
      [{}, 'id is required'],
      [{ kind: 'customer' }, 'id is required'],
      [{ id: '', kind: 'customer' }, 'id is required'],
      [{ id: 42, kind: 'customer' }, 'id is required'],
      [{ id: null, kind: 'customer' }, 'id is required'],
      [{ id: 'c1' }, 'unknown kind'],
      [{ id: 'c1', kind: 'person' }, 'unknown kind'],
      [{ id: 'c1', kind: 'Customer' }, 'unknown kind'],
      [{ id: 'c1', kind: 7 }, 'unknown kind'],
      [{ id: 'c1', kind: 'customer', attributes: [] }, 'attributes must be a JSON object'],
      [{ id: 'c1', kind: 'customer', attributes: ['name'] }, 'attributes must be a JSON object'],
      [{ id: 'c1', kind: 'customer', attributes: 'Ada' }, 'attributes must be a JSON object'],
      [{ id: 'c1', kind: 'customer', attributes: null }, 'attributes must be a JSON object'],
      [{ id: 'c1', kind: 'customer', attributes: 3 }, 'attributes must be a JSON object'],
    ];
    for (const [body, message] of cases) {
      const r = await register(org, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json, JSON.stringify(body)).toEqual({ error: message });
    }
    const notObject = await register(org, ['c1']);
    expect(notObject.status).toBe(400);
    expect(typeof notObject.json.error).toBe('string');
    const tooLong = await register(org, { id: 'x'.repeat(201), kind: 'customer' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.error).toBe('id must be at most 200 characters');
    const nul = await register(org, { id: 'a\u0000b', kind: 'customer' });
    expect(nul.status).toBe(400);
    const nulAttribute = await register(org, { id: 'ok', kind: 'customer', attributes: { name: 'a\u0000b' } });
    expect(nulAttribute.status).toBe(400);
    expect(nulAttribute.json.error).toMatch(/^attributes/);
    const notJson = await call(entitiesRoute.POST, { method: 'POST', path: '/v1/entities', key: org.key, rawBody: '{"id":' });
    expect(notJson.status).toBe(400);
    expect(notJson.headers.get('content-type')).toMatch(/^text\/plain/);
    const noKey = await call(entitiesRoute.POST, { method: 'POST', path: '/v1/entities', body: { id: 'c1', kind: 'customer' } });
    expect(noKey.status).toBe(401);
    expect(noKey.json).toEqual({ error: 'missing or invalid API key' });
    // Nothing was stored by the refused calls.
    expect(ids(await list(org))).toEqual([]);
  });

  it('validates the list parameters', async () => {
    const org = await newOrg();
    expect((await list(org, '?kind=person')).json).toEqual({ error: 'unknown kind' });
    expect((await list(org, '?limit=0')).json).toEqual({ error: 'limit must be between 1 and 200' });
    expect((await list(org, '?limit=201')).status).toBe(400);
    expect((await list(org, '?cursor=nonsense')).status).toBe(400);
    expect((await timeline(org, 'x', '?limit=500')).json).toEqual({ error: 'limit must be between 1 and 200' });
    expect((await call(entityRoute.GET, { path: '/v1/entities/x/links' })).status).toBe(401);
  });
});

describe('registration', () => {
  it('creates, then replaces kind and merges attributes shallowly, bumping updated_at only on a change', async () => {
    const org = await newOrg();
    const created = await register(org, {
      id: 'c1',
      kind: 'customer',
      attributes: { name: 'Ada Lovelace', tier: 'gold', address: { city: 'London', zip: 'W1' }, tags: ['a'] },
    });
    expect(created.status).toBe(200);
    expect(Object.keys(created.json).sort()).toEqual(['attributes', 'created_at', 'id', 'kind', 'updated_at']);
    expect(created.json).toMatchObject({ id: 'c1', kind: 'customer' });
    expect(created.json.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(created.json.updated_at).toBe(created.json.created_at);

    await pause(5);
    const updated = await register(org, {
      id: 'c1',
      kind: 'account',
      attributes: { tier: 'silver', address: { city: 'Paris' }, risk: 3, tags: null },
    });
    expect(updated.status).toBe(200);
    expect(updated.json.kind).toBe('account');
    // Shallow merge: a sent key replaces that key's whole value, unsent keys stay.
    expect(updated.json.attributes).toEqual({ name: 'Ada Lovelace', tier: 'silver', address: { city: 'Paris' }, risk: 3, tags: null });
    expect(updated.json.created_at).toBe(created.json.created_at);
    expect(Date.parse(updated.json.updated_at)).toBeGreaterThan(Date.parse(created.json.updated_at));

    await pause(5);
    const same = await register(org, { id: 'c1', kind: 'account', attributes: { risk: 3 } });
    expect(same.json).toEqual(updated.json);
    const noAttributes = await register(org, { id: 'c1', kind: 'account' });
    expect(noAttributes.json).toEqual(updated.json);

    const read = await getOne(org, 'c1');
    expect(read.status).toBe(200);
    expect(read.json).toEqual({ ...updated.json, registered: true, open_alerts: 0 });

    const audit = await auditOf(org, 'c1');
    expect(audit.map((a) => a.action)).toEqual(['entity.registered', 'entity.updated']);
    expect(audit[0]?.actor).toBe(org.keyId);
    expect(audit[0]?.changes).toMatchObject({ kind: { from: null, to: 'customer' }, attributes: { name: { from: null, to: 'Ada Lovelace' } } });
    expect(audit[1]?.changes).toEqual({
      kind: { from: 'customer', to: 'account' },
      attributes: {
        tier: { from: 'gold', to: 'silver' },
        address: { from: { city: 'London', zip: 'W1' }, to: { city: 'Paris' } },
        risk: { from: null, to: 3 },
        tags: { from: ['a'], to: null },
      },
    });
  });

  it('returns a placeholder an event created, and registration completes it', async () => {
    const org = await newOrg();
    await send(org, event('p-src', 'p-dst', 10, at(2 * HOUR), { device: { id: 'p-dev' } }), 'async');
    await send(org, event('p-dst', 'p-src', 10, at(HOUR)), 'async');

    const placeholder = await getOne(org, 'p-src');
    expect(placeholder.status).toBe(200);
    expect(placeholder.json).not.toHaveProperty('kind');
    expect(placeholder.json).toMatchObject({ id: 'p-src', attributes: {}, registered: false, open_alerts: 0, last_seen: at(2 * HOUR) });
    const device = await getOne(org, 'p-dev');
    expect(device.json).toMatchObject({ id: 'p-dev', registered: false });

    const listed = await list(org);
    expect(ids(listed).sort()).toEqual(['p-dev', 'p-dst', 'p-src']);
    for (const e of listed.json.entities) {
      expect(e.registered).toBe(false);
      expect(e).not.toHaveProperty('kind');
    }
    expect(ids(await list(org, '?kind=customer'))).toEqual([]);

    await pause(5);
    const registered = await register(org, { id: 'p-src', kind: 'customer', attributes: { name: 'Pat Source' } });
    expect(registered.status).toBe(200);
    expect(registered.json).toMatchObject({ id: 'p-src', kind: 'customer', attributes: { name: 'Pat Source' } });
    expect(registered.json.created_at).toBe(placeholder.json.created_at);
    expect(Date.parse(registered.json.updated_at)).toBeGreaterThan(Date.parse(placeholder.json.updated_at));

    const after = await getOne(org, 'p-src');
    expect(after.json).toMatchObject({ kind: 'customer', registered: true, last_seen: at(2 * HOUR) });
    expect(ids(await list(org, '?kind=customer'))).toEqual(['p-src']);
    expect(ids(await list(org))[0]).toBe('p-src');
    expect((await auditOf(org, 'p-src')).map((a) => a.action)).toEqual(['entity.registered']);

    // A later event leaves the registration alone and moves last_seen on.
    await send(org, event('p-src', 'p-dst', 10, at(5 * HOUR)), 'async');
    const later = await getOne(org, 'p-src');
    expect(later.json).toMatchObject({ kind: 'customer', registered: true, attributes: { name: 'Pat Source' }, last_seen: at(5 * HOUR) });
    expect(later.json.updated_at).toBe(registered.json.updated_at);

    const missing = await getOne(org, 'nobody');
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ error: 'entity not found' });
  });
});

describe('GET /v1/entities', () => {
  it('lists most recently changed first, pages, and counts open alerts', async () => {
    const org = await newOrg();
    await activateTestRules(org.orgId, [{ key: 'big', expr: 'amount >= 1000.0', weight: 50 }]);
    for (const id of ['l1', 'l2', 'l3', 'l4', 'l5']) {
      await register(org, { id, kind: 'customer' });
      await pause(3);
    }
    expect(ids(await list(org))).toEqual(['l5', 'l4', 'l3', 'l2', 'l1']);
    await register(org, { id: 'l2', kind: 'customer', attributes: { name: 'Changed' } });
    expect(ids(await list(org))).toEqual(['l2', 'l5', 'l4', 'l3', 'l1']);

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list(org, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...ids(page));
      cursor = page.json.next_cursor;
      pages += 1;
    } while (cursor);
    expect(seen).toEqual(['l2', 'l5', 'l4', 'l3', 'l1']);
    expect(pages).toBe(3);
    expect((await list(org, '?limit=5')).json).not.toHaveProperty('next_cursor');

    const review = await send(org, event('l3', 'l9', 5000, at(0)));
    expect(review.json.decision).toBe('review');
    const l3 = (await list(org, '?q=l3')).json.entities[0];
    expect(l3).toMatchObject({ id: 'l3', registered: true, open_alerts: 1, last_seen: at(0) });
    expect((await getOne(org, 'l3')).json.open_alerts).toBe(1);
    await getDb().execute(sql`UPDATE alerts SET status = 'closed' WHERE org_id = ${org.orgId} AND entity_id = 'l3'`);
    expect((await list(org, '?q=l3')).json.entities[0].open_alerts).toBe(0);
    const l1 = (await list(org, '?q=l1')).json.entities[0];
    expect(l1).not.toHaveProperty('last_seen');
  });

  it('searches part of the id or of the name, ignoring case, with % and _ taken literally', async () => {
    const org = await newOrg();
    await register(org, { id: 'ACCT-9001', kind: 'account', attributes: { name: 'Zoë Müller' } });
    await register(org, { id: 'acct-42', kind: 'customer', attributes: { name: 'Bob Stone' } });
    await register(org, { id: 'firm-1', kind: 'counterparty', attributes: { name: 'Acme 50% Ltd' } });
    await register(org, { id: 'firm-2', kind: 'counterparty', attributes: { name: 'Acme 500 Ltd' } });
    await register(org, { id: 'under_score', kind: 'wallet' });
    await register(org, { id: 'numeric-name', kind: 'wallet', attributes: { name: 12345 } });
    await send(org, event('acct-placeholder', null, null, at(0)), 'async');

    const search = async (q: string, extra = '') => ids(await list(org, `?q=${enc(q)}${extra}`)).sort();
    expect(await search('acct')).toEqual(['ACCT-9001', 'acct-42', 'acct-placeholder']);
    expect(await search('CCT-9')).toEqual(['ACCT-9001']);
    expect(await search('müller')).toEqual(['ACCT-9001']);
    expect(await search('ZOË')).toEqual(['ACCT-9001']);
    expect(await search('stone')).toEqual(['acct-42']);
    expect(await search('50%')).toEqual(['firm-1']);
    expect(await search('acme 50')).toEqual(['firm-1', 'firm-2']);
    expect(await search('_')).toEqual(['under_score']);
    expect(await search('2345')).toEqual(['numeric-name']);
    expect(await search('acct', '&kind=customer')).toEqual(['acct-42']);
    expect(await search('nothing-like-this')).toEqual([]);
    expect(await search('')).toHaveLength(7);
  });
});

describe('timeline', () => {
  it('lists the events in and out newest first, in the shape and paging of GET /v1/events', async () => {
    const org = await newOrg();
    await activateTestRules(org.orgId, [{ key: 'big', expr: 'amount >= 1000.0', weight: 50 }]);
    const out1 = await send(org, event('t1', 't2', 10, at(HOUR)));
    const in1 = await send(org, event('t3', 't1', 2000, at(3 * HOUR)));
    const self = await send(org, event('t1', 't1', 5, at(2 * HOUR)));
    const login = await send(org, event('t1', null, null, at(4 * HOUR), { device: { id: 'dev-t' } }), 'async');
    await send(org, event('t2', 't3', 10, at(5 * HOUR)));

    const r = await timeline(org, 't1');
    expect(r.status).toBe(200);
    expect(r.json.events.map((e: { id: string }) => e.id)).toEqual([login.json.id, in1.json.event_id, self.json.event_id, out1.json.event_id]);
    const viaEvents = await call(events.GET, { path: '/v1/events?entity=t1', key: org.key });
    expect(r.json).toEqual(viaEvents.json);
    expect(r.json.events[1]).toMatchObject({ source_id: 't3', destination_id: 't1', decision: { decision: 'review', risk_score: 50 } });
    expect(r.json.events[0]).not.toHaveProperty('decision');

    const page1 = await timeline(org, 't1', '?limit=3');
    expect(page1.json.events).toHaveLength(3);
    const page2 = await timeline(org, 't1', `?limit=3&cursor=${page1.json.next_cursor}`);
    expect(page2.json.events.map((e: { id: string }) => e.id)).toEqual([out1.json.event_id]);
    expect(page2.json).not.toHaveProperty('next_cursor');
    const exact = await timeline(org, 't1', '?limit=4');
    expect(exact.json).not.toHaveProperty('next_cursor');

    expect((await timeline(org, 't1', '?decision=review')).json.events.map((e: { id: string }) => e.id)).toEqual([in1.json.event_id]);
    expect((await timeline(org, 't1', '?type=login')).json.events).toHaveLength(1);

    const none = await timeline(org, 'never-seen');
    expect(none.status).toBe(200);
    expect(none.json).toEqual({ events: [] });
    expect((await timeline(org, 'dev-t')).json).toEqual({ events: [] });
  });
});

describe('ids with special characters', () => {
  it('registers, reads, lists and links ids holding slashes, spaces, percent signs and non-ASCII letters', async () => {
    const org = await newOrg();
    const special = ['acct/42', 'name with spaces', 'ü€', 'a%b', 'x/events', 'x/links', 'a?b#c&d=e', '../up', ' lead', '+plus'];
    for (const id of special) {
      const r = await register(org, { id, kind: 'customer', attributes: { name: `Name of ${id}` } });
      expect(r.status, id).toBe(200);
      expect(r.json.id).toBe(id);
    }
    await register(org, { id: 'x', kind: 'customer' });
    for (const id of special) {
      const r = await getOne(org, id);
      expect(r.status, id).toBe(200);
      expect(r.json.id, id).toBe(id);
      expect(r.json.attributes.name).toBe(`Name of ${id}`);
    }
    // An id ending in /events is the entity, never the timeline of the id before it.
    expect((await getOne(org, 'x/events')).json).toMatchObject({ id: 'x/events', kind: 'customer' });
    expect((await getOne(org, 'x/links')).json).toMatchObject({ id: 'x/links' });

    const pay = await send(org, event('acct/42', 'a%b', 10, at(0)));
    await send(org, event('ü€', 'acct/42', 10, at(HOUR)));
    await send(org, event('x/events', 'x', 10, at(2 * HOUR)));
    const t = await timeline(org, 'acct/42');
    expect(t.json.events.map((e: { source_id: string }) => e.source_id)).toEqual(['ü€', 'acct/42']);
    expect(t.json.events[1].id).toBe(pay.json.event_id);
    expect((await timeline(org, 'x')).json.events).toHaveLength(1);
    expect((await timeline(org, 'x/events')).json.events).toHaveLength(1);
    expect((await timeline(org, 'x/events/events')).json.events).toEqual([]);
    const l = await linksOf(org, 'acct/42');
    expect(l.json.links.map((k: { entity_id: string; relation: string }) => `${k.relation}:${k.entity_id}`)).toEqual(['paid_by:ü€', 'paid:a%b']);
    expect((await linksOf(org, 'x/events')).json.links).toMatchObject([{ entity_id: 'x', relation: 'paid', kind: 'customer' }]);
    expect(ids(await list(org, `?q=${enc('/')}`)).sort()).toEqual(['../up', 'acct/42', 'x/events', 'x/links']);
    expect(ids(await list(org, `?q=${enc('€')}`))).toEqual(['ü€']);

    // A slash sent unencoded is not part of an id: the path names no endpoint.
    const unencoded = await call(entityRoute.GET, { path: '/v1/entities/acct/42', key: org.key });
    expect(unencoded.status).toBe(404);
    expect(unencoded.json).toEqual({ error: 'no such endpoint' });
    expect((await call(entityRoute.GET, { path: '/v1/entities/acct%2F42/other', key: org.key })).status).toBe(404);
    // A lower-case %2f works the same.
    expect((await call(entityRoute.GET, { path: '/v1/entities/acct%2f42', key: org.key })).json.id).toBe('acct/42');
    // U+0000 can name no stored entity.
    const nul = await call(entityRoute.GET, { path: '/v1/entities/a%00b', key: org.key });
    expect(nul.status).toBe(404);
    expect((await call(entityRoute.GET, { path: '/v1/entities/a%00b/links', key: org.key })).json).toEqual({ links: [] });
    const badEncoding = await call(entityRoute.GET, { path: '/v1/entities/%E0%A4%A', key: org.key });
    expect(badEncoding.status).toBe(400);
  });
});

describe('organisations', () => {
  it('answers 404 for another organisation entity and keeps lists, timelines and links apart', async () => {
    const a = await newOrg('a');
    const b = await newOrg('b');
    await register(a, { id: 'shared-id', kind: 'customer', attributes: { name: 'In A' } });
    await register(a, { id: 'only-a', kind: 'customer', attributes: { name: 'Only A' } });
    await send(a, event('only-a', 'shared-id', 10, at(0), { device: { id: 'dev-a' } }));

    const cross = await getOne(b, 'only-a');
    expect(cross.status).toBe(404);
    expect(cross.json).toEqual({ error: 'entity not found' });
    expect((await timeline(b, 'only-a')).json).toEqual({ events: [] });
    expect((await linksOf(b, 'only-a')).json).toEqual({ links: [] });
    expect((await list(b)).json).toEqual({ entities: [] });
    expect((await list(b, '?q=only')).json).toEqual({ entities: [] });

    // The same id in B is B's own entity; A's stays as it was.
    const inB = await register(b, { id: 'shared-id', kind: 'wallet', attributes: { other: true } });
    expect(inB.json.attributes).toEqual({ other: true });
    expect((await getOne(a, 'shared-id')).json).toMatchObject({ kind: 'customer', attributes: { name: 'In A' } });
    expect(ids(await list(b))).toEqual(['shared-id']);
    expect((await linksOf(b, 'shared-id')).json).toEqual({ links: [] });
    expect((await linksOf(a, 'shared-id')).json.links).toHaveLength(1);
  });
});
