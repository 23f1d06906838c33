// POST /v1/reports/str/{id}/file against the filing-system simulator started in-process: who may file, from which
// status, the checks, and each answer of the filing system (accepted, refused, unreachable, too slow), with every
// exchange kept and the SHA-256 of the bytes sent in the audit log.
import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as strFile from '@/app/v1/reports/str/[id]/file/route';
import { getDb } from '@/db/client';
import { auditLog, filingResponses, filings, strAttachments, strReports, type StrStatus } from '@/db/schema';
import { startFilingSimulator, type FilingSimulator } from '@/lib/filing/simulator/server';
import { CROSS_ORIGIN_MESSAGE, NOT_SIGNED_IN_MESSAGE } from '@/lib/http/route';
import { ALREADY_BEING_FILED, DRAFTER_CANNOT_FILE, FILING_NOT_CONFIGURED, NOT_AWAITING_APPROVAL, ROLE_CANNOT_FILE } from '@/lib/reports/str/file-str';
import { strDocument } from '@/lib/reports/str/str-xml';
import { call, type CallResult } from '../support/api';
import {
  check,
  COMPLETE_DRAFT,
  createStr,
  openCase,
  FILING_SCHEMA,
  patchStr,
  readStrAs,
  reviewStr,
  session,
  strAwaitingApproval,
  strFixture,
  UNKNOWN_ID,
  withSettings,
  type Session,
  type StrFixture,
} from '../support/str';

const TIMEOUT_MS = 1_000;

async function fileAs(who: Session, id: string, headers: Record<string, string> = {}): Promise<CallResult> {
  const r = await call(strFile.POST, { method: 'POST', path: `/v1/reports/str/${id}/file`, params: { id }, headers: { cookie: who.cookie, ...headers } });
  check('POST', '/v1/reports/str/{id}/file', r);
  return r;
}

const sha256 = (text: string) => createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex');

async function auditOf(orgId: string, targetId: string) {
  return getDb()
    .select({ action: auditLog.action, actor: auditLog.actor, actorKind: auditLog.actorKind, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.orgId, orgId), eq(auditLog.targetId, targetId)))
    .orderBy(asc(auditLog.at));
}

async function filingsOf(orgId: string, strId: string) {
  return getDb().select().from(filings).where(and(eq(filings.orgId, orgId), eq(filings.reportId, strId))).orderBy(asc(filings.createdAt));
}

async function responsesOf(orgId: string, filingId: string) {
  return getDb()
    .select()
    .from(filingResponses)
    .where(and(eq(filingResponses.orgId, orgId), eq(filingResponses.filingId, filingId)))
    .orderBy(asc(filingResponses.id));
}

describe('POST /v1/reports/str/{id}/file', { timeout: 60_000 }, () => {
  let sim: FilingSimulator;
  let restore: () => void;
  let f: StrFixture;
  let other: StrFixture;
  let reviewer: Session;

  beforeAll(async () => {
    sim = await startFilingSimulator({ schemaPath: FILING_SCHEMA, port: 0, controlPort: 0, ackDelayMs: 60_000, slowDelayMs: 2_500 });
    restore = withSettings({
      SERVICE_FILING_URL: sim.url,
      SERVICE_FILING_SCHEMA: FILING_SCHEMA,
      SERVICE_FILING_ENTITY_ID: '1001',
      SERVICE_FILING_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    [f, other] = await Promise.all([strFixture('str-file'), strFixture('str-file-other')]);
    reviewer = await session(f.org.orgId, 'reviewer');
  });
  afterAll(async () => {
    restore?.();
    await sim?.close();
  });

  it('answers 401 without a session and with an API key, 403 from a foreign Origin, and files nothing', async () => {
    const id = await strAwaitingApproval(f);
    for (const headers of [{}, { authorization: `Bearer ${f.org.key}` }] as Record<string, string>[]) {
      const r = await call(strFile.POST, { method: 'POST', path: `/v1/reports/str/${id}/file`, params: { id }, headers });
      expect(r.status, r.text).toBe(401);
      expect(r.json).toEqual({ error: NOT_SIGNED_IN_MESSAGE });
    }
    const crossSite = await fileAs(reviewer, id, { origin: 'https://attacker.example' });
    expect(crossSite.status, crossSite.text).toBe(403);
    expect(crossSite.json).toEqual({ error: CROSS_ORIGIN_MESSAGE });
    expect((await readStrAs(reviewer, id)).json).toMatchObject({ status: 'awaiting_approval', filing: null, filed_by: null });
    expect(await filingsOf(f.org.orgId, id)).toEqual([]);
  });

  it('lets only a reviewer or an admin who did not draft it file: an analyst and the drafting reviewer answer 403', async () => {
    const id = await strAwaitingApproval(f);
    const analyst = await fileAs(f.analyst, id);
    expect(analyst.status, analyst.text).toBe(403);
    expect(analyst.json).toEqual({ error: ROLE_CANNOT_FILE });

    // A reviewer who drafted the STR is refused even with the role for it.
    const drafter = await session(f.org.orgId, 'reviewer');
    const own = await strAwaitingApproval(f, drafter);
    const refused = await fileAs(drafter, own);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.json).toEqual({ error: DRAFTER_CANNOT_FILE });
    expect((await readStrAs(drafter, own)).json.status).toBe('awaiting_approval');

    // An admin who did not draft it files it.
    const admin = await session(f.org.orgId, 'admin');
    const filed = await fileAs(admin, own);
    expect(filed.status, filed.text).toBe(200);
    expect(filed.json).toMatchObject({ status: 'filed', filed_by: admin.id, drafted_by: drafter.id });
  });

  it('answers 404 for another organisation’s STR and an unknown id', async () => {
    const id = await strAwaitingApproval(f);
    const otherReviewer = await session(other.org.orgId, 'reviewer');
    for (const target of [id, UNKNOWN_ID]) {
      const r = await fileAs(otherReviewer, target);
      expect(r.status, r.text).toBe(404);
      expect(r.json).toEqual({ error: 'STR not found' });
    }
    expect((await readStrAs(reviewer, id)).json.status).toBe('awaiting_approval');
  });

  it('answers 409 from every status but awaiting_approval', async () => {
    const id = (await createStr(f.analyst, { case_id: (await openCase(f.org)).caseId })).json.id as string;
    for (const status of ['draft', 'filed', 'acknowledged', 'rejected'] as StrStatus[]) {
      await getDb().update(strReports).set({ status }).where(and(eq(strReports.orgId, f.org.orgId), eq(strReports.id, id)));
      const r = await fileAs(reviewer, id);
      expect(r.status, status).toBe(409);
      expect(r.json, status).toEqual({ error: NOT_AWAITING_APPROVAL });
    }
    expect(await filingsOf(f.org.orgId, id)).toEqual([]);
  });

  it('answers 422 with the checks when a check is an error, and 409 while filing is not configured', async () => {
    const id = await strAwaitingApproval(f);
    // The reason gone (as no route can do now), the STR no longer passes its rules.
    await getDb().update(strReports).set({ reason: null }).where(and(eq(strReports.orgId, f.org.orgId), eq(strReports.id, id)));
    const r = await fileAs(reviewer, id);
    expect(r.status, r.text).toBe(422);
    expect(r.json.error).toBe('the STR does not pass its checks; fix the errors first');
    expect(r.json.checks).toContainEqual(expect.objectContaining({ severity: 'error', path: 'reason' }));

    await getDb().update(strReports).set({ reason: COMPLETE_DRAFT.reason }).where(and(eq(strReports.orgId, f.org.orgId), eq(strReports.id, id)));
    const unset = withSettings({ SERVICE_FILING_URL: undefined });
    try {
      const r2 = await fileAs(reviewer, id);
      expect(r2.status, r2.text).toBe(409);
      expect(r2.json).toEqual({ error: FILING_NOT_CONFIGURED });
    } finally {
      unset();
    }
    expect(await filingsOf(f.org.orgId, id)).toEqual([]);
    expect((await readStrAs(reviewer, id)).json).toMatchObject({ status: 'awaiting_approval', filing: null });
  });

  it('files an accepted STR (200 filed) with its attachment; the simulator received the exact bytes whose SHA-256 is audited', async () => {
    const id = await strAwaitingApproval(f);
    const pdf = Buffer.from('%PDF-1.7\nbank statement\n%%EOF\n');
    await getDb()
      .insert(strAttachments)
      .values({ orgId: f.org.orgId, strId: id, key: 'statement', name: 'statement.pdf', type: 'application/pdf', size: pdf.length, sha256: createHash('sha256').update(pdf).digest('hex'), bytes: pdf, createdBy: f.analyst.id });

    const [approved] = await getDb().select().from(strReports).where(and(eq(strReports.orgId, f.org.orgId), eq(strReports.id, id)));
    const shown = await strDocument(getDb(), approved!);
    const before = Date.now();
    const r = await fileAs(reviewer, id);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ id, status: 'filed', filed_by: reviewer.id, last_rejection: null });
    const filing = r.json.filing;
    expect(filing).toMatchObject({ state: 'accepted', attempts: 1, last_error: null, fiu_ref: null, acknowledged_at: null });
    expect(filing.reference).toMatch(/^SIM-/);
    expect(new Date(filing.sent_at).getTime()).toBeGreaterThanOrEqual(before - 1_000);
    // The first acknowledgement poll is scheduled by ACK_POLLING: 24 to 30 s after acceptance.
    const nextPoll = new Date(filing.next_attempt_at).getTime() - Date.now();
    expect(nextPoll).toBeGreaterThan(20_000);
    expect(nextPoll).toBeLessThanOrEqual(30_000);

    const received = sim.report(filing.reference)!;
    expect(received.status).toBe('accepted');
    expect(received.xml_sha256).toBe(filing.xml_sha256);
    expect(sha256(received.xml!)).toBe(filing.xml_sha256);
    expect(received.attachments).toEqual([expect.objectContaining({ filename: 'statement.pdf', content_type: 'application/pdf', sha256: createHash('sha256').update(pdf).digest('hex') })]);

    const [row] = await filingsOf(f.org.orgId, id);
    expect(row).toMatchObject({ state: 'accepted', xmlSha256: filing.xml_sha256, filedBy: reviewer.id, reportKind: 'str' });
    expect(row!.xml).toBe(received.xml);
    // What GET .../xml showed before filing is what was sent.
    expect(received.xml).toBe(shown);
    const responses = await responsesOf(f.org.orgId, row!.id);
    expect(responses).toEqual([expect.objectContaining({ operation: 'submit', httpStatus: 201, error: null })]);
    expect(JSON.parse(responses[0]!.body!)).toEqual({ reference: filing.reference, status: 'accepted' });

    const audit = (await auditOf(f.org.orgId, id)).slice(-2);
    expect(audit).toEqual([
      { action: 'str.filing_queued', actor: reviewer.id, actorKind: 'person', changes: expect.objectContaining({ filing_id: row!.id, xml_sha256: filing.xml_sha256 }) },
      { action: 'str.filed', actor: reviewer.id, actorKind: 'person', changes: expect.objectContaining({ xml_sha256: filing.xml_sha256, reference: filing.reference, from: 'awaiting_approval', to: 'filed' }) },
    ]);
    expect((await readStrAs(reviewer, id)).json).toMatchObject({ status: 'filed', filing });

    const again = await fileAs(reviewer, id);
    expect(again.status, again.text).toBe(409);
    expect(again.json).toEqual({ error: NOT_AWAITING_APPROVAL });
  });

  it('answers 200 rejected with the reasons and last_rejection when the filing system refuses', async () => {
    const id = await strAwaitingApproval(f);
    await sim.configure({ mode: 'refuse', refuseReason: 'Reporting entity 1001 is suspended' });
    try {
      const r = await fileAs(reviewer, id);
      expect(r.status, r.text).toBe(200);
      expect(r.json).toMatchObject({ status: 'rejected', filing: { state: 'refused', attempts: 1, reference: null, next_attempt_at: null } });
      expect(r.json.last_rejection).toEqual({ at: expect.any(String), reason: 'Reporting entity 1001 is suspended', errors: [{ line: null, message: 'Reporting entity 1001 is suspended' }] });
      expect(r.json.filing.last_error).toContain('Reporting entity 1001 is suspended');
      const [row] = await filingsOf(f.org.orgId, id);
      expect(row!.nextAttemptAt).toBeNull();
      expect(await responsesOf(f.org.orgId, row!.id)).toEqual([expect.objectContaining({ operation: 'submit', httpStatus: 422 })]);
      const last = (await auditOf(f.org.orgId, id)).at(-1);
      expect(last).toMatchObject({ action: 'str.rejected', actor: reviewer.id, changes: { xml_sha256: row!.xmlSha256, to: 'rejected', reason: 'Reporting entity 1001 is suspended' } });
    } finally {
      await sim.configure({ mode: 'up' });
    }
  });

  it('answers 202 queued with next_attempt_at while the filing system is down, sends nothing, and refuses a second click with 409', async () => {
    const id = await strAwaitingApproval(f);
    const sent = sim.reports().length;
    await sim.configure({ mode: 'down' });
    try {
      const before = Date.now();
      const r = await fileAs(reviewer, id);
      expect(r.status, r.text).toBe(202);
      expect(r.json).toMatchObject({ status: 'awaiting_approval', filed_by: reviewer.id, filing: { state: 'queued', attempts: 1, reference: null } });
      expect(r.json.filing.last_error).toContain('ECONNREFUSED');
      // FILING_BACKOFF after the first failure: 1 to 5 s.
      const wait = new Date(r.json.filing.next_attempt_at).getTime() - before;
      expect(wait).toBeGreaterThanOrEqual(900);
      expect(wait).toBeLessThanOrEqual(6_000);
      expect(sim.reports().length).toBe(sent);

      const [row] = await filingsOf(f.org.orgId, id);
      expect(await responsesOf(f.org.orgId, row!.id)).toEqual([expect.objectContaining({ operation: 'submit', httpStatus: null, body: null, error: expect.stringContaining('ECONNREFUSED') })]);
      const last = (await auditOf(f.org.orgId, id)).at(-1);
      expect(last).toMatchObject({ action: 'str.filing_unreachable', actor: reviewer.id, changes: { xml_sha256: row!.xmlSha256, attempt: 1 } });
      expect(String((last!.changes as Record<string, unknown>).note)).toContain('xml_sha256');

      const second = await fileAs(reviewer, id);
      expect(second.status, second.text).toBe(409);
      expect(second.json).toEqual({ error: ALREADY_BEING_FILED });
      expect(await filingsOf(f.org.orgId, id)).toHaveLength(1);
    } finally {
      await sim.configure({ mode: 'up' });
    }
  });

  it('queues the STR with the timeout as last_error when the filing system answers later than SERVICE_FILING_TIMEOUT_MS', async () => {
    const id = await strAwaitingApproval(f);
    await sim.configure({ mode: 'slow' });
    try {
      const r = await fileAs(reviewer, id);
      expect(r.status, r.text).toBe(202);
      expect(r.json).toMatchObject({ status: 'awaiting_approval', filing: { state: 'queued', attempts: 1 } });
      expect(r.json.filing.last_error).toBe(`no answer from ${sim.url}/reports within ${TIMEOUT_MS} ms`);
      const [row] = await filingsOf(f.org.orgId, id);
      expect(await responsesOf(f.org.orgId, row!.id)).toEqual([expect.objectContaining({ operation: 'submit', httpStatus: null, error: r.json.filing.last_error })]);
      // The slow filing system still takes the report after the service gave up: the reason the SHA-256 is audited.
      await expect.poll(() => sim.reports().some((rep) => rep.xml_sha256 === row!.xmlSha256), { timeout: 10_000, interval: 200 }).toBe(true);
      const last = (await auditOf(f.org.orgId, id)).at(-1);
      expect(last).toMatchObject({ action: 'str.filing_unreachable', changes: { xml_sha256: row!.xmlSha256 } });
    } finally {
      await sim.configure({ mode: 'up' });
    }
  });

  it('leaves a filed STR closed to edits and to review', async () => {
    const id = await strAwaitingApproval(f);
    const r = await fileAs(reviewer, id);
    expect(r.status, r.text).toBe(200);
    const edit = await patchStr(f.analyst, id, { reason: 'late' });
    expect(edit.status, edit.text).toBe(409);
    const review = await reviewStr(f.analyst, id);
    expect(review.status, review.text).toBe(409);
  });
});
