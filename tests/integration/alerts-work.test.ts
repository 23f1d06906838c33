import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as alertById from '@/app/v1/alerts/[id]/route';
import * as closure from '@/app/v1/alerts/[id]/closure/route';
import * as approve from '@/app/v1/alerts/[id]/closure/approve/route';
import * as reject from '@/app/v1/alerts/[id]/closure/reject/route';
import * as flow from '@/app/v1/alerts/[id]/flow/route';
import * as notes from '@/app/v1/alerts/[id]/notes/route';
import * as events from '@/app/v1/events/route';
import { getDb } from '@/db/client';
import { auditLog } from '@/db/schema';
import { systemActor } from '@/lib/auth/actor';
import { createKey } from '@/lib/keys/create-key';
import { call, newOrg, type CallResult, type TestOrg } from '../support/api';
import { activateTestRules } from '../support/rules';

let seq = 0;
function payment(from: string, value: number, occurredAt = '2026-03-01T12:00:00.000Z') {
  seq += 1;
  return {
    type: 'transfer',
    idempotency_key: `work-${seq}-${Math.random().toString(36).slice(2)}`,
    occurred_at: occurredAt,
    amount: { value, currency: 'EUR' },
    source: { entity_id: from },
    destination: { entity_id: 'payee' },
  };
}

async function orgWithRules(label: string): Promise<TestOrg> {
  const org = await newOrg(label);
  await activateTestRules(org.orgId, [
    { key: 'big', expr: 'amount >= 100.0', weight: 40 },
    { key: 'huge', expr: 'amount >= 1000.0', weight: 40 },
  ]);
  return org;
}

async function secondKey(org: TestOrg, name = 'second'): Promise<TestOrg> {
  const { key, secret } = await createKey(getDb(), systemActor(org.orgId), { name });
  return { ...org, key: secret, keyId: key.id };
}

/** Raises a fresh alert (its own source) and returns its id. */
async function raise(org: TestOrg, value = 150): Promise<string> {
  const r = await call(events.POST, { method: 'POST', path: '/v1/events?mode=sync', key: org.key, body: payment(`src-${randomUUID()}`, value) });
  expect(r.status).toBe(200);
  return r.json.alert_id as string;
}

const patch = (org: TestOrg, id: string, body: unknown) => call(alertById.PATCH, { method: 'PATCH', key: org.key, params: { id }, body });
const requestClosure = (org: TestOrg, id: string, body: unknown = { disposition: 'false_positive' }) =>
  call(closure.POST, { method: 'POST', key: org.key, params: { id }, body });
const approveClosure = (org: TestOrg, id: string) => call(approve.POST, { method: 'POST', key: org.key, params: { id } });
const rejectClosure = (org: TestOrg, id: string) => call(reject.POST, { method: 'POST', key: org.key, params: { id } });
const addNote = (org: TestOrg, id: string, body: unknown) => call(notes.POST, { method: 'POST', key: org.key, params: { id }, body });
const listNotes = (org: TestOrg, id: string) => call(notes.GET, { key: org.key, params: { id } });

function expectError(r: CallResult, status: number, message: string) {
  expect(r.status, r.text).toBe(status);
  expect(r.json).toEqual({ error: message });
}

async function auditOf(org: TestOrg, alertId: string) {
  return getDb()
    .select({ action: auditLog.action, actor: auditLog.actor, actorKind: auditLog.actorKind, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.orgId, org.orgId), eq(auditLog.targetId, alertId)))
    .orderBy(auditLog.at);
}

const BASE_FIELDS = ['created_at', 'due_at', 'id', 'last_event_at', 'number', 'occurrences', 'priority', 'status', 'updated_at'];

describe('PATCH /v1/alerts/{id}', () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await orgWithRules('patch');
  });

  it('moves open to in_review and back, assigns, and returns the base fields', async () => {
    const id = await raise(org);
    const toReview = await patch(org, id, { status: 'in_review' });
    expect(toReview.status).toBe(200);
    expect(toReview.json).toMatchObject({ id, status: 'in_review', number: expect.any(Number) });
    expect(toReview.json).not.toHaveProperty('assigned_to');
    expect(toReview.json).not.toHaveProperty('reasons');

    const assigned = await patch(org, id, { assigned_to: 'analyst-7' });
    expect(assigned.json).toMatchObject({ status: 'in_review', assigned_to: 'analyst-7' });
    expect(Object.keys(assigned.json).sort()).toEqual([...BASE_FIELDS, 'assigned_to', 'decision_id', 'event_id'].sort());
    expect(Date.parse(assigned.json.updated_at)).toBeGreaterThanOrEqual(Date.parse(toReview.json.updated_at));

    const both = await patch(org, id, { status: 'open', assigned_to: 'analyst-8' });
    expect(both.json).toMatchObject({ status: 'open', assigned_to: 'analyst-8' });

    const entries = await auditOf(org, id);
    expect(entries.slice(1).map((e) => [e.action, e.changes])).toEqual([
      ['alert.status_changed', { status: { from: 'open', to: 'in_review' } }],
      ['alert.assigned', { assigned_to: { from: null, to: 'analyst-7' } }],
      ['alert.status_changed', { status: { from: 'in_review', to: 'open' } }],
      ['alert.assigned', { assigned_to: { from: 'analyst-7', to: 'analyst-8' } }],
    ]);
    expect(entries.slice(1).every((e) => e.actor === org.keyId && e.actorKind === 'key')).toBe(true);

    // Sending the current values changes nothing and writes no entry.
    const same = await patch(org, id, { status: 'open', assigned_to: 'analyst-8' });
    expect(same.status).toBe(200);
    expect((await auditOf(org, id)).length).toBe(entries.length);
  });

  it('answers every 400 message of the interface', async () => {
    const id = await raise(org);
    expectError(await patch(org, id, { status: 'done' }), 400, 'unknown status');
    expectError(await patch(org, id, { status: 7 }), 400, 'unknown status');
    expectError(await patch(org, id, { status: null }), 400, 'unknown status');
    expectError(await patch(org, id, { status: 'closed' }), 400, 'status can only be open or in_review here; close alerts through /closure');
    expectError(await patch(org, id, { status: 'pending_closure' }), 400, 'status can only be open or in_review here; close alerts through /closure');
    expectError(await patch(org, id, { assigned_to: '' }), 400, 'assigned_to cannot be empty');
    expectError(await patch(org, id, { assigned_to: '   ' }), 400, 'assigned_to cannot be empty');
    expectError(await patch(org, id, { assigned_to: 42 }), 400, 'assigned_to cannot be empty');
    expectError(await patch(org, id, { assigned_to: null }), 400, 'assigned_to cannot be empty');
    expectError(await patch(org, id, {}), 400, 'send status, assigned_to or both');
    const notJson = await call(alertById.PATCH, { method: 'PATCH', key: org.key, params: { id }, rawBody: '{status', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect(notJson.headers.get('content-type')).toContain('text/plain');
    // Nothing changed.
    expect((await auditOf(org, id)).map((e) => e.action)).toEqual(['alert.raised']);
  });

  it('refuses pending_closure and closed alerts with 409', async () => {
    const other = await secondKey(org, 'patch-second');
    const id = await raise(org);
    await requestClosure(org, id);
    expectError(await patch(org, id, { status: 'in_review' }), 409, 'alert is pending closure or closed');
    expectError(await patch(org, id, { assigned_to: 'someone' }), 409, 'alert is pending closure or closed');
    await approveClosure(other, id);
    expectError(await patch(org, id, { status: 'open' }), 409, 'alert is pending closure or closed');
  });
});

describe('notes', () => {
  it('adds notes at any status and lists them oldest first', async () => {
    const org = await orgWithRules('notes');
    const other = await secondKey(org);
    const id = await raise(org);
    expect(await listNotes(org, id)).toMatchObject({ status: 200, json: { notes: [] } });

    const first = await addNote(org, id, { body: 'Customer called; checking invoices.' });
    expect(first.status).toBe(201);
    expect(first.json).toEqual({ id: expect.any(String), alert_id: id, author: org.keyId, body: 'Customer called; checking invoices.', created_at: expect.any(String) });

    await requestClosure(org, id);
    const second = await addNote(other, id, { body: 'x'.repeat(5000) });
    expect(second.status).toBe(201);
    await approveClosure(other, id);
    const third = await addNote(org, id, { body: '😀'.repeat(5000) });
    expect(third.status).toBe(201);
    for (let i = 0; i < 5; i++) await addNote(org, id, { body: `quick ${i}` });

    const listed = await listNotes(org, id);
    expect(listed.json.notes.map((n: { id: string }) => n.id).slice(0, 3)).toEqual([first.json.id, second.json.id, third.json.id]);
    expect(listed.json.notes.slice(3).map((n: { body: string }) => n.body)).toEqual(['quick 0', 'quick 1', 'quick 2', 'quick 3', 'quick 4']);
    expect(listed.json.notes[1]).toMatchObject({ author: other.keyId });
    const times = listed.json.notes.map((n: { created_at: string }) => Date.parse(n.created_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    const entries = (await auditOf(org, id)).filter((e) => e.action === 'alert.note_added');
    expect(entries).toHaveLength(8);
    expect(entries[0]).toMatchObject({ actor: org.keyId, changes: { note_id: first.json.id } });
    expect(entries[1]).toMatchObject({ actor: other.keyId, changes: { note_id: second.json.id } });
  });

  it('answers the body message for empty, too long, missing and non-string bodies', async () => {
    const org = await orgWithRules('notes-bad');
    const id = await raise(org);
    for (const body of [{ body: '' }, { body: 'x'.repeat(5001) }, {}, { body: 12 }, { body: null }, { body: ['a'] }]) {
      expectError(await addNote(org, id, body), 400, 'body must be 1 to 5000 characters');
    }
    expect((await listNotes(org, id)).json.notes).toEqual([]);
  });
});

describe('closure with four eyes', () => {
  it('takes an alert from raised to closed with a second key', async () => {
    const org = await orgWithRules('closure');
    const reviewer = await secondKey(org, 'reviewer');
    const id = await raise(org, 5000);
    await patch(org, id, { status: 'in_review', assigned_to: org.keyId });
    await addNote(org, id, { body: 'Looks like payroll.' });

    const requested = await requestClosure(org, id, { disposition: 'false_positive' });
    expect(requested.status).toBe(200);
    expect(requested.json).toMatchObject({ id, status: 'pending_closure', disposition: 'false_positive', closure_requested_by: org.keyId });
    expect(requested.json).not.toHaveProperty('closed_by');

    expectError(await approveClosure(org, id), 403, 'the person who requested closure cannot approve it');
    const approved = await approveClosure(reviewer, id);
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({ status: 'closed', disposition: 'false_positive', closure_requested_by: org.keyId, closed_by: reviewer.keyId });

    expectError(await approveClosure(reviewer, id), 409, 'alert is not pending closure');
    expectError(await rejectClosure(reviewer, id), 409, 'alert is not pending closure');
    expectError(await requestClosure(org, id), 409, 'only open or in_review alerts can be put up for closure');

    const shown = await call(alertById.GET, { key: reviewer.key, params: { id } });
    expect(shown.json).toMatchObject({ status: 'closed', closed_by: reviewer.keyId, assigned_to: org.keyId });

    const entries = await auditOf(org, id);
    expect(entries.map((e) => [e.action, e.actor])).toEqual([
      ['alert.raised', org.keyId],
      ['alert.status_changed', org.keyId],
      ['alert.assigned', org.keyId],
      ['alert.note_added', org.keyId],
      ['alert.closure_requested', org.keyId],
      ['alert.closed', reviewer.keyId],
    ]);
    expect(entries[4]?.changes).toMatchObject({ disposition: 'false_positive', status: { from: 'in_review', to: 'pending_closure' } });
  });

  it('lets any key reject, the requester included, back to in_review with the disposition cleared', async () => {
    const org = await orgWithRules('reject');
    const other = await secondKey(org);
    const id = await raise(org);
    await requestClosure(org, id, { disposition: 'reported' });
    const rejected = await rejectClosure(org, id);
    expect(rejected.status).toBe(200);
    expect(rejected.json.status).toBe('in_review');
    expect(rejected.json).not.toHaveProperty('disposition');
    expect(rejected.json).not.toHaveProperty('closure_requested_by');

    // Requested again by the other key, rejected by the other key too.
    await requestClosure(other, id, { disposition: 'escalated' });
    const again = await rejectClosure(other, id);
    expect(again.json.status).toBe('in_review');
    // And now the first key may approve the other's request.
    await requestClosure(other, id, { disposition: 'escalated' });
    const approved = await approveClosure(org, id);
    expect(approved.json).toMatchObject({ status: 'closed', disposition: 'escalated', closure_requested_by: other.keyId, closed_by: org.keyId });

    const actions = (await auditOf(org, id)).map((e) => [e.action, e.actor]);
    expect(actions).toEqual([
      ['alert.raised', org.keyId],
      ['alert.closure_requested', org.keyId],
      ['alert.closure_rejected', org.keyId],
      ['alert.closure_requested', other.keyId],
      ['alert.closure_rejected', other.keyId],
      ['alert.closure_requested', other.keyId],
      ['alert.closed', org.keyId],
    ]);
  });

  it('answers the closure messages', async () => {
    const org = await orgWithRules('closure-bad');
    const id = await raise(org);
    for (const body of [{}, { disposition: 'fine' }, { disposition: 3 }, { disposition: null }]) {
      expectError(await requestClosure(org, id, body), 400, 'unknown disposition');
    }
    expectError(await approveClosure(org, id), 409, 'alert is not pending closure');
    expectError(await rejectClosure(org, id), 409, 'alert is not pending closure');
    for (const disposition of ['false_positive', 'escalated', 'reported']) {
      const fresh = await raise(org);
      const r = await requestClosure(org, fresh, { disposition });
      expect(r.json).toMatchObject({ status: 'pending_closure', disposition });
      expectError(await requestClosure(org, fresh, { disposition }), 409, 'only open or in_review alerts can be put up for closure');
    }
  });

  it('lets exactly one of a racing approve and reject win', async () => {
    const org = await orgWithRules('race');
    const a = await secondKey(org, 'a');
    const b = await secondKey(org, 'b');
    for (let round = 0; round < 5; round++) {
      const id = await raise(org);
      await requestClosure(org, id);
      const [approved, rejected] = await Promise.all([approveClosure(a, id), rejectClosure(b, id)]);
      const statuses = [approved.status, rejected.status].sort();
      expect(statuses).toEqual([200, 409]);
      const loser = approved.status === 409 ? approved : rejected;
      expect(loser.json).toEqual({ error: 'alert is not pending closure' });
      const shown = await call(alertById.GET, { key: org.key, params: { id } });
      expect(shown.json.status).toBe(approved.status === 200 ? 'closed' : 'in_review');
      const decisive = (await auditOf(org, id)).filter((e) => e.action === 'alert.closed' || e.action === 'alert.closure_rejected');
      expect(decisive).toHaveLength(1);
    }
  });

  it('lets exactly one of two racing approvals win', async () => {
    const org = await orgWithRules('race2');
    const a = await secondKey(org, 'a');
    const b = await secondKey(org, 'b');
    const id = await raise(org);
    await requestClosure(org, id);
    const results = await Promise.all([approveClosure(a, id), approveClosure(b, id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe('organisation scope', () => {
  it('answers 404 alert not found on every /v1/alerts/{id} route for another organisation and unknown ids', async () => {
    const owner = await orgWithRules('owner');
    const stranger = await newOrg('stranger');
    const id = await raise(owner);
    for (const target of [id, randomUUID()]) {
      const p = { params: { id: target }, key: stranger.key };
      const attempts = [
        await call(alertById.GET, p),
        await call(alertById.PATCH, { ...p, method: 'PATCH', body: { status: 'in_review' } }),
        await call(notes.GET, p),
        await call(notes.POST, { ...p, method: 'POST', body: { body: 'hello' } }),
        await call(closure.POST, { ...p, method: 'POST', body: { disposition: 'false_positive' } }),
        await call(approve.POST, { ...p, method: 'POST' }),
        await call(reject.POST, { ...p, method: 'POST' }),
        await call(flow.GET, p),
      ];
      for (const r of attempts) expectError(r, 404, 'alert not found');
    }
    // Nothing happened to the owner's alert.
    const shown = await call(alertById.GET, { key: owner.key, params: { id } });
    expect(shown.json.status).toBe('open');
    expect((await listNotes(owner, id)).json.notes).toEqual([]);
    expect((await auditOf(owner, id)).map((e) => e.action)).toEqual(['alert.raised']);
  });

  it('answers a path id that is not a UUID with a plain-text 400, and no key with 401', async () => {
    const org = await newOrg('plain');
    for (const handler of [alertById.GET, notes.GET, flow.GET]) {
      const r = await call(handler, { key: org.key, params: { id: 'ALR-1' } });
      expect(r.status).toBe(400);
      expect(r.headers.get('content-type')).toContain('text/plain');
    }
    const noKey = await call(alertById.GET, { params: { id: randomUUID() } });
    expectError(noKey, 401, 'missing or invalid API key');
  });
});
