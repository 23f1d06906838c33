import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as alertById from '@/app/v1/alerts/[id]/route';
import * as approveClosure from '@/app/v1/alerts/[id]/closure/approve/route';
import * as rejectClosure from '@/app/v1/alerts/[id]/closure/reject/route';
import * as closure from '@/app/v1/alerts/[id]/closure/route';
import * as flow from '@/app/v1/alerts/[id]/flow/route';
import * as notes from '@/app/v1/alerts/[id]/notes/route';
import * as alertCounts from '@/app/v1/alerts/counts/route';
import * as alerts from '@/app/v1/alerts/route';
import * as audit from '@/app/v1/audit/route';
import * as decisionById from '@/app/v1/decisions/[id]/route';
import * as entityPaths from '@/app/v1/entities/[...id]/route';
import * as entities from '@/app/v1/entities/route';
import * as eventById from '@/app/v1/events/[id]/route';
import * as events from '@/app/v1/events/route';
import * as keyById from '@/app/v1/keys/[id]/route';
import * as keys from '@/app/v1/keys/route';
import * as openapi from '@/app/v1/openapi.json/route';
import * as activate from '@/app/v1/rules/[id]/activate/route';
import * as backtest from '@/app/v1/rules/[id]/backtest/route';
import * as rules from '@/app/v1/rules/route';
import * as lists from '@/app/v1/screening/lists/route';
import * as approveResolution from '@/app/v1/screenings/[id]/resolutions/[resolution_id]/approve/route';
import * as rejectResolution from '@/app/v1/screenings/[id]/resolutions/[resolution_id]/reject/route';
import * as resolutions from '@/app/v1/screenings/[id]/resolutions/route';
import * as screeningById from '@/app/v1/screenings/[id]/route';
import * as screenings from '@/app/v1/screenings/route';
import * as setup from '@/app/v1/setup/route';
import { getDb } from '@/db/client';
import { systemActor } from '@/lib/auth/actor';
import { reloadSettings } from '@/lib/config';
import { resetRateLimits } from '@/lib/http/rate-limit';
import { createKey } from '@/lib/keys/create-key';
import { checkListFile } from '@/lib/screening/list-file';
import { refreshScreeningIndex } from '@/lib/screening/list-index';
import { loadScreeningList } from '@/lib/screening/load-list';
import { call, newOrg, type CallOptions, type CallResult, type TestOrg } from '../support/api';
import { committedDocument, responseChecker } from '../support/openapi';
import { activateTestRules } from '../support/rules';

// Real answers of the service, from the same flows the other integration tests run, each checked
// against the schema the document gives for its operation, status and content type.

type Handler = Parameters<typeof call>[0];
const document = committedDocument();
const check = responseChecker(document);
const unique = randomUUID().slice(0, 8);

let org: TestOrg;
let second: TestOrg;

/** Calls a route with its real path (so the catch-all and the metrics see what Next would give them) and checks the answer. */
async function documented(handler: Handler, method: string, template: string, options: CallOptions & { params?: Record<string, string> } = {}): Promise<CallResult> {
  const params = options.params ?? {};
  const path = template.replace(/\{([^}]+)\}/g, (_, n: string) => encodeURIComponent(params[n] ?? ''));
  const r = await call(handler, { method, key: org.key, ...options, path: `${path}${options.path ?? ''}` });
  check(method, template, r);
  return r;
}

/** The `{"error": ...}` messages the document gives as examples for one operation and status. */
function documentedMessages(method: string, template: string, status: number): string[] {
  const examples = document.paths[template][method.toLowerCase()].responses[String(status)].content['application/json'].examples;
  return Object.values(examples as Record<string, { value: { error: string } }>).map((e) => e.value.error);
}

beforeAll(async () => {
  org = await newOrg('openapi-responses');
  await activateTestRules(org.orgId, [{ key: 'big', expr: 'amount >= 1000.0', weight: 50 }]);
  const made = await documented(keys.POST, 'POST', '/v1/keys', { body: { name: 'minted' } });
  expect(made.status).toBe(201);
  // The four-eyes colleague: a key with an owner of its own (a key the first one minted acts for the same owner).
  const colleague = await createKey(getDb(), systemActor(org.orgId), { name: 'second' });
  second = { ...org, key: colleague.secret, keyId: colleague.key.id };
});

afterAll(() => {
  expect(check.seen.size).toBeGreaterThanOrEqual(50);
});

describe('the response check itself', () => {
  it('refuses a body with an undocumented field, a missing field or a wrong type, and an unlisted status', async () => {
    const fake = (status: number, json: unknown): CallResult => ({
      status,
      headers: new Headers({ 'content-type': 'application/json; charset=utf-8' }),
      text: JSON.stringify(json),
      json,
    });
    const good = { id: randomUUID(), alert_id: randomUUID(), author: randomUUID(), body: 'x', created_at: '2026-03-01T10:00:00.000Z' };
    const strict = responseChecker(document);
    strict('POST', '/v1/alerts/{id}/notes', fake(201, good));
    expect(() => strict('POST', '/v1/alerts/{id}/notes', fake(201, { ...good, secret: 1 }))).toThrow(/additional/);
    expect(() => strict('POST', '/v1/alerts/{id}/notes', fake(201, { ...good, body: undefined }))).toThrow(/required/);
    expect(() => strict('POST', '/v1/alerts/{id}/notes', fake(201, { ...good, created_at: 'yesterday' }))).toThrow(/format/);
    expect(() => strict('POST', '/v1/alerts/{id}/notes', fake(202, good))).toThrow(/does not list status 202/);
  });
});

describe('real responses match the document', () => {
  it('API keys: create, list, revoke, and their errors (401, 404, 409, plain-text 400)', async () => {
    const made = await documented(keys.POST, 'POST', '/v1/keys', { body: { name: 'short-lived' } });
    expect(made.status).toBe(201);
    expect((await documented(keys.POST, 'POST', '/v1/keys', { body: { name: '' } })).status).toBe(400);
    expect((await documented(keys.GET, 'GET', '/v1/keys', { path: '?limit=1' })).json.next_cursor).toBeTruthy();
    expect((await documented(keys.GET, 'GET', '/v1/keys', { key: 'sk_nonsense' })).status).toBe(401);
    expect((await documented(keyById.DELETE, 'DELETE', '/v1/keys/{id}', { params: { id: made.json.id } })).json.revoked_at).toBeTruthy();
    expect((await documented(keyById.DELETE, 'DELETE', '/v1/keys/{id}', { params: { id: made.json.id } })).status).toBe(409);
    expect((await documented(keyById.DELETE, 'DELETE', '/v1/keys/{id}', { params: { id: randomUUID() } })).status).toBe(404);
    const notUuid = await documented(keyById.DELETE, 'DELETE', '/v1/keys/{id}', { params: { id: 'not-a-uuid' } });
    expect(notUuid.status).toBe(400);
    expect(notUuid.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('events, decisions, alerts and notes through closure', async () => {
    const src = `resp-src-${unique}`;
    const payment = (n: number, value: number) => ({
      type: 'transfer',
      idempotency_key: `resp-${unique}-${n}`,
      occurred_at: '2026-03-01T10:00:00Z',
      amount: { value, currency: 'EUR' },
      rail: 'instant_payment',
      source: { entity_id: src },
      destination: { entity_id: `resp-dst-${unique}` },
      device: { id: `resp-dev-${unique}` },
    });
    const sync = await documented(events.POST, 'POST', '/v1/events', { path: '?mode=sync', body: payment(1, 5000) });
    expect(sync.status).toBe(200);
    expect(sync.json.decision).toBe('review');
    expect((await documented(events.POST, 'POST', '/v1/events', { path: '?mode=sync', body: payment(2, 10) })).json.decision).toBe('allow');
    expect((await documented(events.POST, 'POST', '/v1/events', { body: payment(3, 20) })).status).toBe(202);
    expect((await documented(events.POST, 'POST', '/v1/events', { body: payment(3, 20) })).status).toBe(202);
    expect((await documented(events.POST, 'POST', '/v1/events', { body: { type: 'transfer' } })).status).toBe(400);
    const notJson = await documented(events.POST, 'POST', '/v1/events', { rawBody: '{"type": ', headers: { 'content-type': 'application/json' } });
    expect(notJson.headers.get('content-type')).toMatch(/^text\/plain/);

    expect((await documented(events.GET, 'GET', '/v1/events', { path: '?limit=2' })).json.events).toHaveLength(2);
    expect((await documented(eventById.GET, 'GET', '/v1/events/{id}', { params: { id: sync.json.event_id } })).json.payload).toBeTruthy();
    expect((await documented(eventById.GET, 'GET', '/v1/events/{id}', { params: { id: randomUUID() } })).status).toBe(404);
    expect((await documented(decisionById.GET, 'GET', '/v1/decisions/{id}', { params: { id: sync.json.id } })).status).toBe(200);
    expect((await documented(decisionById.GET, 'GET', '/v1/decisions/{id}', { params: { id: randomUUID() } })).status).toBe(404);

    const id = sync.json.alert_id as string;
    expect((await documented(alerts.GET, 'GET', '/v1/alerts', { path: '?queue=open' })).json.alerts.length).toBeGreaterThan(0);
    expect((await documented(alerts.GET, 'GET', '/v1/alerts', { path: '?queue=nope' })).status).toBe(400);
    expect((await documented(alertCounts.GET, 'GET', '/v1/alerts/counts', { path: '?assigned_to=nina' })).status).toBe(200);
    expect((await documented(alertById.GET, 'GET', '/v1/alerts/{id}', { params: { id } })).json.reasons[0].rule).toBe('big');
    expect((await documented(alertById.GET, 'GET', '/v1/alerts/{id}', { params: { id: randomUUID() } })).status).toBe(404);
    expect((await documented(alertById.PATCH, 'PATCH', '/v1/alerts/{id}', { params: { id }, body: { status: 'in_review', assigned_to: 'nina' } })).status).toBe(200);
    expect((await documented(alertById.PATCH, 'PATCH', '/v1/alerts/{id}', { params: { id }, body: { status: 'closed' } })).status).toBe(400);
    expect((await documented(notes.POST, 'POST', '/v1/alerts/{id}/notes', { params: { id }, body: { body: 'Rent from tenants.' } })).status).toBe(201);
    expect((await documented(notes.GET, 'GET', '/v1/alerts/{id}/notes', { params: { id } })).json.notes).toHaveLength(1);
    expect((await documented(flow.GET, 'GET', '/v1/alerts/{id}/flow', { params: { id } })).json.hours.length).toBeGreaterThan(0);
    expect((await documented(closure.POST, 'POST', '/v1/alerts/{id}/closure', { params: { id }, body: { disposition: 'maybe' } })).status).toBe(400);
    expect((await documented(closure.POST, 'POST', '/v1/alerts/{id}/closure', { params: { id }, body: { disposition: 'false_positive' } })).status).toBe(200);
    expect((await documented(rejectClosure.POST, 'POST', '/v1/alerts/{id}/closure/reject', { params: { id } })).json.status).toBe('in_review');
    await documented(closure.POST, 'POST', '/v1/alerts/{id}/closure', { params: { id }, body: { disposition: 'escalated' } });
    expect((await documented(approveClosure.POST, 'POST', '/v1/alerts/{id}/closure/approve', { params: { id } })).status).toBe(403);
    const closed = await documented(approveClosure.POST, 'POST', '/v1/alerts/{id}/closure/approve', { params: { id }, key: second.key });
    expect(closed.json.status).toBe('closed');
    expect((await documented(approveClosure.POST, 'POST', '/v1/alerts/{id}/closure/approve', { params: { id }, key: second.key })).status).toBe(409);
    expect((await documented(closure.POST, 'POST', '/v1/alerts/{id}/closure', { params: { id }, body: { disposition: 'reported' } })).status).toBe(409);
    expect((await documented(alertById.PATCH, 'PATCH', '/v1/alerts/{id}', { params: { id }, body: { status: 'open' } })).status).toBe(409);
    expect((await documented(alerts.GET, 'GET', '/v1/alerts', { path: '?queue=closed&limit=1' })).status).toBe(200);

    // The entity side of the same events.
    expect((await documented(entities.POST, 'POST', '/v1/entities', { body: { id: src, kind: 'customer', attributes: { name: 'Maria Lopez' } } })).status).toBe(200);
    expect((await documented(entities.POST, 'POST', '/v1/entities', { body: { id: src, kind: 'spaceship' } })).status).toBe(400);
    expect((await documented(entities.GET, 'GET', '/v1/entities', { path: '?q=maria' })).json.entities.length).toBeGreaterThan(0);
    expect((await documented(entityPaths.GET, 'GET', '/v1/entities/{id}', { params: { id: src } })).json.registered).toBe(true);
    expect((await documented(entityPaths.GET, 'GET', '/v1/entities/{id}', { params: { id: `nobody-${unique}` } })).status).toBe(404);
    expect((await documented(entityPaths.GET, 'GET', '/v1/entities/{id}/events', { params: { id: src } })).json.events.length).toBe(3);
    expect((await documented(entityPaths.GET, 'GET', '/v1/entities/{id}/links', { params: { id: src } })).json.links.length).toBeGreaterThan(0);
    expect((await documented(audit.GET, 'GET', '/v1/audit', { path: '?limit=5' })).json.entries.length).toBeGreaterThan(0);
  });

  it('rules: draft, backtest with a baseline, four-eyes activation', async () => {
    const draft = await documented(rules.POST, 'POST', '/v1/rules', {
      body: { key: 'big', expr: 'amount >= 2000.0', weight: 60, detail: 'Payments of 2,000 or more' },
    });
    expect(draft.status).toBe(201);
    expect((await documented(rules.POST, 'POST', '/v1/rules', { body: { key: 'big', expr: 'amount', weight: 60, detail: 'x' } })).status).toBe(400);
    expect((await documented(rules.GET, 'GET', '/v1/rules', { path: '?key=big' })).json.rules).toHaveLength(2);
    const params = { id: draft.json.id };
    const tested = await documented(backtest.POST, 'POST', '/v1/rules/{id}/backtest', { params, body: { since: '2026-02-25T00:00:00Z', until: '2026-03-02T00:00:00Z' } });
    expect(tested.json.baseline_version).toBe(1);
    expect((await documented(backtest.POST, 'POST', '/v1/rules/{id}/backtest', { params, body: { max_events: 0 } })).status).toBe(400);
    expect((await documented(backtest.POST, 'POST', '/v1/rules/{id}/backtest', { params: { id: randomUUID() } })).status).toBe(404);
    expect((await documented(activate.POST, 'POST', '/v1/rules/{id}/activate', { params })).status).toBe(403);
    expect((await documented(activate.POST, 'POST', '/v1/rules/{id}/activate', { params, key: second.key })).json.status).toBe('active');
    expect((await documented(activate.POST, 'POST', '/v1/rules/{id}/activate', { params, key: second.key })).status).toBe(409);
  });

  it('screening: a potential match, its resolution and approval, the lists', async () => {
    const code = `resp-${unique}`;
    await loadScreeningList(
      getDb(),
      checkListFile({
        code,
        name: `Responses test ${code}`,
        version: 'v1',
        entries: [{ ref: 'R-1', kind: 'person', name: 'Zebediah Quarterfield', category: 'sanctions', countries: ['GB'], birth_year: 1961, program: 'TEST' }],
      }),
    );
    await refreshScreeningIndex(getDb());
    const screened = await documented(screenings.POST, 'POST', '/v1/screenings', {
      body: { name: 'Zebediah Quarterfield', kind: 'person', birth_year: 1961, reference: `ref-${unique}` },
    });
    expect(screened.json.status).toBe('potential_match');
    expect((await documented(screenings.POST, 'POST', '/v1/screenings', { body: { name: '' } })).status).toBe(400);
    expect((await documented(screenings.GET, 'GET', '/v1/screenings', { path: `?reference=ref-${unique}` })).json.screenings).toHaveLength(1);
    expect((await documented(screenings.GET, 'GET', '/v1/screenings', { path: '?limit=0' })).status).toBe(400);
    const id = screened.json.id as string;
    expect((await documented(screeningById.GET, 'GET', '/v1/screenings/{id}', { params: { id } })).json.review).toBe('open');
    expect((await documented(screeningById.GET, 'GET', '/v1/screenings/{id}', { params: { id: randomUUID() } })).status).toBe(404);
    const resolution = await documented(resolutions.POST, 'POST', '/v1/screenings/{id}/resolutions', {
      params: { id },
      body: { list: code, entry_ref: 'R-1', outcome: 'false_positive', note: 'Different person' },
    });
    expect(resolution.json.status).toBe('pending_approval');
    expect(
      (await documented(resolutions.POST, 'POST', '/v1/screenings/{id}/resolutions', { params: { id }, body: { list: code, entry_ref: 'R-1', outcome: 'true_match', note: 'x' } })).status,
    ).toBe(409);
    const both = { id, resolution_id: resolution.json.id };
    const approvePath = '/v1/screenings/{id}/resolutions/{resolution_id}/approve';
    expect((await documented(approveResolution.POST, 'POST', approvePath, { params: both })).status).toBe(403);
    expect((await documented(approveResolution.POST, 'POST', approvePath, { params: both, key: second.key })).json.status).toBe('final');
    const rejectPath = '/v1/screenings/{id}/resolutions/{resolution_id}/reject';
    expect((await documented(rejectResolution.POST, 'POST', rejectPath, { params: both })).status).toBe(409);

    // Each refusal's message is one the document lists for its status, and the document lists no
    // message the code cannot answer: an unknown screening is `resolution not found` here too.
    const badReference = await documented(screenings.POST, 'POST', '/v1/screenings', { body: { name: 'Zebediah Quarterfield', reference: '' } });
    expect([badReference.status, badReference.json]).toEqual([400, { error: 'reference must be 1 to 200 characters' }]);
    expect(documentedMessages('POST', '/v1/screenings', 400)).toContain(badReference.json.error);
    for (const [handler, template] of [
      [approveResolution.POST, approvePath],
      [rejectResolution.POST, rejectPath],
    ] as const) {
      const answered = new Set<string>();
      for (const params of [
        { id: randomUUID(), resolution_id: resolution.json.id as string },
        { id, resolution_id: randomUUID() },
      ]) {
        const r = await documented(handler, 'POST', template, { params, key: second.key });
        expect(r.status).toBe(404);
        answered.add(r.json.error);
      }
      expect(documentedMessages('POST', template, 404), template).toEqual([...answered]);
    }
    expect((await documented(lists.GET, 'GET', '/v1/screening/lists')).json.lists.some((l: { code: string }) => l.code === code)).toBe(true);
  });

  it('setup state, this document, and the rate limit', async () => {
    expect((await documented(setup.GET, 'GET', '/v1/setup', { key: undefined })).status).toBe(200);
    expect((await documented(openapi.GET, 'GET', '/v1/openapi.json', { key: undefined })).status).toBe(200);
    process.env.SERVICE_RATE_LIMIT = '1';
    reloadSettings();
    resetRateLimits();
    try {
      await documented(keys.GET, 'GET', '/v1/keys');
      const limited = await documented(keys.GET, 'GET', '/v1/keys');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      delete process.env.SERVICE_RATE_LIMIT;
      reloadSettings();
      resetRateLimits();
    }
  });
});
