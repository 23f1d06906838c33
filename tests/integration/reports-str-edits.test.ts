import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fromKyc from '@/app/v1/reports/str/[id]/subject/from-kyc/route';
import * as reopen from '@/app/v1/reports/str/[id]/reopen/route';
import * as useSourceDate from '@/app/v1/reports/str/[id]/transactions/[index]/use-source-date/route';
import * as xmlRoute from '@/app/v1/reports/str/[id]/xml/route';
import { getDb } from '@/db/client';
import { auditLog, cases, entities, strReports } from '@/db/schema';
import { sharedFilingSchema } from '@/lib/filing/schema';
import { CROSS_ORIGIN_MESSAGE, NOT_SIGNED_IN_MESSAGE } from '@/lib/http/route';
import { call, type CallResult } from '../support/api';
import {
  check,
  COMPLETE_DRAFT,
  createStr,
  FILING_SCHEMA,
  patchStr,
  readStrAs,
  type Session,
  strFixture,
  type StrFixture,
  UNKNOWN_ID,
  withSettings,
} from '../support/str';

const FOREIGN = { origin: 'https://attacker.example' };

async function fillFromKyc(who: Session, id: string, headers: Record<string, string> = {}): Promise<CallResult> {
  const path = `/v1/reports/str/${id}/subject/from-kyc`;
  const r = await call(fromKyc.POST, { method: 'POST', path, params: { id }, headers: { cookie: who.cookie, ...headers } });
  check('POST', '/v1/reports/str/{id}/subject/from-kyc', r);
  return r;
}
async function sourceDate(who: Session, id: string, index: string, headers: Record<string, string> = {}): Promise<CallResult> {
  const path = `/v1/reports/str/${id}/transactions/${index}/use-source-date`;
  const r = await call(useSourceDate.POST, { method: 'POST', path, params: { id, index }, headers: { cookie: who.cookie, ...headers } });
  check('POST', '/v1/reports/str/{id}/transactions/{index}/use-source-date', r);
  return r;
}
async function reopenAs(who: Session, id: string, headers: Record<string, string> = {}): Promise<CallResult> {
  const r = await call(reopen.POST, { method: 'POST', path: `/v1/reports/str/${id}/reopen`, params: { id }, headers: { cookie: who.cookie, ...headers } });
  check('POST', '/v1/reports/str/{id}/reopen', r);
  return r;
}
async function xmlOf(who: Session, id: string): Promise<CallResult> {
  const r = await call(xmlRoute.GET, { path: `/v1/reports/str/${id}/xml`, params: { id }, headers: { cookie: who.cookie } });
  check('GET', '/v1/reports/str/{id}/xml', r);
  return r;
}

async function newStr(f: StrFixture): Promise<string> {
  const r = await createStr(f.analyst, { case_id: f.caseId });
  expect(r.status, r.text).toBe(201);
  return r.json.id as string;
}

async function setStatus(orgId: string, id: string, status: 'awaiting_approval' | 'filed' | 'acknowledged' | 'rejected', lastRejection?: Record<string, unknown>) {
  await getDb()
    .update(strReports)
    .set({ status, ...(lastRejection ? { lastRejection } : {}) })
    .where(and(eq(strReports.orgId, orgId), eq(strReports.id, id)));
}

async function auditOf(orgId: string, targetId: string) {
  return getDb()
    .select({ action: auditLog.action, actor: auditLog.actor, actorKind: auditLog.actorKind, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.orgId, orgId), eq(auditLog.targetId, targetId)))
    .orderBy(asc(auditLog.at));
}

describe('the STR editing helpers, reopen and xml need a signed-in person of the organisation', () => {
  let f: StrFixture;
  let other: StrFixture;
  let id: string;
  beforeAll(async () => {
    [f, other] = await Promise.all([strFixture('str-edits-auth'), strFixture('str-edits-auth-other')]);
    id = await newStr(f);
  });

  const attempts = (target: string, headers: Record<string, string>) => [
    call(fromKyc.POST, { method: 'POST', params: { id: target }, headers }),
    call(useSourceDate.POST, { method: 'POST', params: { id: target, index: '0' }, headers }),
    call(reopen.POST, { method: 'POST', params: { id: target }, headers }),
    call(xmlRoute.GET, { params: { id: target }, headers }),
  ];

  it('answers 401 without a session and with an API key instead of one', async () => {
    const callers: Record<string, string>[] = [{}, { authorization: `Bearer ${f.org.key}` }];
    for (const headers of callers) {
      for (const r of await Promise.all(attempts(id, headers))) {
        expect(r.status, r.text).toBe(401);
        expect(r.json).toEqual({ error: NOT_SIGNED_IN_MESSAGE });
      }
    }
  });

  it('answers 403 to the state-changing ones from a foreign Origin and changes nothing', async () => {
    const before = await readStrAs(f.analyst, id);
    for (const r of [await fillFromKyc(f.analyst, id, FOREIGN), await sourceDate(f.analyst, id, '0', FOREIGN), await reopenAs(f.analyst, id, FOREIGN)]) {
      expect(r.status, r.text).toBe(403);
      expect(r.json).toEqual({ error: CROSS_ORIGIN_MESSAGE });
    }
    expect((await readStrAs(f.analyst, id)).json.updated_at).toBe(before.json.updated_at);
  });

  it('answers 404 for another organisation’s STR and an unknown one', async () => {
    for (const target of [id, UNKNOWN_ID]) {
      for (const r of [await fillFromKyc(other.analyst, target), await sourceDate(other.analyst, target, '0'), await reopenAs(other.analyst, target), await xmlOf(other.analyst, target)]) {
        expect(r.status, r.text).toBe(404);
        expect(r.json).toEqual({ error: 'STR not found' });
      }
    }
  });

  it('answers 400 in plain text for an id that is not a UUID', async () => {
    const r = await call(xmlRoute.GET, { params: { id: 'STR-1' }, headers: { cookie: f.analyst.cookie } });
    expect(r.status).toBe(400);
    expect(r.text).toBe('id in the path is not a UUID');
  });
});

describe('POST /v1/reports/str/{id}/subject/from-kyc', () => {
  let f: StrFixture;
  let id: string;
  beforeAll(async () => {
    f = await strFixture('str-kyc');
    id = await newStr(f);
  });

  it('copies only the missing fields (address part by part) from the customer record, keeps the drafter’s, and audits the fields', async () => {
    const cleared = await patchStr(f.analyst, id, { subject: { first_name: null, last_name: 'Borg-Camilleri', nationality: '  ', address: { city: null } } });
    expect(cleared.status, cleared.text).toBe(200);
    // The customer record has since gained an id number and a phone.
    await getDb()
      .update(entities)
      .set({ attributes: sql`${entities.attributes} || ${JSON.stringify({ id_number: '123456M', phone: '+356 7900 0000', name: 'ignored for a person' })}::jsonb` })
      .where(and(eq(entities.orgId, f.org.orgId), eq(entities.id, f.subject)));

    const r = await fillFromKyc(f.analyst, id);
    expect(r.status, r.text).toBe(200);
    expect(r.json.subject).toMatchObject({
      kind: 'person',
      first_name: 'Maria',
      last_name: 'Borg-Camilleri',
      nationality: 'MT',
      id_number: '123456M',
      phone: '+356 7900 0000',
      address: { street: '1 Triq il-Kbira', city: 'Valletta', country: 'MT' },
    });
    expect(r.json.subject.name).toBeUndefined();
    expect(Array.isArray(r.json.checks)).toBe(true);

    const audit = await auditOf(f.org.orgId, id);
    expect(audit.at(-1)).toEqual({
      action: 'str.subject_filled',
      actor: f.analyst.id,
      actorKind: 'person',
      changes: { fields: ['phone', 'first_name', 'id_number', 'nationality', 'address.city'], entity_id: f.subject },
    });
  });

  it('answers 422 when the record has nothing to add, and changes nothing', async () => {
    const before = await readStrAs(f.analyst, id);
    const r = await fillFromKyc(f.analyst, id);
    expect(r.status, r.text).toBe(422);
    expect(r.json).toEqual({ error: 'the customer record has nothing to add to the subject' });
    expect((await readStrAs(f.analyst, id)).json.updated_at).toBe(before.json.updated_at);
  });

  it('answers 422 when the case has no subject record', async () => {
    const g = await strFixture('str-kyc-none');
    const sid = await newStr(g);
    await getDb().update(cases).set({ subjectEntityId: null }).where(and(eq(cases.orgId, g.org.orgId), eq(cases.id, g.caseId)));
    const r = await fillFromKyc(g.analyst, sid);
    expect(r.status, r.text).toBe(422);
    expect(r.json).toEqual({ error: 'the case has no subject record to copy from' });
  });

  it('answers 409 once the STR is not a draft', async () => {
    const g = await strFixture('str-kyc-409');
    const sid = await newStr(g);
    await patchStr(g.analyst, sid, { subject: { first_name: null } });
    await setStatus(g.org.orgId, sid, 'awaiting_approval');
    const r = await fillFromKyc(g.analyst, sid);
    expect(r.status, r.text).toBe(409);
    expect(r.json).toEqual({ error: 'only a draft STR can be edited' });
    expect((await readStrAs(g.analyst, sid)).json.subject.first_name).toBeNull();
  });
});

describe('POST /v1/reports/str/{id}/transactions/{index}/use-source-date', () => {
  let f: StrFixture;
  let id: string;
  beforeAll(async () => {
    f = await strFixture('str-source-date');
    id = await newStr(f);
  });

  it('puts the source date back in place of an edited date, answers the checks, and audits before and after', async () => {
    const edited = await patchStr(f.analyst, id, { transactions: [{ index: 1, date: '2026-03-01T09:30:00Z' }] });
    expect(edited.json.transactions[1].date).toBe('2026-03-01T09:30:00.000Z');
    const source = edited.json.transactions[1].source_date as string;
    expect(source).not.toBe('2026-03-01T09:30:00.000Z');

    const r = await sourceDate(f.analyst, id, '1');
    expect(r.status, r.text).toBe(200);
    expect(r.json.transactions[1]).toMatchObject({ index: 1, date: source, source_date: source, event_id: f.eventIds[1] });
    expect(r.json.transactions[0].date).toBe(edited.json.transactions[0].date);
    expect(Array.isArray(r.json.checks)).toBe(true);

    const audit = await auditOf(f.org.orgId, id);
    expect(audit.at(-1)).toEqual({
      action: 'str.updated',
      actor: f.analyst.id,
      actorKind: 'person',
      changes: {
        fields: ['transactions'],
        transaction_indexes: [1],
        source_date_used: { index: 1, event_id: f.eventIds[1], before: '2026-03-01T09:30:00.000Z', after: source },
      },
    });
  });

  it('answers 400 for an index that is not a whole number', async () => {
    for (const index of ['x', '-1', '1.5', '1e2', '0x1', ' 1', '']) {
      const r = await sourceDate(f.analyst, id, index);
      expect(r.status, index).toBe(400);
      expect(r.json, index).toEqual({ error: 'index must be a whole number (0, 1, 2 …)' });
    }
  });

  it('answers 404 for an index the STR does not have', async () => {
    const r = await sourceDate(f.analyst, id, '3');
    expect(r.status, r.text).toBe(404);
    expect(r.json).toEqual({ error: 'the STR has no transaction with index 3' });
  });

  it('answers 422 for a transaction the ledger sent no date for', async () => {
    await getDb()
      .update(strReports)
      .set({ transactions: sql`jsonb_set(${strReports.transactions}, '{2,source_date}', 'null'::jsonb)` })
      .where(and(eq(strReports.orgId, f.org.orgId), eq(strReports.id, id)));
    const r = await sourceDate(f.analyst, id, '2');
    expect(r.status, r.text).toBe(422);
    expect(r.json).toEqual({ error: 'transaction 2 has no source date: the source ledger sent none' });
  });

  it('answers 409 once the STR is not a draft', async () => {
    const g = await strFixture('str-source-date-409');
    const sid = await newStr(g);
    await setStatus(g.org.orgId, sid, 'filed');
    const r = await sourceDate(g.analyst, sid, '0');
    expect(r.status, r.text).toBe(409);
    expect(r.json).toEqual({ error: 'only a draft STR can be edited' });
  });
});

describe('POST /v1/reports/str/{id}/reopen', () => {
  let f: StrFixture;
  let id: string;
  const rejection = { at: '2026-11-20T10:00:00.000Z', reason: 'refused by the filing system', errors: [{ line: 3, message: 'bad' }] };
  beforeAll(async () => {
    f = await strFixture('str-reopen');
    id = await newStr(f);
  });

  it('answers 409 for a draft and every other state but rejected', async () => {
    for (const status of [undefined, 'awaiting_approval', 'filed', 'acknowledged'] as const) {
      if (status) await setStatus(f.org.orgId, id, status);
      const r = await reopenAs(f.analyst, id);
      expect(r.status, status).toBe(409);
      expect(r.json).toEqual({ error: 'only a rejected STR can be reopened' });
    }
  });

  it('moves a rejected STR back to draft keeping last_rejection, audits it, and a second reopen answers 409', async () => {
    await setStatus(f.org.orgId, id, 'rejected', rejection);
    const r = await reopenAs(f.analyst, id);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ id, status: 'draft', last_rejection: rejection });
    expect(Array.isArray(r.json.checks)).toBe(true);
    const audit = await auditOf(f.org.orgId, id);
    expect(audit.at(-1)).toEqual({
      action: 'str.reopened',
      actor: f.analyst.id,
      actorKind: 'person',
      changes: { from: 'rejected', to: 'draft', last_rejection_at: rejection.at },
    });
    const again = await reopenAs(f.analyst, id);
    expect(again.status, again.text).toBe(409);
    // A draft again: it can be edited.
    expect((await patchStr(f.analyst, id, { reason: 'corrected' })).status).toBe(200);
  });

  it('lets only one of two racing reopens win', async () => {
    await setStatus(f.org.orgId, id, 'rejected', rejection);
    const answers = await Promise.all([reopenAs(f.analyst, id), reopenAs(f.analyst, id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });
});

describe('GET /v1/reports/str/{id}/xml', () => {
  let restore: () => void;
  let f: StrFixture;
  let id: string;
  beforeAll(async () => {
    restore = withSettings({ SERVICE_FILING_SCHEMA: FILING_SCHEMA, SERVICE_FILING_ENTITY_ID: '1001' });
    f = await strFixture('str-xml');
    id = await newStr(f);
  });
  afterAll(() => restore());

  it('answers the goAML document of a draft with errors too, as application/xml', async () => {
    const r = await xmlOf(f.analyst, id);
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(r.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<report>')).toBe(true);
    expect(r.text).toContain('<reason></reason>');
  });

  it('gives the same bytes for the same draft, new bytes after an edit, valid against the goAML XSD once complete', async () => {
    const done = await patchStr(f.analyst, id, COMPLETE_DRAFT);
    expect(done.status, done.text).toBe(200);
    expect(done.json.checks.filter((c: { severity: string }) => c.severity === 'error')).toEqual([]);

    const first = await xmlOf(f.analyst, id);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await xmlOf(f.analyst, id);
    expect(second.text).toBe(first.text);
    expect(first.text).toContain(`<reason>${COMPLETE_DRAFT.reason}</reason>`);
    expect(first.text).toContain(`<entity_reference>STR-${done.json.number}</entity_reference>`);
    // submission_date is the STR's updated_at (in goAML's date-time form), not the clock.
    expect(first.text).toContain(`<submission_date>${(done.json.updated_at as string).slice(0, 19)}</submission_date>`);

    const schema = await sharedFilingSchema(FILING_SCHEMA);
    const verdict = await schema.validate(first.text);
    expect(verdict.errors).toEqual([]);
    expect(verdict.valid).toBe(true);

    const edited = await patchStr(f.analyst, id, { action: 'Account closed' });
    expect(edited.status).toBe(200);
    const third = await xmlOf(f.analyst, id);
    expect(third.text).not.toBe(first.text);
    expect(third.text).toContain('<action>Account closed</action>');
  });

  it('answers for an STR in any state', async () => {
    await setStatus(f.org.orgId, id, 'filed');
    const r = await xmlOf(f.analyst, id);
    expect(r.status, r.text).toBe(200);
    expect(r.text).toContain('<report_code>STR</report_code>');
  });
});
