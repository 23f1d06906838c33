import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as alertById from '@/app/v1/alerts/[id]/route';
import * as closure from '@/app/v1/alerts/[id]/closure/route';
import * as approveRoute from '@/app/v1/screenings/[id]/resolutions/[resolution_id]/approve/route';
import * as rejectRoute from '@/app/v1/screenings/[id]/resolutions/[resolution_id]/reject/route';
import * as resolutionsRoute from '@/app/v1/screenings/[id]/resolutions/route';
import * as screeningById from '@/app/v1/screenings/[id]/route';
import * as screeningsRoute from '@/app/v1/screenings/route';
import { getDb } from '@/db/client';
import { alerts, auditLog } from '@/db/schema';
import { systemActor } from '@/lib/auth/actor';
import { createKey } from '@/lib/keys/create-key';
import { checkListFile } from '@/lib/screening/list-file';
import { refreshScreeningIndex } from '@/lib/screening/list-index';
import { loadScreeningList } from '@/lib/screening/load-list';
import { call, newOrg, type CallResult, type TestOrg } from '../support/api';

// Made-up names no other test file's list holds.
const CODE = `res-${randomUUID().slice(0, 8)}`;

type Entry = Record<string, unknown>;
const entry = (ref: string, name: string, extra: Entry = {}): Entry => ({ ref, kind: 'person', name, category: 'sanctions', ...extra });

let a: TestOrg;
let b: TestOrg;
let other: TestOrg;

async function secondKey(org: TestOrg, name: string): Promise<TestOrg> {
  const { key, secret } = await createKey(getDb(), systemActor(org.orgId), { name });
  return { ...org, key: secret, keyId: key.id };
}

beforeAll(async () => {
  a = await newOrg('resolutions');
  b = await secondKey(a, 'second');
  other = await newOrg('resolutions-other');
  const file = checkListFile({
    code: CODE,
    name: 'Resolutions test list',
    version: 'v1',
    entries: [
      entry('R-1', 'Ombrelline Vasquarel'),
      entry('R-2', 'VASQUAREL, Ombrelline Marie', { category: 'pep' }),
      entry('R-3', 'Ombrelline Vasquarel', { birth_year: 1950 }),
      entry('R-5', 'Vasquarel'),
      entry('H-1', 'Halvard Brönnimeyer', { countries: ['CH'] }),
    ],
  });
  await loadScreeningList(getDb(), file);
  await refreshScreeningIndex(getDb());
});

/** Two matches (R-1 sanctions, R-2 pep) and two near misses. */
async function twoMatchScreening(as: TestOrg = a) {
  const r = await call(screeningsRoute.POST, {
    method: 'POST',
    key: as.key,
    body: { name: 'Ombrelline Vasquarel', kind: 'person', birth_year: 1985, reference: `cust-${randomUUID()}` },
  });
  expect(r.status, r.text).toBe(200);
  expect(r.json.matches.map((m: { entry_ref: string }) => m.entry_ref)).toEqual(['R-1', 'R-2']);
  expect(r.json.near.map((m: { entry_ref: string }) => m.entry_ref)).toEqual(['R-5', 'R-3']);
  return r.json as { id: string; alert_id: string; matches: Array<{ entry_ref: string }> };
}

/** One match (H-1). */
async function oneMatchScreening(as: TestOrg = a) {
  const r = await call(screeningsRoute.POST, { method: 'POST', key: as.key, body: { name: 'Halvard Bronnimeyer', kind: 'person' } });
  expect(r.status, r.text).toBe(200);
  expect(r.json.matches.map((m: { entry_ref: string }) => m.entry_ref)).toEqual(['H-1']);
  return r.json as { id: string; alert_id: string };
}

const resolve = (as: TestOrg, id: string, entryRef: string, outcome: string, note = `because ${outcome}`) =>
  call(resolutionsRoute.POST, { method: 'POST', key: as.key, params: { id }, body: { list: CODE, entry_ref: entryRef, outcome, note } });
const approve = (as: TestOrg, id: string, resolutionId: string) =>
  call(approveRoute.POST, { method: 'POST', key: as.key, params: { id, resolution_id: resolutionId } });
const reject = (as: TestOrg, id: string, resolutionId: string) =>
  call(rejectRoute.POST, { method: 'POST', key: as.key, params: { id, resolution_id: resolutionId } });
const screening = async (id: string, as: TestOrg = a) => (await call(screeningById.GET, { key: as.key, params: { id } })).json;
const alertOf = async (id: string) => (await call(alertById.GET, { key: a.key, params: { id } })).json;

function expectError(r: CallResult, status: number, message: string) {
  expect(r.status, r.text).toBe(status);
  expect(r.json).toEqual({ error: message });
}

async function auditOf(screeningId: string) {
  return getDb()
    .select({ action: auditLog.action, actor: auditLog.actor, targetId: auditLog.targetId, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.orgId, a.orgId), eq(auditLog.targetId, screeningId)))
    .orderBy(asc(auditLog.at));
}

describe('POST /v1/screenings/{id}/resolutions', () => {
  it('refuses bad bodies, unknown matches and unknown screenings with the interface messages', async () => {
    const s = await twoMatchScreening();
    const post = (body: unknown, id = s.id, as = a) => call(resolutionsRoute.POST, { method: 'POST', key: as.key, params: { id }, body });
    const base = { list: CODE, entry_ref: 'R-1', outcome: 'true_match', note: 'seen the passport' };
    expectError(await post({ ...base, outcome: undefined }), 400, 'outcome must be true_match, false_positive or needs_info');
    expectError(await post({ ...base, outcome: 'maybe' }), 400, 'outcome must be true_match, false_positive or needs_info');
    expectError(await post({ ...base, note: undefined }), 400, 'note must be 1 to 2000 characters');
    expectError(await post({ ...base, note: '' }), 400, 'note must be 1 to 2000 characters');
    expectError(await post({ ...base, note: '   ' }), 400, 'note must be 1 to 2000 characters');
    expectError(await post({ ...base, note: 'x'.repeat(2001) }), 400, 'note must be 1 to 2000 characters');
    expectError(await post({ ...base, entry_ref: 'H-1' }), 400, 'this screening has no such match');
    expectError(await post({ ...base, list: 'other-list' }), 400, 'this screening has no such match');
    expectError(await post({ ...base, entry_ref: undefined }), 400, 'this screening has no such match');
    expectError(await post(base, randomUUID()), 404, 'screening not found');
    expectError(await post(base, s.id, other), 404, 'screening not found');
    const notUuid = await post(base, 'nope');
    expect(notUuid.status).toBe(400);
    expect(notUuid.headers.get('content-type')).toContain('text/plain');
    // Nothing was recorded, and a note of exactly 2000 characters is fine.
    expect((await screening(s.id)).resolutions).toEqual([]);
    const ok = await post({ ...base, note: 'x'.repeat(2000) });
    expect(ok.status, ok.text).toBe(200);
  });

  it('makes true_match and needs_info final at once; a confirmed true match leaves the alert open', async () => {
    const s = await twoMatchScreening();
    const info = await resolve(a, s.id, 'R-1', 'needs_info', 'asking the customer for a passport');
    expect(info.status, info.text).toBe(200);
    expect(Object.keys(info.json).sort()).toEqual(['created_at', 'entry_ref', 'id', 'list', 'note', 'outcome', 'resolved_by', 'status'].sort());
    expect(info.json).toMatchObject({ list: CODE, entry_ref: 'R-1', outcome: 'needs_info', status: 'final', resolved_by: a.keyId, note: 'asking the customer for a passport' });
    // needs_info leaves the match open.
    expect((await screening(s.id)).review).toBe('open');

    const confirmed = await resolve(b, s.id, 'R-1', 'true_match', 'passport matches the listed person');
    expect(confirmed.json).toMatchObject({ outcome: 'true_match', status: 'final', resolved_by: b.keyId });
    const after = await screening(s.id);
    expect(after.review).toBe('confirmed');
    expect(after.resolutions.map((r: { id: string }) => r.id)).toEqual([info.json.id, confirmed.json.id]);
    expect(after.alert_id).toBe(s.alert_id);
    expect((await alertOf(s.alert_id)).status).toBe('open');
  });

  it('confirms a near miss as a true match, also on a clear screening', async () => {
    const s = await twoMatchScreening();
    const near = await resolve(a, s.id, 'R-3', 'true_match');
    expect(near.status, near.text).toBe(200);
    expect((await screening(s.id)).review).toBe('confirmed');

    const clear = await call(screeningsRoute.POST, { method: 'POST', key: a.key, body: { name: 'Ombreline Vasquarel', birth_year: 1985, threshold: 100 } });
    expect(clear.json.status).toBe('clear');
    expect(clear.json.review).toBe('none');
    const target = clear.json.near[0].entry_ref as string;
    const fp = await resolve(a, clear.json.id, target, 'false_positive');
    expect(fp.json.status).toBe('pending_approval');
    expect((await screening(clear.json.id)).review).toBe('none');
    expect((await reject(b, clear.json.id, fp.json.id)).status).toBe(200);
    expect((await resolve(a, clear.json.id, target, 'true_match')).status).toBe(200);
    const confirmed = await screening(clear.json.id);
    expect(confirmed.review).toBe('confirmed');
    // The confirmed near miss raises the clear screening's alert (screening-confirmed-near-miss.test.ts).
    expect(confirmed.alert_id).toEqual(expect.any(String));
  });

  it('walks the four-eyes clearing: pending, 409 while waiting, 403 for the same key, reject, approve, and the alert closes on the last approval', async () => {
    const s = await twoMatchScreening();
    // A near miss cleared does not count towards clearing the screening.
    const nearFp = await resolve(a, s.id, 'R-5', 'false_positive');
    expect(nearFp.json.status).toBe('pending_approval');

    const first = await resolve(a, s.id, 'R-1', 'false_positive', 'different date of birth on file');
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({ outcome: 'false_positive', status: 'pending_approval', resolved_by: a.keyId });
    expect(first.json.decided_by).toBeUndefined();
    expect(first.json.decided_at).toBeUndefined();
    expect((await screening(s.id)).review).toBe('open');

    // While it waits, no other decision on that match, from any key and of any outcome.
    for (const [as, outcome] of [
      [a, 'false_positive'],
      [b, 'true_match'],
      [b, 'needs_info'],
    ] as const) {
      expectError(await resolve(as, s.id, 'R-1', outcome), 409, 'a decision on this match is waiting for a second person');
    }

    expectError(await approve(a, s.id, first.json.id), 403, "the person who cleared a match can't approve it");

    // Sent back by anyone, the clearer included: the match has no standing decision again.
    const sentBack = await reject(a, s.id, first.json.id);
    expect(sentBack.status, sentBack.text).toBe(200);
    expect(sentBack.json).toMatchObject({ id: first.json.id, status: 'rejected', decided_by: a.keyId, resolved_by: a.keyId });
    expect(new Date(sentBack.json.decided_at).toISOString()).toBe(sentBack.json.decided_at);
    expectError(await reject(b, s.id, first.json.id), 409, 'only a cleared match waiting for approval can be sent back');
    expectError(await approve(b, s.id, first.json.id), 409, 'only a cleared match waiting for approval can be approved');
    expect((await screening(s.id)).review).toBe('open');

    const again = await resolve(a, s.id, 'R-1', 'false_positive', 'checked again: different person');
    const second = await resolve(b, s.id, 'R-2', 'false_positive', 'not the politician');
    expect((await screening(s.id)).review).toBe('pending_approval');

    const approvedFirst = await approve(b, s.id, again.json.id);
    expect(approvedFirst.status, approvedFirst.text).toBe(200);
    expect(approvedFirst.json).toMatchObject({ status: 'final', decided_by: b.keyId, resolved_by: a.keyId });
    expect(approvedFirst.json.decided_at).toBeDefined();
    expect((await screening(s.id)).review).toBe('pending_approval');
    expect((await alertOf(s.alert_id)).status).toBe('open');
    expectError(await approve(b, s.id, again.json.id), 409, 'only a cleared match waiting for approval can be approved');

    const last = await approve(a, s.id, second.json.id);
    expect(last.status, last.text).toBe(200);
    const cleared = await screening(s.id);
    expect(cleared.review).toBe('cleared');
    expect(cleared.resolutions.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([
      [nearFp.json.id, 'pending_approval'],
      [first.json.id, 'rejected'],
      [again.json.id, 'final'],
      [second.json.id, 'final'],
    ]);
    const alert = await alertOf(s.alert_id);
    expect(alert).toMatchObject({ status: 'closed', disposition: 'false_positive', closure_requested_by: b.keyId, closed_by: a.keyId });
    const [row] = await getDb()
      .select()
      .from(alerts)
      .where(and(eq(alerts.orgId, a.orgId), eq(alerts.id, s.alert_id)));
    expect(row?.closedAt).toBeInstanceOf(Date);

    const alertAudit = await getDb()
      .select({ action: auditLog.action, actor: auditLog.actor, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.orgId, a.orgId), eq(auditLog.targetId, s.alert_id)))
      .orderBy(asc(auditLog.at));
    expect(alertAudit.map((e) => e.action)).toEqual(['alert.raised', 'alert.closed']);
    expect(alertAudit[1]).toMatchObject({
      actor: a.keyId,
      changes: { disposition: 'false_positive', closure_requested_by: b.keyId, closed_by: a.keyId, status: { from: 'open', to: 'closed' } },
    });

    const audit = await auditOf(s.id);
    expect(audit.map((e) => [e.action, e.actor])).toEqual([
      ['screening.created', a.keyId],
      ['screening.match_resolved', a.keyId],
      ['screening.match_resolved', a.keyId],
      ['screening.resolution_rejected', a.keyId],
      ['screening.match_resolved', a.keyId],
      ['screening.match_resolved', b.keyId],
      ['screening.resolution_approved', b.keyId],
      ['screening.resolution_approved', a.keyId],
    ]);
    expect(audit[7]?.changes).toMatchObject({ resolution_id: second.json.id, review: { from: 'pending_approval', to: 'cleared' }, closed_alert_id: s.alert_id });
  });

  it('answers 404 for unknown resolutions, for another screening and for another organisation', async () => {
    const s = await oneMatchScreening();
    const t = await oneMatchScreening();
    const fp = await resolve(a, s.id, 'H-1', 'false_positive');
    expectError(await approve(b, s.id, randomUUID()), 404, 'resolution not found');
    expectError(await reject(b, s.id, randomUUID()), 404, 'resolution not found');
    expectError(await approve(b, t.id, fp.json.id), 404, 'resolution not found');
    expectError(await approve(b, randomUUID(), fp.json.id), 404, 'resolution not found');
    expectError(await approve(other, s.id, fp.json.id), 404, 'resolution not found');
    expectError(await reject(other, s.id, fp.json.id), 404, 'resolution not found');
    expectError(await resolve(other, s.id, 'H-1', 'true_match'), 404, 'screening not found');
    const notUuid = await approve(b, s.id, 'nope');
    expect(notUuid.status).toBe(400);
    // Still waiting, untouched.
    expect((await screening(s.id)).resolutions.map((r: { status: string }) => r.status)).toEqual(['pending_approval']);
  });

  it('lets a later decision replace an earlier one, and closes the alert when a confirmed match is then cleared', async () => {
    const s = await oneMatchScreening();
    await resolve(a, s.id, 'H-1', 'true_match');
    expect((await screening(s.id)).review).toBe('confirmed');
    const fp = await resolve(a, s.id, 'H-1', 'false_positive', 'the confirmation was a mistake');
    expect((await screening(s.id)).review).toBe('pending_approval');
    await approve(b, s.id, fp.json.id);
    const after = await screening(s.id);
    expect(after.review).toBe('cleared');
    expect(after.resolutions.map((r: { outcome: string; status: string }) => `${r.outcome}/${r.status}`)).toEqual(['true_match/final', 'false_positive/final']);
    expect(await alertOf(s.alert_id)).toMatchObject({ status: 'closed', closure_requested_by: a.keyId, closed_by: b.keyId });
  });

  it('leaves an alert that is already pending closure as it is', async () => {
    const s = await oneMatchScreening();
    const requested = await call(closure.POST, { method: 'POST', key: b.key, params: { id: s.alert_id }, body: { disposition: 'escalated' } });
    expect(requested.status, requested.text).toBe(200);
    const fp = await resolve(a, s.id, 'H-1', 'false_positive');
    await approve(b, s.id, fp.json.id);
    expect((await screening(s.id)).review).toBe('cleared');
    const alert = await alertOf(s.alert_id);
    expect(alert).toMatchObject({ status: 'pending_closure', disposition: 'escalated', closure_requested_by: b.keyId });
    expect(alert.closed_by).toBeUndefined();
    const closedAudit = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orgId, a.orgId), eq(auditLog.targetId, s.alert_id), eq(auditLog.action, 'alert.closed')));
    expect(closedAudit).toEqual([]);
  });

  it('serialises racing decisions on one match: one succeeds, the other gets its 409', async () => {
    const s = await oneMatchScreening();
    const racing = await Promise.all([resolve(a, s.id, 'H-1', 'false_positive'), resolve(b, s.id, 'H-1', 'false_positive')]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
    const pending = racing.find((r) => r.status === 200)?.json.id as string;
    const approver = racing.find((r) => r.status === 200)?.json.resolved_by === a.keyId ? b : a;
    const third = await secondKey(a, 'third');
    const decisions = await Promise.all([approve(approver, s.id, pending), approve(third, s.id, pending), reject(third, s.id, pending)]);
    expect(decisions.filter((r) => r.status === 200)).toHaveLength(1);
    expect(decisions.filter((r) => r.status === 409)).toHaveLength(2);
    expect((await screening(s.id)).resolutions).toHaveLength(1);
  });
});
