import { and, asc, eq } from 'drizzle-orm';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as strById from '@/app/v1/reports/str/[id]/route';
import * as strs from '@/app/v1/reports/str/route';
import { getDb } from '@/db/client';
import { auditLog, strReports } from '@/db/schema';
import { reloadSettings } from '@/lib/config';
import { NOT_SIGNED_IN_MESSAGE, CROSS_ORIGIN_MESSAGE } from '@/lib/http/route';
import { call } from '../support/api';
import { createStr, INDICATOR, patchStr, readStrAs, reviewStr, strFixture, UNKNOWN_ID, type StrFixture } from '../support/str';

async function auditOf(orgId: string, targetId: string) {
  return getDb()
    .select({ action: auditLog.action, actor: auditLog.actor, actorKind: auditLog.actorKind, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.orgId, orgId), eq(auditLog.targetId, targetId)))
    .orderBy(asc(auditLog.at));
}

describe('STR routes need a signed-in person', () => {
  let f: StrFixture;
  beforeAll(async () => {
    f = await strFixture('str-auth');
  });

  it('answers 401 without a session and with an API key instead of one', async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: `Bearer ${f.org.key}` }];
    for (const headers of attempts) {
      const post = await call(strs.POST, { method: 'POST', path: '/v1/reports/str', body: { case_id: f.caseId }, headers });
      expect(post.status, post.text).toBe(401);
      expect(post.json).toEqual({ error: NOT_SIGNED_IN_MESSAGE });
      const get = await call(strById.GET, { path: `/v1/reports/str/${UNKNOWN_ID}`, params: { id: UNKNOWN_ID }, headers });
      expect(get.status, get.text).toBe(401);
      expect(get.json).toEqual({ error: NOT_SIGNED_IN_MESSAGE });
    }
  });

  it('answers 403 to a state-changing request from a foreign Origin, and accepts its own origin', async () => {
    const foreign = await createStr(f.analyst, { case_id: f.caseId }, { origin: 'https://attacker.example' });
    expect(foreign.status, foreign.text).toBe(403);
    expect(foreign.json).toEqual({ error: CROSS_ORIGIN_MESSAGE });
    const own = await createStr(f.analyst, { case_id: f.caseId }, { origin: 'http://localhost' });
    expect(own.status, own.text).toBe(201);
  });
});

describe('POST /v1/reports/str', () => {
  let f: StrFixture;
  let other: StrFixture;
  beforeAll(async () => {
    [f, other] = await Promise.all([strFixture('str-create'), strFixture('str-create-other')]);
  });

  it('drafts an STR from the case (201), then answers 200 with the same STR, and audits the start once', async () => {
    const first = await createStr(f.analyst, { case_id: f.caseId });
    expect(first.status, first.text).toBe(201);
    const str = first.json;
    expect(str).toMatchObject({ case_id: f.caseId, status: 'draft', drafted_by: f.analyst.id, reason: null, action: null, indicators: [], attachments: [] });
    expect(str.number).toBeGreaterThanOrEqual(1);
    expect(str.subject).toMatchObject({
      kind: 'person',
      entity_id: f.subject,
      first_name: 'Maria',
      last_name: 'Borg',
      birth_date: '1980-04-02',
      nationality: 'MT',
      address: { street: '1 Triq il-Kbira', city: 'Valletta', country: 'MT' },
      customer_id: 'C-1',
      id_number: null,
    });
    // One transaction per event behind the alerts, oldest first, dated by occurred_at.
    expect(str.transactions.map((t: { event_id: string }) => t.event_id)).toEqual(f.eventIds);
    const [t0] = str.transactions;
    expect(t0).toMatchObject({ index: 0, amount: 500, from: { entity_id: f.subject, my_client: true }, to: { entity_id: f.counterparty, name: 'Joe Mule', my_client: false } });
    expect(t0.date).toBe(t0.source_date);
    expect(new Date(t0.date).getTime()).toBeLessThan(Date.now());

    const again = await createStr(f.analyst, { case_id: f.caseId.toUpperCase() });
    expect(again.status, again.text).toBe(200);
    expect(again.json).toEqual(str);

    const audit = await auditOf(f.org.orgId, str.id);
    expect(audit).toEqual([
      { action: 'str.created', actor: f.analyst.id, actorKind: 'person', changes: expect.objectContaining({ number: str.number, case_id: f.caseId, transactions: 3 }) },
    ]);
  });

  it('answers 404 for another organisation’s case and an unknown one, 400 for a bad case_id', async () => {
    for (const caseId of [other.caseId, UNKNOWN_ID]) {
      const r = await createStr(f.analyst, { case_id: caseId });
      expect(r.status, r.text).toBe(404);
      expect(r.json).toEqual({ error: 'case not found' });
    }
    for (const body of [{}, { case_id: 'CASE-1' }, { case_id: 7 }]) {
      const r = await createStr(f.analyst, body);
      expect(r.status, r.text).toBe(400);
      expect(r.json).toEqual({ error: 'case_id must be a case id (a UUID)' });
    }
  });

  it('gives one STR to concurrent starts for the same case', async () => {
    const g = await strFixture('str-race');
    const answers = await Promise.all([createStr(g.analyst, { case_id: g.caseId }), createStr(g.analyst, { case_id: g.caseId })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(answers[0]?.json.id).toBe(answers[1]?.json.id);
  });
});

describe('GET /v1/reports/str/{id}', () => {
  let f: StrFixture;
  let other: StrFixture;
  let id: string;
  beforeAll(async () => {
    [f, other] = await Promise.all([strFixture('str-read'), strFixture('str-read-other')]);
    id = (await createStr(f.analyst, { case_id: f.caseId })).json.id as string;
  });

  it('answers the STR with live checks: the missing reason and indicators among them', async () => {
    const r = await readStrAs(f.analyst, id);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ id, case_id: f.caseId, status: 'draft' });
    const checks = r.json.checks as { severity: string; source: string; code: string; path: string }[];
    expect(checks.length).toBeGreaterThan(0);
    expect(checks).toContainEqual(expect.objectContaining({ severity: 'error', source: 'rule', path: 'reason' }));
    expect(checks).toContainEqual(expect.objectContaining({ severity: 'error', source: 'rule', path: 'indicators' }));
    // The organisation made here has no institution: a data warning pointing at the header.
    expect(checks).toContainEqual(expect.objectContaining({ severity: 'warning', source: 'data', path: 'header.institution' }));
  });

  it('answers 404 for another organisation’s STR and an unknown id', async () => {
    for (const who of [other.analyst]) {
      for (const target of [id, UNKNOWN_ID]) {
        const r = await readStrAs(who, target);
        expect(r.status, r.text).toBe(404);
        expect(r.json).toEqual({ error: 'STR not found' });
      }
    }
  });
});

describe('PATCH /v1/reports/str/{id}', () => {
  let f: StrFixture;
  let other: StrFixture;
  let id: string;
  beforeAll(async () => {
    [f, other] = await Promise.all([strFixture('str-patch'), strFixture('str-patch-other')]);
    id = (await createStr(f.analyst, { case_id: f.caseId })).json.id as string;
  });

  it('saves reason, action, indicators, subject fields and transaction edits, answers the checks, and audits the fields', async () => {
    const r = await patchStr(f.analyst, id, {
      reason: 'Rent collected through a mule account',
      action: 'Account frozen',
      indicators: ['1001', '1001', '1002'],
      subject: { id_number: '123456M', first_name: null, address: { city: 'Sliema' } },
      transactions: [{ index: 1, date: '2026-03-01T10:30:00+01:00', description: 'rent', amount_local: 12.5 }],
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ reason: 'Rent collected through a mule account', action: 'Account frozen', indicators: ['1001', '1002'] });
    expect(r.json.subject).toMatchObject({ id_number: '123456M', first_name: null, last_name: 'Borg', address: { street: '1 Triq il-Kbira', city: 'Sliema', country: 'MT' } });
    expect(r.json.transactions[1]).toMatchObject({ index: 1, date: '2026-03-01T09:30:00.000Z', description: 'rent', amount_local: 12.5, event_id: f.eventIds[1] });
    expect(r.json.transactions[1].source_date).not.toBe('2026-03-01T09:30:00.000Z');
    expect(r.json.transactions[0].date).toBe(r.json.transactions[0].source_date);
    expect(Array.isArray(r.json.checks)).toBe(true);
    expect(r.json.checks).not.toContainEqual(expect.objectContaining({ source: 'rule', path: 'reason' }));
    expect(r.json.checks).toContainEqual(expect.objectContaining({ path: 'subject.first_name' }));

    const stored = await readStrAs(f.analyst, id);
    expect(stored.json.reason).toBe('Rent collected through a mule account');
    expect(new Date(stored.json.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(stored.json.created_at).getTime());

    const audit = await auditOf(f.org.orgId, id);
    expect(audit.at(-1)).toEqual({
      action: 'str.updated',
      actor: f.analyst.id,
      actorKind: 'person',
      changes: { fields: ['subject', 'transactions', 'reason', 'action', 'indicators'], subject_fields: ['address', 'first_name', 'id_number'], transaction_indexes: [1] },
    });
  });

  it('refuses each field rule with 400 and changes nothing', async () => {
    const cases: [unknown, string][] = [
      [{}, 'send subject, transactions, reason, action or indicators'],
      [{ reason: 5 }, 'reason must be a string or null'],
      [{ action: ['x'] }, 'action must be a string or null'],
      [{ indicators: 'x' }, 'indicators must be a list of up to 100 indicator codes'],
      [{ indicators: [''] }, 'indicators must be a list of up to 100 indicator codes'],
      [{ indicators: Array.from({ length: 101 }, (_, i) => `c${i}`) }, 'indicators must be a list of up to 100 indicator codes'],
      [{ subject: 'Maria' }, 'subject must be an object of the subject’s fields, each a string or null (address: {street, city, country})'],
      [{ subject: { first_name: 7 } }, 'subject must be an object of the subject’s fields, each a string or null (address: {street, city, country})'],
      [{ subject: { kind: 'business' } }, 'subject must be an object of the subject’s fields, each a string or null (address: {street, city, country})'],
      [{ subject: { name: 'Borg Ltd' } }, 'subject.name does not apply to a person subject'],
      [{ transactions: [{ index: 0, amount: 1 }] }, 'transactions must list edits {index, date, amount_local, description} of the STR’s transactions'],
      [{ transactions: [{ date: '2026-03-01T09:30:00Z' }] }, 'transactions must list edits {index, date, amount_local, description} of the STR’s transactions'],
      [{ transactions: [{ index: 0, date: 'yesterday' }] }, 'a transaction date must be an RFC 3339 date-time'],
      [{ transactions: [{ index: 99 }] }, 'transactions: the STR has no transaction with index 99'],
    ];
    const before = await readStrAs(f.analyst, id);
    for (const [body, message] of cases) {
      const r = await patchStr(f.analyst, id, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json, JSON.stringify(body)).toEqual({ error: message });
    }
    const after = await readStrAs(f.analyst, id);
    expect(after.json.updated_at).toBe(before.json.updated_at);
  });

  it('answers 404 for another organisation’s STR, 403 from a foreign Origin, 401 with an API key', async () => {
    const foreign = await patchStr(other.analyst, id, { reason: 'x' });
    expect(foreign.status, foreign.text).toBe(404);
    expect(foreign.json).toEqual({ error: 'STR not found' });
    const crossSite = await patchStr(f.analyst, id, { reason: 'x' }, { origin: 'https://attacker.example' });
    expect(crossSite.status, crossSite.text).toBe(403);
    const keyed = await call(strById.PATCH, { method: 'PATCH', key: f.org.key, params: { id }, body: { reason: 'x' } });
    expect(keyed.status, keyed.text).toBe(401);
    expect((await readStrAs(f.analyst, id)).json.reason).not.toBe('x');
  });

  it('answers 409 once the STR is no longer a draft', async () => {
    const g = await strFixture('str-patch-409');
    const sid = (await createStr(g.analyst, { case_id: g.caseId })).json.id as string;
    // No route moves an STR out of draft yet; the state is set as review would leave it.
    await getDb().update(strReports).set({ status: 'awaiting_approval' }).where(and(eq(strReports.orgId, g.org.orgId), eq(strReports.id, sid)));
    const r = await patchStr(g.analyst, sid, { reason: 'late' });
    expect(r.status, r.text).toBe(409);
    expect(r.json).toEqual({ error: 'only a draft STR can be edited' });
    expect((await readStrAs(g.analyst, sid)).json.reason).toBeNull();
  });
});

describe('POST /v1/reports/str/{id}/review', () => {
  const saved = { schema: process.env.SERVICE_FILING_SCHEMA, entity: process.env.SERVICE_FILING_ENTITY_ID };
  let f: StrFixture;
  let other: StrFixture;
  let id: string;
  beforeAll(async () => {
    process.env.SERVICE_FILING_SCHEMA = path.resolve(process.cwd(), '../shared/data/filing/goaml-5.0.1.xsd');
    process.env.SERVICE_FILING_ENTITY_ID = '1001';
    reloadSettings();
    [f, other] = await Promise.all([strFixture('str-review'), strFixture('str-review-other')]);
    id = (await createStr(f.analyst, { case_id: f.caseId })).json.id as string;
  });
  afterAll(() => {
    for (const [name, value] of [['SERVICE_FILING_SCHEMA', saved.schema], ['SERVICE_FILING_ENTITY_ID', saved.entity]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    reloadSettings();
  });

  it('refuses with 422 and the error checks while the draft has errors, and stays a draft', async () => {
    const r = await reviewStr(f.analyst, id);
    expect(r.status, r.text).toBe(422);
    expect(r.json.error).toBe('the STR does not pass its checks; fix the errors first');
    expect(r.json.checks).toContainEqual(expect.objectContaining({ severity: 'error', path: 'reason' }));
    expect((await readStrAs(f.analyst, id)).json.status).toBe('draft');
  });

  it('answers 404 for another organisation’s STR and 403 from a foreign Origin', async () => {
    const foreign = await reviewStr(other.analyst, id);
    expect(foreign.status, foreign.text).toBe(404);
    const crossSite = await reviewStr(f.analyst, id, { origin: 'https://attacker.example' });
    expect(crossSite.status, crossSite.text).toBe(403);
  });

  it('moves a draft with no error check to awaiting_approval, audits it, then answers 409', async () => {
    const fixed = await patchStr(f.analyst, id, {
      reason: 'Rent collected from many payers and moved on the same day through a mule account',
      action: 'Account restricted',
      indicators: [INDICATOR],
      subject: { id_number: '123456M', residence: 'MT', occupation: 'Clerk', phone: '+356 7900 0000' },
    });
    expect(fixed.status, fixed.text).toBe(200);
    expect(fixed.json.checks.filter((c: { severity: string }) => c.severity === 'error')).toEqual([]);
    // The document was validated against the configured XSD: no schema check at all, not even "no schema set".
    expect(fixed.json.checks.filter((c: { source: string }) => c.source === 'schema')).toEqual([]);
    const r = await reviewStr(f.analyst, id);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ id, status: 'awaiting_approval', sent_for_review_by: f.analyst.id });
    const audit = await auditOf(f.org.orgId, id);
    expect(audit.at(-1)).toMatchObject({ action: 'str.sent_for_review', actor: f.analyst.id, actorKind: 'person', changes: { from: 'draft', to: 'awaiting_approval' } });
    const again = await reviewStr(f.analyst, id);
    expect(again.status, again.text).toBe(409);
    expect(again.json).toEqual({ error: 'only a draft STR can be sent for review' });
    const edit = await patchStr(f.analyst, id, { reason: 'late' });
    expect(edit.status, edit.text).toBe(409);
  });
});
