// The filing worker against the filing-system simulator started in-process: acknowledgement polls, queued filings
// sent once the filing system is back, a restart, two workers at once, a crashed attempt taken back, and the claim
// that keeps two senders from sending one filing. Rounds are limited to this file's organisations, since other suites
// share the database.
import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as strFile from '@/app/v1/reports/str/[id]/file/route';
import { getDb, getPool } from '@/db/client';
import { auditLog, filingResponses, filings } from '@/db/schema';
import { systemActor } from '@/lib/auth/actor';
import { attemptFiling } from '@/lib/filing/attempt-filing';
import { startFilingSimulator, type FilingSimulator } from '@/lib/filing/simulator/server';
import { FILING_WORKER_ACTOR, FILING_WORKER_LOCK_KEY, startFilingWorker, type FilingWorkerOptions } from '@/lib/filing/worker';
import { call, type CallResult } from '../support/api';
import { check, FILING_SCHEMA, readStrAs, session, strAwaitingApproval, strFixture, withSettings, type Session, type StrFixture } from '../support/str';
import { lockedRound } from '../support/filing-rounds';

const ACK_DELAY_MS = 200;

async function fileAs(who: Session, id: string): Promise<CallResult> {
  const r = await call(strFile.POST, { method: 'POST', path: `/v1/reports/str/${id}/file`, params: { id }, headers: { cookie: who.cookie } });
  check('POST', '/v1/reports/str/{id}/file', r);
  return r;
}

async function filingOf(orgId: string, strId: string) {
  const [row] = await getDb().select().from(filings).where(and(eq(filings.orgId, orgId), eq(filings.reportId, strId)));
  if (!row) throw new Error(`no filing for STR ${strId}`);
  return row;
}

/** Makes the filing due now, as if its backoff or poll wait had passed. */
async function makeDue(orgId: string, filingId: string): Promise<void> {
  await getDb()
    .update(filings)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(and(eq(filings.orgId, orgId), eq(filings.id, filingId)));
}

async function responsesOf(orgId: string, filingId: string) {
  return getDb()
    .select({ operation: filingResponses.operation, httpStatus: filingResponses.httpStatus, error: filingResponses.error })
    .from(filingResponses)
    .where(and(eq(filingResponses.orgId, orgId), eq(filingResponses.filingId, filingId)))
    .orderBy(asc(filingResponses.id));
}

async function lastAudit(orgId: string, targetId: string) {
  const rows = await getDb()
    .select({ action: auditLog.action, actor: auditLog.actor, actorKind: auditLog.actorKind, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.orgId, orgId), eq(auditLog.targetId, targetId)))
    .orderBy(asc(auditLog.at));
  return rows.at(-1);
}

describe('filing worker', { timeout: 60_000 }, () => {
  let sim: FilingSimulator;
  let restore: () => void;
  let f: StrFixture;
  let reviewer: Session;
  let options: FilingWorkerOptions;

  /** How many times the simulator received a document with this SHA-256. */
  const receipts = (sha: string) => sim.reports().filter((r) => r.xml_sha256 === sha).length;

  /** Files an STR while the filing system is down: 202 and a queued filing. */
  async function queuedWhileDown(): Promise<{ id: string; filingId: string; sha: string }> {
    const id = await strAwaitingApproval(f);
    await sim.configure({ mode: 'down' });
    try {
      const r = await fileAs(reviewer, id);
      expect(r.status, r.text).toBe(202);
    } finally {
      await sim.configure({ mode: 'up' });
    }
    const row = await filingOf(f.org.orgId, id);
    expect(row.state).toBe('queued');
    return { id, filingId: row.id, sha: row.xmlSha256 };
  }

  beforeAll(async () => {
    sim = await startFilingSimulator({ schemaPath: FILING_SCHEMA, port: 0, controlPort: 0, ackDelayMs: ACK_DELAY_MS });
    restore = withSettings({
      SERVICE_FILING_URL: sim.url,
      SERVICE_FILING_SCHEMA: FILING_SCHEMA,
      SERVICE_FILING_ENTITY_ID: '1001',
      SERVICE_FILING_TIMEOUT_MS: '2000',
    });
    f = await strFixture('filing-worker');
    reviewer = await session(f.org.orgId, 'reviewer');
    options = { manual: true, orgIds: [f.org.orgId] };
  });
  afterAll(async () => {
    restore?.();
    await sim?.close();
  });

  it('polls a filed STR until the filing system acknowledges it: still accepted is polled again later, then acknowledged', async () => {
    await sim.configure({ ackDelayMs: 60_000 });
    const waiting = await strAwaitingApproval(f);
    const filedLate = await fileAs(reviewer, waiting);
    expect(filedLate.status, filedLate.text).toBe(200);
    await sim.configure({ ackDelayMs: ACK_DELAY_MS });
    const id = await strAwaitingApproval(f);
    const filed = await fileAs(reviewer, id);
    expect(filed.json.status).toBe('filed');
    const reference = filed.json.filing.reference as string;
    await expect.poll(() => sim.report(reference)?.status, { timeout: 10_000, interval: 50 }).toBe('acknowledged');

    const worker = startFilingWorker(options);
    try {
      // Nothing is due yet: the first poll waits 24 to 30 s.
      expect((await lockedRound(worker)).outcomes).toEqual([]);
      const late = await filingOf(f.org.orgId, waiting);
      await makeDue(f.org.orgId, late.id);
      await makeDue(f.org.orgId, (await filingOf(f.org.orgId, id)).id);
      const round = await lockedRound(worker);
      expect(round.locked).toBe(true);
      expect(round.outcomes).toHaveLength(2);
      expect(round.outcomes).toContainEqual({ filingId: late.id, operation: 'poll', outcome: 'waiting' });
      expect(round.outcomes).toContainEqual(expect.objectContaining({ operation: 'poll', outcome: 'acknowledged' }));
    } finally {
      await worker.stop();
    }

    const stillWaiting = await readStrAs(reviewer, waiting);
    expect(stillWaiting.json).toMatchObject({ status: 'filed', filing: { state: 'accepted', fiu_ref: null } });
    // After one poll that found no acknowledgement: ACK_POLLING's second wait, 48 to 60 s.
    const wait = new Date(stillWaiting.json.filing.next_attempt_at).getTime() - Date.now();
    expect(wait).toBeGreaterThan(40_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    expect((await filingOf(f.org.orgId, waiting)).polls).toBe(1);

    const received = sim.report(reference)!;
    const done = await readStrAs(reviewer, id);
    expect(done.json).toMatchObject({ status: 'acknowledged', filing: { state: 'acknowledged', reference, fiu_ref: received.fiu_ref, acknowledged_at: received.acknowledged_at, next_attempt_at: null } });
    const row = await filingOf(f.org.orgId, id);
    expect(row).toMatchObject({ state: 'acknowledged', polls: 1, nextAttemptAt: null });
    expect(await responsesOf(f.org.orgId, row.id)).toEqual([
      { operation: 'submit', httpStatus: 201, error: null },
      { operation: 'poll', httpStatus: 200, error: null },
    ]);
    expect(await lastAudit(f.org.orgId, id)).toEqual({
      action: 'str.acknowledged',
      actor: FILING_WORKER_ACTOR,
      actorKind: 'system',
      changes: expect.objectContaining({ from: 'filed', to: 'acknowledged', fiu_ref: received.fiu_ref, xml_sha256: row.xmlSha256 }),
    });
  });

  it('sends a filing queued while the filing system was down once its backoff has passed, and files the STR', async () => {
    const { id, filingId, sha } = await queuedWhileDown();
    expect(receipts(sha)).toBe(0);
    const worker = startFilingWorker(options);
    try {
      // The backoff has not passed: nothing is sent.
      expect((await lockedRound(worker)).outcomes).toEqual([]);
      expect(receipts(sha)).toBe(0);
      await makeDue(f.org.orgId, filingId);
      expect((await lockedRound(worker)).outcomes).toEqual([{ filingId, operation: 'submit', outcome: 'accepted' }]);
    } finally {
      await worker.stop();
    }
    expect(receipts(sha)).toBe(1);
    const received = sim.reports().find((r) => r.xml_sha256 === sha)!;
    expect(createHash('sha256').update(Buffer.from(received.xml!, 'utf8')).digest('hex')).toBe(sha);
    const str = await readStrAs(reviewer, id);
    expect(str.json).toMatchObject({ status: 'filed', filing: { state: 'accepted', attempts: 2, last_error: null, reference: received.reference, xml_sha256: sha } });
    expect(await responsesOf(f.org.orgId, filingId)).toEqual([
      { operation: 'submit', httpStatus: null, error: expect.stringContaining('ECONNREFUSED') },
      { operation: 'submit', httpStatus: 201, error: null },
    ]);
    expect(await lastAudit(f.org.orgId, id)).toMatchObject({ action: 'str.filed', actor: FILING_WORKER_ACTOR, actorKind: 'system', changes: { xml_sha256: sha, reference: received.reference, attempt: 2 } });
  });

  it('picks up a queued filing after a restart: a stopped worker, then a new one running on its timer', async () => {
    const { id, filingId, sha } = await queuedWhileDown();
    const first = startFilingWorker({ ...options, manual: false, intervalMs: 60_000 });
    await first.stop();
    await makeDue(f.org.orgId, filingId);
    expect(receipts(sha)).toBe(0);

    const second = startFilingWorker({ ...options, manual: false, intervalMs: 100 });
    try {
      await expect.poll(async () => (await readStrAs(reviewer, id)).json.status, { timeout: 10_000, interval: 100 }).toBe('filed');
    } finally {
      await second.stop();
    }
    expect(receipts(sha)).toBe(1);
  });

  it('sends each filing once when two workers run rounds at the same time', async () => {
    const queued = [await queuedWhileDown(), await queuedWhileDown(), await queuedWhileDown()];
    for (const q of queued) await makeDue(f.org.orgId, q.filingId);
    const a = startFilingWorker(options);
    const b = startFilingWorker(options);
    try {
      const rounds = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
      const sent = rounds.flatMap((r) => r.outcomes).filter((o) => o.operation === 'submit');
      expect(sent.map((o) => o.filingId).sort()).toEqual(queued.map((q) => q.filingId).sort());
      expect(rounds.every((r) => r.failures === 0)).toBe(true);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    for (const q of queued) {
      expect(receipts(q.sha)).toBe(1);
      expect((await filingOf(f.org.orgId, q.id)).state).toBe('accepted');
    }
  });

  it('lets only one of two concurrent attempts on one filing send it', async () => {
    const { id, filingId, sha } = await queuedWhileDown();
    await makeDue(f.org.orgId, filingId);
    const actor = systemActor(f.org.orgId, FILING_WORKER_ACTOR);
    const results = await Promise.all([attemptFiling(getDb(), actor, { orgId: f.org.orgId, id: filingId }), attemptFiling(getDb(), actor, { orgId: f.org.orgId, id: filingId })]);
    expect(results.filter((r) => r.claimed)).toHaveLength(1);
    expect(receipts(sha)).toBe(1);
    expect((await readStrAs(reviewer, id)).json.status).toBe('filed');
  });

  it('takes back an attempt a crashed process left in sent once its lease has ended, and not before', async () => {
    const { id, filingId, sha } = await queuedWhileDown();
    // As a process that claimed the filing and died would leave it: sent, its lease (timeout + grace) still running.
    await getDb()
      .update(filings)
      .set({ state: 'sent', attempts: 2, nextAttemptAt: sql`now() + interval '1 minute'` })
      .where(and(eq(filings.orgId, f.org.orgId), eq(filings.id, filingId)));
    const worker = startFilingWorker(options);
    try {
      expect((await lockedRound(worker)).outcomes).toEqual([]);
      expect(receipts(sha)).toBe(0);
      await makeDue(f.org.orgId, filingId);
      expect((await lockedRound(worker)).outcomes).toEqual([{ filingId, operation: 'submit', outcome: 'accepted' }]);
    } finally {
      await worker.stop();
    }
    expect(receipts(sha)).toBe(1);
    expect((await readStrAs(reviewer, id)).json).toMatchObject({ status: 'filed', filing: { state: 'accepted', attempts: 3 } });
  });

  it('keeps retrying with a growing backoff while the filing system stays down, keeping every failure', async () => {
    const { id, filingId } = await queuedWhileDown();
    await sim.configure({ mode: 'down' });
    const worker = startFilingWorker(options);
    try {
      await makeDue(f.org.orgId, filingId);
      expect((await lockedRound(worker)).outcomes).toEqual([{ filingId, operation: 'submit', outcome: 'unreachable' }]);
    } finally {
      await worker.stop();
      await sim.configure({ mode: 'up' });
    }
    const str = await readStrAs(reviewer, id);
    expect(str.json).toMatchObject({ status: 'awaiting_approval', filing: { state: 'queued', attempts: 2 } });
    // FILING_BACKOFF after the second failure: 1 to 10 s.
    const wait = new Date(str.json.filing.next_attempt_at).getTime() - Date.now();
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(10_000);
    const responses = await responsesOf(f.org.orgId, filingId);
    expect(responses).toHaveLength(2);
    expect(responses.every((r) => r.operation === 'submit' && r.httpStatus === null && r.error?.includes('ECONNREFUSED'))).toBe(true);
    expect(await lastAudit(f.org.orgId, id)).toMatchObject({ action: 'str.filing_unreachable', actor: FILING_WORKER_ACTOR, actorKind: 'system', changes: { attempt: 2 } });
  });

  it('does nothing while another instance holds the advisory lock, and sends once it is released', async () => {
    const { id, filingId, sha } = await queuedWhileDown();
    await makeDue(f.org.orgId, filingId);
    const other = await getPool().connect();
    const worker = startFilingWorker(options);
    try {
      const { rows } = await other.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [FILING_WORKER_LOCK_KEY.toString()]);
      expect(rows[0]?.locked).toBe(true);
      expect(await worker.runOnce()).toEqual({ locked: false, outcomes: [], failures: 0 });
      expect(receipts(sha)).toBe(0);
      await other.query('SELECT pg_advisory_unlock($1::bigint)', [FILING_WORKER_LOCK_KEY.toString()]);
      expect((await lockedRound(worker)).outcomes).toEqual([{ filingId, operation: 'submit', outcome: 'accepted' }]);
    } finally {
      other.release();
      await worker.stop();
    }
    expect(receipts(sha)).toBe(1);
    expect((await readStrAs(reviewer, id)).json.status).toBe('filed');
  });

  it('logs a filing it cannot act on and goes on with the others in the same round', async () => {
    // An accepted filing without a reference cannot be polled; it must not stop the round.
    const [broken] = await getDb()
      .insert(filings)
      .values({ orgId: f.org.orgId, reportKind: 'str', reportId: randomUUID(), state: 'accepted', xml: '<report/>', xmlSha256: 'x', filedBy: reviewer.id, nextAttemptAt: sql`now() - interval '1 minute'` })
      .returning();
    const { id, filingId } = await queuedWhileDown();
    await makeDue(f.org.orgId, filingId);
    const worker = startFilingWorker(options);
    try {
      const round = await lockedRound(worker);
      expect(round.failures).toBe(1);
      expect(round.outcomes).toEqual([{ filingId, operation: 'submit', outcome: 'accepted' }]);
    } finally {
      await worker.stop();
    }
    expect((await readStrAs(reviewer, id)).json.status).toBe('filed');
    // Its claim stands: it is not tried again until the lease ends.
    expect((await filingOf(f.org.orgId, broken!.reportId)).nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
  });
});
