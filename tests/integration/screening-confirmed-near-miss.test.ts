import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as alertById from '@/app/v1/alerts/[id]/route';
import * as alertsRoute from '@/app/v1/alerts/route';
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
import { call, newOrg, type TestOrg } from '../support/api';

// Made-up names no other test file's list holds.
const CODE = `near-${randomUUID().slice(0, 8)}`;
const HOUR = 3_600_000;

type Entry = Record<string, unknown>;
const entry = (ref: string, name: string, category: string, extra: Entry = {}): Entry => ({ ref, kind: 'person', name, category, ...extra });

let a: TestOrg;
let b: TestOrg;

beforeAll(async () => {
  a = await newOrg('confirmed-near');
  const { key, secret } = await createKey(getDb(), systemActor(a.orgId), { name: 'second' });
  b = { ...a, key: secret, keyId: key.id };
  const file = checkListFile({
    code: CODE,
    name: 'Confirmed near miss test list',
    version: 'v1',
    entries: [
      entry('N-1', 'Theodorik Quillenbrand', 'sanctions'),
      entry('N-2', 'Theodorik Quillenbrand', 'pep', { birth_year: 1950 }),
      entry('N-3', 'Marguerite Stolzenfels', 'pep'),
    ],
  });
  await loadScreeningList(getDb(), file);
  await refreshScreeningIndex(getDb());
});

interface Candidate {
  list: string;
  entry_ref: string;
  score: number;
  category: string;
  entry_name: string;
}

/** A clear screening (threshold 100) whose near misses include every entry in `refs`. */
async function clearScreening(name: string, refs: string[], reference: string | null = `cust-${randomUUID()}`) {
  const r = await call(screeningsRoute.POST, {
    method: 'POST',
    key: a.key,
    body: { name, kind: 'person', birth_year: 1985, threshold: 100, ...(reference !== null ? { reference } : {}) },
  });
  expect(r.status, r.text).toBe(200);
  expect(r.json).toMatchObject({ status: 'clear', review: 'none', matches: [] });
  expect(r.json.alert_id).toBeUndefined();
  const near = (r.json.near as Candidate[]).filter((m) => m.list === CODE);
  for (const ref of refs) expect(near.map((m) => m.entry_ref)).toContain(ref);
  return { id: r.json.id as string, reference, near };
}

const resolve = (as: TestOrg, id: string, entryRef: string, outcome: string) =>
  call(resolutionsRoute.POST, { method: 'POST', key: as.key, params: { id }, body: { list: CODE, entry_ref: entryRef, outcome, note: `because ${outcome}` } });
const screening = async (id: string) => (await call(screeningById.GET, { key: a.key, params: { id } })).json;
const alertOf = async (id: string) => (await call(alertById.GET, { key: a.key, params: { id } })).json;
const alertsOfScreening = (screeningId: string) =>
  getDb().select().from(alerts).where(and(eq(alerts.orgId, a.orgId), eq(alerts.screeningId, screeningId)));
const auditOn = (targetId: string) =>
  getDb()
    .select({ action: auditLog.action, actor: auditLog.actor, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.orgId, a.orgId), eq(auditLog.targetId, targetId)))
    .orderBy(asc(auditLog.at), asc(auditLog.id));

describe('confirming a near miss on a clear screening', () => {
  it('raises a high screening alert for it, in the queue, with its audit entry', async () => {
    const s = await clearScreening('Theodorik Quillenbrant', ['N-1']);
    const confirmed = s.near.find((m) => m.entry_ref === 'N-1') as Candidate;

    const r = await resolve(a, s.id, 'N-1', 'true_match');
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ outcome: 'true_match', status: 'final' });

    const after = await screening(s.id);
    expect(after.review).toBe('confirmed');
    expect(after.status).toBe('clear');
    expect(typeof after.alert_id).toBe('string');

    const rows = await alertsOfScreening(s.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: after.alert_id, entityId: s.reference, priority: 'high', status: 'open', occurrences: 1 });
    expect((rows[0]?.dueAt.getTime() ?? 0) - (rows[0]?.createdAt.getTime() ?? 0)).toBe(24 * HOUR);

    const shown = await alertOf(after.alert_id);
    expect(shown).toMatchObject({
      id: after.alert_id,
      status: 'open',
      priority: 'high',
      screening_id: s.id,
      decision: 'review',
      risk_score: confirmed.score,
      source: { id: s.reference, kind: 'person', name: 'Theodorik Quillenbrant' },
      event: { type: 'screening', occurred_at: after.created_at, source_id: s.reference },
    });
    // The reason is the confirmed near miss: entry, list and score.
    expect(shown.reasons).toHaveLength(1);
    expect(shown.reasons[0].rule).toBe('screening_sanctions');
    expect(shown.reasons[0].detail).toContain(confirmed.entry_name);
    expect(shown.reasons[0].detail).toContain(CODE);
    expect(shown.reasons[0].detail).toContain(String(confirmed.score));

    // It reaches the work queue.
    const queue = await call(alertsRoute.GET, { key: a.key, path: '/v1/alerts?queue=open&limit=200' });
    expect(queue.json.alerts.map((x: { id: string }) => x.id)).toContain(after.alert_id);

    const raised = await auditOn(after.alert_id);
    expect(raised).toEqual([
      {
        action: 'alert.raised',
        actor: a.keyId,
        changes: {
          number: shown.number,
          priority: 'high',
          screening_id: s.id,
          entity_id: s.reference,
          confirmed: { list: CODE, entry_ref: 'N-1' },
        },
      },
    ]);
    const resolved = (await auditOn(s.id)).find((e) => e.action === 'screening.match_resolved');
    expect(resolved?.changes).toMatchObject({ near_miss: true, outcome: 'true_match', review: { from: 'none', to: 'confirmed' }, alert_id: after.alert_id });
  });

  it('is high even when the confirmed entry is not on a sanctions list, and takes the checked name without a reference', async () => {
    const s = await clearScreening('Marguerite Stolzenfeld', ['N-3'], null);
    expect((await resolve(a, s.id, 'N-3', 'true_match')).status).toBe(200);
    const after = await screening(s.id);
    const shown = await alertOf(after.alert_id);
    expect(shown).toMatchObject({ priority: 'high', source: { id: 'Marguerite Stolzenfeld' } });
    expect(shown.reasons.map((x: { rule: string }) => x.rule)).toEqual(['screening_pep']);
  });

  it('raises no second alert on a second confirmation, also when two race', async () => {
    const s = await clearScreening('Theodorik Quillenbrant', ['N-1', 'N-2']);
    const first = await resolve(a, s.id, 'N-1', 'true_match');
    expect(first.status, first.text).toBe(200);
    const alertId = (await screening(s.id)).alert_id as string;

    // The same entry confirmed again, then the other near miss: still the one alert, now showing both entries.
    expect((await resolve(b, s.id, 'N-1', 'true_match')).status).toBe(200);
    expect((await resolve(b, s.id, 'N-2', 'true_match')).status).toBe(200);
    expect((await screening(s.id)).alert_id).toBe(alertId);
    expect(await alertsOfScreening(s.id)).toHaveLength(1);
    expect((await auditOn(alertId)).map((e) => e.action)).toEqual(['alert.raised']);
    const shown = await alertOf(alertId);
    expect(shown.reasons.map((x: { detail: string }) => x.detail.includes('N-1') || x.detail.includes('N-2'))).toEqual([true, true]);

    const racing = await clearScreening('Theodorik Quillenbrant', ['N-1', 'N-2']);
    const both = await Promise.all([resolve(a, racing.id, 'N-1', 'true_match'), resolve(b, racing.id, 'N-2', 'true_match')]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const rows = await alertsOfScreening(racing.id);
    expect(rows).toHaveLength(1);
    expect((await screening(racing.id)).alert_id).toBe(rows[0]?.id);
  });

  it('raises nothing for needs_info or a clearing, and nothing more on a screening that already has its alert', async () => {
    const s = await clearScreening('Theodorik Quillenbrant', ['N-1', 'N-2']);
    expect((await resolve(a, s.id, 'N-1', 'needs_info')).status).toBe(200);
    expect((await resolve(a, s.id, 'N-2', 'false_positive')).status).toBe(200);
    expect((await screening(s.id)).alert_id).toBeUndefined();
    expect(await alertsOfScreening(s.id)).toHaveLength(0);

    const potential = await call(screeningsRoute.POST, { method: 'POST', key: a.key, body: { name: 'Theodorik Quillenbrand', kind: 'person' } });
    expect(potential.json.status).toBe('potential_match');
    const ref = (potential.json.matches as Candidate[]).find((m) => m.list === CODE)?.entry_ref as string;
    expect((await resolve(a, potential.json.id, ref, 'true_match')).status).toBe(200);
    expect((await screening(potential.json.id)).alert_id).toBe(potential.json.alert_id);
    expect(await alertsOfScreening(potential.json.id)).toHaveLength(1);
  });
});
