import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as alertById from '@/app/v1/alerts/[id]/route';
import * as alertsRoute from '@/app/v1/alerts/route';
import * as auditRoute from '@/app/v1/audit/route';
import * as decisionById from '@/app/v1/decisions/[id]/route';
import * as entityPaths from '@/app/v1/entities/[...id]/route';
import * as entitiesRoute from '@/app/v1/entities/route';
import * as eventById from '@/app/v1/events/[id]/route';
import * as eventsRoute from '@/app/v1/events/route';
import * as keysRoute from '@/app/v1/keys/route';
import * as rulesRoute from '@/app/v1/rules/route';
import * as screeningsRoute from '@/app/v1/screenings/route';
import { getDb } from '@/db/client';
import { call, newOrg, type CallResult, type TestOrg } from '../support/api';
import { activateTestRules } from '../support/rules';

const RANGE = 'occurred_at must be a date-time from 1970 up to one day ahead';
const CURSOR = 'cursor is not valid; send back the next_cursor of a previous page';
const HOUR = 3_600_000;

let org: TestOrg;

beforeAll(async () => {
  org = await newOrg('strange');
  await activateTestRules(org.orgId, [{ key: 'big', expr: 'amount >= 100.0', weight: 60 }]);
});

const event = (overrides: Record<string, unknown> = {}) => ({
  type: 'transfer',
  idempotency_key: randomUUID(),
  occurred_at: '2026-03-01T12:00:00.000Z',
  amount: { value: 500, currency: 'EUR' },
  source: { entity_id: `src-${randomUUID()}` },
  destination: { entity_id: `dst-${randomUUID()}` },
  ...overrides,
});
const post = (body: unknown) => call(eventsRoute.POST, { method: 'POST', path: '/v1/events?mode=sync', key: org.key, body });
const get = (handler: Parameters<typeof call>[0], path: string, params?: Record<string, string | string[]>) =>
  call(handler, { path, key: org.key, ...(params ? { params } : {}) });

function expectError(r: CallResult, status: number, message: string) {
  expect(r.status, r.text).toBe(status);
  expect(r.json).toEqual({ error: message });
}

describe('dates sent by callers', () => {
  it('refuses an occurred_at before 1970 or more than a day ahead, year 0000 and year 10000 among them', async () => {
    const soon = new Date(Date.now() + 25 * HOUR).toISOString();
    for (const at of ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00Z', '1969-12-31T23:59:59.999Z', '1970-01-01T00:30:00+01:00', soon, '9999-12-31T23:59:59Z']) {
      expectError(await post(event({ occurred_at: at })), 400, RANGE);
    }
    expectError(await post(event({ occurred_at: '10000-01-01T00:00:00Z' })), 400, 'occurred_at must be an RFC 3339 date-time');
    for (const at of ['1970-01-01T00:00:00Z', new Date(Date.now() + 23 * HOUR).toISOString()]) {
      const r = await post(event({ occurred_at: at }));
      expect(r.status, `${at}: ${r.text}`).toBe(200);
    }
  });

  it('refuses since and until outside 1970 to 9999, naming the parameter', async () => {
    const entity = `src-${randomUUID()}`;
    const cases: [Parameters<typeof call>[0], string, Record<string, string[]>?][] = [
      [eventsRoute.GET, '/v1/events'],
      [auditRoute.GET, '/v1/audit'],
      [entityPaths.GET, `/v1/entities/${entity}/events`, { id: [entity, 'events'] }],
    ];
    for (const [handler, path, params] of cases) {
      for (const [name, value] of [
        ['since', '0000-01-01T00:00:00Z'],
        ['until', '1969-12-31T00:00:00Z'],
        ['until', '9999-12-31T23:00:00-14:00'],
      ] as const) {
        expectError(await get(handler, `${path}?${name}=${encodeURIComponent(value)}`, params), 400, `${name} must be a date-time from 1970 to 9999`);
      }
      expect((await get(handler, `${path}?since=1970-01-01T00:00:00Z&until=9999-12-31T23:59:59Z`, params)).status).toBe(200);
    }
  });

  it('lists still answer 200 when an old stored date lies in year 0000 (1 BC), and page across it', async () => {
    const other = await newOrg('strange-old-date');
    await activateTestRules(other.orgId, [{ key: 'big', expr: 'amount >= 100.0', weight: 60 }]);
    const source = `src-${randomUUID()}`;
    const sent = [];
    for (let i = 0; i < 3; i++) {
      const r = await call(eventsRoute.POST, {
        method: 'POST',
        path: '/v1/events?mode=sync',
        key: other.key,
        body: event({ source: { entity_id: source }, destination: { entity_id: 'payee' } }),
      });
      expect(r.status, r.text).toBe(200);
      sent.push(r.json as { id: string; event_id: string; alert_id: string });
    }
    const first = sent[0] as { id: string; event_id: string; alert_id: string };
    // What the service stored before the date bounds: PostgreSQL keeps a year 0000 as 1 BC.
    await getDb().execute(sql`UPDATE events SET occurred_at = '0001-01-01 00:00:00+00 BC' WHERE org_id = ${other.orgId} AND id = ${first.event_id}`);
    await getDb().execute(sql`UPDATE alerts SET last_event_at = '0001-01-01 00:00:00+00 BC' WHERE org_id = ${other.orgId} AND id = ${first.alert_id}`);
    await getDb().execute(sql`UPDATE entity_links SET first_seen = '0001-01-01 00:00:00+00 BC' WHERE org_id = ${other.orgId} AND entity_id = ${source}`);

    const as = (handler: Parameters<typeof call>[0], path: string, params?: Record<string, string | string[]>) =>
      call(handler, { path, key: other.key, ...(params ? { params } : {}) });
    const checks: [string, CallResult][] = [
      ['alerts', await as(alertsRoute.GET, '/v1/alerts')],
      ['alert', await as(alertById.GET, `/v1/alerts/${first.alert_id}`, { id: first.alert_id })],
      ['events', await as(eventsRoute.GET, '/v1/events')],
      ['event', await as(eventById.GET, `/v1/events/${first.event_id}`, { id: first.event_id })],
      ['decision', await as(decisionById.GET, `/v1/decisions/${first.id}`, { id: first.id })],
      ['timeline', await as(entityPaths.GET, `/v1/entities/${source}/events`, { id: [source, 'events'] })],
      ['links', await as(entityPaths.GET, `/v1/entities/${source}/links`, { id: [source, 'links'] })],
      ['entities', await as(entitiesRoute.GET, '/v1/entities')],
    ];
    for (const [name, r] of checks) expect(r.status, `${name}: ${r.text}`).toBe(200);
    const listed = (checks[2]?.[1] as CallResult).json.events as { id: string; occurred_at: string }[];
    expect(listed.find((e) => e.id === first.event_id)?.occurred_at).toBe('0000-01-01T00:00:00.000Z');

    // Paging one event at a time reaches the old one last, and its cursor is accepted.
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await as(eventsRoute.GET, `/v1/events?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status, page.text).toBe(200);
      seen.push(...(page.json.events as { id: string }[]).map((e) => e.id));
      cursor = page.json.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(3);
    expect(seen[2]).toBe(first.event_id);
  });
});

describe('strange text', () => {
  it('refuses a NUL character in any string field, naming the field', async () => {
    const nul = 'a\u0000b';
    expectError(await post(event({ source: { entity_id: nul } })), 400, 'source.entity_id must not contain NUL characters');
    expectError(await post(event({ type: nul })), 400, 'type must not contain NUL characters');
    expectError(await post(event({ idempotency_key: nul })), 400, 'idempotency_key must not contain NUL characters');
    expectError(await post(event({ metadata: { tags: ['ok', nul] } })), 400, 'metadata.tags[1] must not contain NUL characters');
    expectError(await post(event({ metadata: { [nul]: 1 } })), 400, 'metadata.a\\u0000b must not contain NUL characters');
    expectError(await call(keysRoute.POST, { method: 'POST', key: org.key, body: { name: nul } }), 400, 'name must not contain NUL characters');
    expectError(
      await call(rulesRoute.POST, { method: 'POST', key: org.key, body: { key: 'nul_rule', expr: 'amount > 1.0', weight: 5, detail: nul } }),
      400,
      'detail must not contain NUL characters',
    );
    expectError(await call(screeningsRoute.POST, { method: 'POST', key: org.key, body: { name: nul } }), 400, 'name must not contain NUL characters');
  });

  it('refuses a NUL character in filters and path ids', async () => {
    expectError(await get(alertsRoute.GET, '/v1/alerts?assigned_to=a%00b'), 400, 'assigned_to must not contain NUL characters');
    expectError(await get(auditRoute.GET, '/v1/audit?actor=a%00b'), 400, 'actor must not contain NUL characters');
    expectError(await get(eventsRoute.GET, '/v1/events?type=a%00b'), 400, 'type must not contain NUL characters');
    expectError(await get(entitiesRoute.GET, '/v1/entities?q=a%00b'), 400, 'q must not contain NUL characters');
    expectError(await get(entityPaths.GET, '/v1/entities/a%00b', { id: ['a\u0000b'] }), 400, 'id must not contain NUL characters');
  });

  it('refuses a body nested deeper than 32 levels in plain text, even a megabyte of brackets', async () => {
    const nest = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;
    const body = (metadata: string) => JSON.stringify(event()).replace(/}$/, `,"metadata":${metadata}}`);
    // The event object is one level, so metadata may take 31 more.
    const deepest = await call(eventsRoute.POST, { method: 'POST', path: '/v1/events?mode=sync', key: org.key, rawBody: body(nest(31)) });
    expect(deepest.status, deepest.text).toBe(200);
    for (const raw of [body(nest(32)), '['.repeat(1024 * 1024 - 16)]) {
      const r = await call(eventsRoute.POST, { method: 'POST', path: '/v1/events', key: org.key, rawBody: raw, headers: { 'content-type': 'application/json' } });
      expect(r.status).toBe(400);
      expect(r.headers.get('content-type')).toContain('text/plain');
      expect(r.text).toBe('request body is nested too deeply');
    }
    // Brackets inside strings are text, not nesting.
    const inString = await post(event({ metadata: { note: '['.repeat(100) } }));
    expect(inString.status, inString.text).toBe(200);
  });
});

describe('cursors and numbers', () => {
  const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
  const badCursors = [
    'garbage',
    '%00',
    b64('not json'),
    b64({ a: 1 }),
    b64(['2026-01-01T00:00:00.000Z']),
    b64(['99999-01-01T00:00:00.000Z', randomUUID()]),
    b64(['-300000-01-01T00:00:00.000Z', randomUUID()]),
    b64([1e308, randomUUID()]),
    b64(['2026-01-01T00:00:00.000Z', `${randomUUID()}\u0000`]),
  ];

  it('answers 400 to every malformed cursor on every list', async () => {
    const lists: [Parameters<typeof call>[0], string][] = [
      [alertsRoute.GET, '/v1/alerts'],
      [alertsRoute.GET, '/v1/alerts?queue=open'],
      [eventsRoute.GET, '/v1/events'],
      [auditRoute.GET, '/v1/audit'],
      [keysRoute.GET, '/v1/keys'],
      [entitiesRoute.GET, '/v1/entities'],
      [screeningsRoute.GET, '/v1/screenings'],
    ];
    for (const [handler, path] of lists) {
      for (const cursor of badCursors) {
        const r = await get(handler, `${path}${path.includes('?') ? '&' : '?'}cursor=${cursor}`);
        expect(r.status, `${path} ${cursor}: ${r.text}`).toBe(400);
        expect(r.json?.error, `${path} ${cursor}`).toMatch(/cursor is not valid|must not contain NUL characters/);
      }
    }
    expectError(await get(eventsRoute.GET, `/v1/events?cursor=${b64(['99999-01-01T00:00:00.000Z', randomUUID()])}`), 400, CURSOR);
    // Lists keyed by UUID refuse another id; entity ids are the caller's own text.
    expectError(await get(eventsRoute.GET, `/v1/events?cursor=${b64(['2026-01-01T00:00:00.000Z', 'not-a-uuid'])}`), 400, CURSOR);
  });

  it('answers 400, never 500, to numbers out of every range', async () => {
    for (const limit of ['1e400', '99999999999999999999', '-0', 'NaN', '0x10']) {
      expectError(await get(eventsRoute.GET, `/v1/events?limit=${limit}`), 400, 'limit must be between 1 and 200');
    }
    for (const number of ['1e400', '99999999999999999999', 'ALR-99999999999999999999']) {
      const r = await get(alertsRoute.GET, `/v1/alerts?number=${number}`);
      expect(r.status, `${number}: ${r.text}`).toBeLessThan(500);
    }
    for (const value of [1e308, 1e16, -1]) {
      expectError(await post(event({ amount: { value, currency: 'EUR' } })), 400, 'amount needs a non-negative value and a 3-letter currency');
    }
    expect((await post(event({ amount: { value: 1e-320, currency: 'EUR' } }))).status).toBe(200);
  });
});
