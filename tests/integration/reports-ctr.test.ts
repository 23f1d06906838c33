// CTR batches: which cash events a day's batch holds (threshold edges, in and out apart, currencies apart, rail and
// types, the day's bounds), building once, the rows' pages and attention filter, customer IDs written back to the
// entity, four-eyes at submission, and filing through the filing-system simulator started in-process (up, down, refusing),
// with the document validated against the goAML XSD by xmllint-wasm and by Debian's xmllint.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as reportList from '@/app/v1/reports/route';
import * as ctrSubmit from '@/app/v1/reports/ctr/[id]/submit/route';
import * as ctrs from '@/app/v1/reports/ctr/route';
import { getDb } from '@/db/client';
import { countPendingApprovals } from '@/lib/approvals/list-pending';
import { auditLog, ctrBatches, entities, filings, type CtrStatus } from '@/db/schema';
import { loadFilingSchema } from '@/lib/filing/schema';
import { startFilingSimulator, type FilingSimulator } from '@/lib/filing/simulator/server';
import { startFilingWorker } from '@/lib/filing/worker';
import { NOT_SIGNED_IN_MESSAGE } from '@/lib/http/route';
import {
  BEING_FILED_MESSAGE,
  BUILDER_CANNOT_SUBMIT,
  CTR_NOT_FOUND,
  CTR_ROW_NOT_FOUND,
  DATE_MESSAGE,
  DAY_NOT_OVER_MESSAGE,
  NOT_A_DRAFT_MESSAGE,
  NOT_A_DRAFT_TO_SUBMIT,
  NOTHING_TO_FILE,
  NOTHING_TO_SAVE,
  ROLE_CANNOT_SUBMIT,
} from '@/lib/reports/ctr/schemas';
import { listCtrsAwaitingSubmission } from '@/lib/reports/ctr/awaiting-submission';
import { ctrRefusals } from '@/lib/reports/ctr/refusals';
import { ctrFigures, readCtr } from '@/lib/reports/ctr/get-ctr';
import { call, newOrg, type TestOrg } from '../support/api';
import { personOf } from '../support/people';
import { allRows, createCtr, ctrXmlAs, patchCtrRow, personAttributes, readCtrAs, seedEntities, seedEvents, submitCtrAs } from '../support/ctr';
import { check, FILING_SCHEMA, session, UNKNOWN_ID, withSettings, type Session } from '../support/str';
import { lockedRound } from '../support/filing-rounds';

const DAY = '2026-11-20';
const at = (time: string, day = DAY) => `${day}T${time}Z`;
const XMLLINT = '/usr/bin/xmllint';

interface Org {
  org: TestOrg;
  analyst: Session;
  reviewer: Session;
}

async function newCtrOrg(label: string): Promise<Org> {
  const org = await newOrg(label);
  const [analyst, reviewer] = await Promise.all([session(org.orgId, 'analyst'), session(org.orgId, 'reviewer')]);
  return { org, analyst, reviewer };
}

async function auditOf(orgId: string, targetId: string) {
  return getDb()
    .select({ action: auditLog.action, actor: auditLog.actor, actorKind: auditLog.actorKind, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.orgId, orgId), eq(auditLog.targetId, targetId)))
    .orderBy(asc(auditLog.at));
}

const rowKey = (r: Record<string, unknown>) => `${String(r.entity_id)} ${String(r.direction)} ${Number(r.amount).toFixed(2)} ${String(r.currency)}`;

/** A batch of DAY with one customer (complete record) whose cash in reaches the threshold in two events. */
async function batchWithCustomer(o: Org, builder: Session, customers = 1): Promise<{ id: string; entityIds: string[] }> {
  const entityIds = Array.from({ length: customers }, (_, i) => `cust-${i}-${o.org.orgId.slice(0, 8)}`);
  await seedEntities(o.org.orgId, Object.fromEntries(entityIds.map((id, i) => [id, personAttributes(`Anna${i}`, `C-${i}`)])));
  await seedEvents(
    o.org.orgId,
    entityIds.flatMap((id) => [
      { at: at('09:00:00.000'), type: 'cash_deposit', to: id, amount: 6000 },
      { at: at('15:30:00.000'), type: 'cash_in', to: id, amount: 4000.5 },
    ]),
  );
  const r = await createCtr(builder, { date: DAY });
  expect(r.status, r.text).toBe(201);
  return { id: r.json.id as string, entityIds };
}

describe('CTR batches', { timeout: 60_000 }, () => {
  let sim: FilingSimulator;
  let restore: () => void;

  beforeAll(async () => {
    sim = await startFilingSimulator({ schemaPath: FILING_SCHEMA, port: 0, controlPort: 0, ackDelayMs: 100 });
    restore = withSettings({
      SERVICE_FILING_URL: sim.url,
      SERVICE_FILING_SCHEMA: FILING_SCHEMA,
      SERVICE_FILING_ENTITY_ID: '1001',
      SERVICE_FILING_TIMEOUT_MS: '2000',
      SERVICE_CTR_THRESHOLD: undefined,
    });
  });
  afterAll(async () => {
    restore?.();
    await sim?.close();
  });

  it('puts on the batch every cash event of the day of each entity whose cash in or cash out in one currency reaches the threshold', async () => {
    const o = await newCtrOrg('ctr-rows');
    const e = (name: string) => `${name}-${o.org.orgId.slice(0, 8)}`;
    await seedEntities(o.org.orgId, { [e('exact')]: { customer_id: 'C-EXACT' } });
    await seedEvents(o.org.orgId, [
      // Exactly at the threshold, in one event: on.
      { at: at('08:00:00.000'), type: 'cash_deposit', to: e('exact'), amount: 10000 },
      // One below, in one event: off.
      { at: at('08:01:00.000'), type: 'cash_in', to: e('below'), amount: 9999 },
      // Just under in two events: off.
      { at: at('08:02:00.000'), type: 'cash_deposit', to: e('split-under'), amount: 6000 },
      { at: at('08:03:00.000'), type: 'cash_in', to: e('split-under'), amount: 3999.99 },
      // Over, taken out in two withdrawals: on, direction out.
      { at: at('09:00:00.000'), type: 'cash_withdrawal', from: e('over-out'), amount: 5000 },
      { at: at('09:05:00.000'), type: 'cash_out', from: e('over-out'), amount: 5000.01 },
      // In and out apart: 6,000 in and 6,000 out reach nothing.
      { at: at('10:00:00.000'), type: 'cash_deposit', to: e('in-and-out'), amount: 6000 },
      { at: at('10:10:00.000'), type: 'cash_withdrawal', from: e('in-and-out'), amount: 6000 },
      // Currencies apart: 6,000 EUR and 6,000 USD in reach nothing.
      { at: at('11:00:00.000'), type: 'cash_deposit', to: e('two-currencies'), amount: 6000, currency: 'EUR' },
      { at: at('11:01:00.000'), type: 'cash_deposit', to: e('two-currencies'), amount: 6000, currency: 'USD' },
      // Reaching it in USD puts the whole cash day on the batch: the USD deposit, the EUR one and the withdrawal.
      { at: at('12:00:00.000'), type: 'cash_deposit', to: e('usd'), amount: 10000, currency: 'usd' },
      { at: at('12:01:00.000'), type: 'cash_deposit', to: e('usd'), amount: 50, currency: 'EUR' },
      { at: at('12:02:00.000'), type: 'cash_withdrawal', from: e('usd'), amount: 20, currency: 'EUR' },
      // Rail cash with another type: a side each, the payer out and the payee in.
      { at: at('13:00:00.000'), type: 'transfer', rail: 'cash', from: e('cash-payer'), to: e('cash-payee'), amount: 12000 },
      // Not cash: a large bank transfer and a card payment.
      { at: at('13:30:00.000'), type: 'transfer', rail: 'bank_transfer', from: e('wire'), to: e('wire-payee'), amount: 50000 },
      { at: at('13:31:00.000'), type: 'card_payment', rail: 'card', from: e('wire'), amount: 50000 },
      // A cash type whatever the rail; with no destination the source is the depositor.
      { at: at('14:00:00.000'), type: 'cash_in', rail: 'mobile_money', from: e('depositor'), amount: 10000 },
      // A cash event with no amount counts for nothing.
      { at: at('14:30:00.000'), type: 'cash_deposit', to: e('exact'), amount: null },
      // The day's bounds: midnight belongs to the day, the next midnight does not.
      { at: at('00:00:00.000'), type: 'cash_deposit', to: e('bounds'), amount: 5000 },
      { at: at('23:59:59.999'), type: 'cash_deposit', to: e('bounds'), amount: 5000 },
      { at: at('23:59:59.999', '2026-11-19'), type: 'cash_deposit', to: e('other-days'), amount: 20000 },
      { at: at('00:00:00.000', '2026-11-21'), type: 'cash_deposit', to: e('other-days'), amount: 20000 },
      { at: at('00:00:00.000', '2026-11-21'), type: 'cash_deposit', to: e('bounds'), amount: 1 },
    ]);

    const built = await createCtr(o.analyst, { date: DAY });
    expect(built.status, built.text).toBe(201);
    const expected = [
      `${e('exact')} in 10000.00 EUR`,
      `${e('over-out')} out 5000.00 EUR`,
      `${e('over-out')} out 5000.01 EUR`,
      `${e('usd')} in 10000.00 USD`,
      `${e('usd')} in 50.00 EUR`,
      `${e('usd')} out 20.00 EUR`,
      `${e('cash-payer')} out 12000.00 EUR`,
      `${e('cash-payee')} in 12000.00 EUR`,
      `${e('depositor')} in 10000.00 EUR`,
      `${e('bounds')} in 5000.00 EUR`,
      `${e('bounds')} in 5000.00 EUR`,
    ];
    expect(built.json).toMatchObject({
      date: DAY,
      status: 'draft',
      threshold: 10000,
      rows_total: expected.length,
      rows_included: expected.length,
      rows_attention: expected.length - 1,
      rows_to_file: 1,
      total_amount: { EUR: 10000 + 10000.01 + 50 + 20 + 24000 + 10000 + 10000, USD: 10000 },
      built_by: o.analyst.id,
      edited_by: [],
      submitted_by: null,
      filing: null,
    });
    expect(built.json.number).toBeGreaterThanOrEqual(1);
    const rows = await allRows(o.analyst, built.json.id as string);
    expect(rows.map(rowKey).sort()).toEqual([...expected].sort());
    // In (occurred_at, id) order, each with the event's time and the entity's customer ID where it has one.
    expect(rows.map((r) => r.occurred_at)).toEqual([...rows.map((r) => r.occurred_at as string)].sort());
    expect(rows[0]).toMatchObject({ occurred_at: '2026-11-20T00:00:00.000Z', entity_id: e('bounds'), customer_id: null, included: true });
    expect(rows.find((r) => r.entity_id === e('exact'))).toMatchObject({ customer_id: 'C-EXACT', direction: 'in', amount: 10000, currency: 'EUR' });
    expect(await auditOf(o.org.orgId, built.json.id as string)).toEqual([
      { action: 'ctr.built', actor: o.analyst.id, actorKind: 'person', changes: { number: built.json.number, date: DAY, threshold: 10000, rows: expected.length } },
    ]);
  });

  it('uses SERVICE_CTR_THRESHOLD', async () => {
    const o = await newCtrOrg('ctr-threshold');
    await seedEvents(o.org.orgId, [{ at: at('10:00:00.000'), type: 'cash_deposit', to: 'small', amount: 500 }]);
    const lowered = withSettings({ SERVICE_CTR_THRESHOLD: '500' });
    try {
      const r = await createCtr(o.analyst, { date: DAY });
      expect(r.status, r.text).toBe(201);
      expect(r.json).toMatchObject({ threshold: 500, rows_total: 1 });
    } finally {
      lowered();
    }
  });

  it('builds a day once: 201, then 200 with the same batch, also for two requests at once; 400 for a bad date, today or a future day; 401 without a session', async () => {
    const o = await newCtrOrg('ctr-once');
    await seedEvents(o.org.orgId, [{ at: at('10:00:00.000', '2026-11-18'), type: 'cash_deposit', to: 'someone', amount: 10000 }]);
    const first = await createCtr(o.analyst, { date: '2026-11-18' });
    expect(first.status, first.text).toBe(201);
    const again = await createCtr(o.reviewer, { date: '2026-11-18' });
    expect(again.status, again.text).toBe(200);
    expect(again.json).toEqual(first.json);

    const [a, b] = await Promise.all([createCtr(o.analyst, { date: '2026-11-17' }), createCtr(o.reviewer, { date: '2026-11-17' })]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.json.id).toBe(b.json.id);
    expect(a.json.number).toBe(first.json.number + 1);
    const count = await getDb().select({ n: sql<number>`count(*)::int` }).from(ctrBatches).where(eq(ctrBatches.orgId, o.org.orgId));
    expect(count[0]?.n).toBe(2);

    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    for (const [date, message] of [
      ['2026-11-1', DATE_MESSAGE],
      ['2026-02-30', DATE_MESSAGE],
      ['20261118', DATE_MESSAGE],
      [20261118, DATE_MESSAGE],
      [undefined, DATE_MESSAGE],
      ['1969-12-31', DATE_MESSAGE],
      [today, DAY_NOT_OVER_MESSAGE],
      [tomorrow, DAY_NOT_OVER_MESSAGE],
    ] as const) {
      const r = await createCtr(o.analyst, date === undefined ? {} : { date });
      expect(r.status, String(date)).toBe(400);
      expect(r.json, String(date)).toEqual({ error: message });
    }

    for (const headers of [{}, { authorization: `Bearer ${o.org.key}` }] as Record<string, string>[]) {
      const r = await call(ctrs.POST, { method: 'POST', path: '/v1/reports/ctr', body: { date: '2026-11-16' }, headers });
      expect(r.status, r.text).toBe(401);
      expect(r.json).toEqual({ error: NOT_SIGNED_IN_MESSAGE });
    }
    const cross = await createCtr(o.analyst, { date: '2026-11-16' }, { origin: 'https://attacker.example' });
    expect(cross.status).toBe(403);
  });

  it('pages rows with limit and cursor, and attention=true pages only the rows with no customer ID', async () => {
    const o = await newCtrOrg('ctr-pages');
    await seedEntities(o.org.orgId, { known: { customer_id: 'C-K' }, unknown: { name: 'No ID' } });
    await seedEvents(o.org.orgId, [
      ...[1, 2, 3, 4, 5].map((h) => ({ at: at(`0${h}:00:00.000`), type: 'cash_deposit', to: 'unknown', amount: 2500 })),
      ...[6, 7].map((h) => ({ at: at(`0${h}:00:00.000`), type: 'cash_withdrawal', from: 'known', amount: 5000 })),
    ]);
    const id = (await createCtr(o.analyst, { date: DAY })).json.id as string;

    const first = await readCtrAs(o.analyst, id, 'limit=3');
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({ rows_total: 7, rows_attention: 5, rows_to_file: 2 });
    expect(first.json.rows).toHaveLength(3);
    expect(first.json.next_cursor).toEqual(expect.any(String));
    const second = await readCtrAs(o.analyst, id, `limit=3&cursor=${first.json.next_cursor}`);
    const third = await readCtrAs(o.analyst, id, `limit=3&cursor=${second.json.next_cursor}`);
    expect(third.json.rows).toHaveLength(1);
    expect(third.json.next_cursor).toBeUndefined();
    const paged = [...first.json.rows, ...second.json.rows, ...third.json.rows] as Record<string, unknown>[];
    expect(new Set(paged.map((r) => r.id)).size).toBe(7);
    expect(paged.map((r) => r.entity_id)).toEqual(['unknown', 'unknown', 'unknown', 'unknown', 'unknown', 'known', 'known']);

    const attention = await readCtrAs(o.analyst, id, 'attention=true&limit=5');
    expect(attention.json.rows).toHaveLength(5);
    expect(attention.json.next_cursor).toBeUndefined();
    expect((attention.json.rows as Record<string, unknown>[]).every((r) => r.customer_id === null)).toBe(true);
    const attentionPage = await readCtrAs(o.analyst, id, 'attention=true&limit=2');
    expect(attentionPage.json.next_cursor).toEqual(expect.any(String));
    expect((await allRows(o.analyst, id, 'attention=true')).map((r) => r.entity_id)).toEqual(['unknown', 'unknown', 'unknown', 'unknown', 'unknown']);
    expect(await allRows(o.analyst, id, 'attention=false')).toHaveLength(7);

    for (const query of ['attention=yes', 'limit=0', 'limit=201', 'cursor=nonsense']) {
      const r = await readCtrAs(o.analyst, id, query);
      expect(r.status, query).toBe(400);
    }
  });

  it('PATCH includes or leaves out a row and sets a customer ID, written to the entity and every row of it in the same transaction', async () => {
    const o = await newCtrOrg('ctr-patch');
    await seedEntities(o.org.orgId, { walkin: { first_name: 'Walk', last_name: 'In', registration: 'kept' } });
    await seedEvents(o.org.orgId, [
      { at: at('10:00:00.000'), type: 'cash_deposit', to: 'walkin', amount: 7000 },
      { at: at('11:00:00.000'), type: 'cash_deposit', to: 'walkin', amount: 7000 },
    ]);
    const id = (await createCtr(o.reviewer, { date: DAY })).json.id as string;
    const [row1, row2] = await allRows(o.analyst, id);

    const named = await patchCtrRow(o.analyst, id, row1!.id as string, { customer_id: '  C-77  ' });
    expect(named.status, named.text).toBe(200);
    expect(named.json).toEqual({ ...row1, customer_id: 'C-77' });
    expect((await allRows(o.analyst, id)).map((r) => r.customer_id)).toEqual(['C-77', 'C-77']);
    const [entity] = await getDb().select().from(entities).where(and(eq(entities.orgId, o.org.orgId), eq(entities.id, 'walkin')));
    expect(entity?.attributes).toEqual({ first_name: 'Walk', last_name: 'In', registration: 'kept', customer_id: 'C-77' });

    const left = await patchCtrRow(o.analyst, id, row2!.id as string, { included: false });
    expect(left.status, left.text).toBe(200);
    expect(left.json).toMatchObject({ id: row2!.id, included: false, customer_id: 'C-77' });
    const batch = await readCtrAs(o.analyst, id);
    expect(batch.json).toMatchObject({ rows_total: 2, rows_included: 1, rows_attention: 0, rows_to_file: 1, total_amount: { EUR: 7000 }, edited_by: [o.analyst.id] });
    // A second editor is added once, however many rows they change.
    await patchCtrRow(o.reviewer, id, row2!.id as string, { included: true });
    await patchCtrRow(o.reviewer, id, row1!.id as string, { included: true });
    expect((await readCtrAs(o.analyst, id)).json.edited_by).toEqual([o.analyst.id, o.reviewer.id]);

    const audit = (await auditOf(o.org.orgId, id)).filter((a) => a.action === 'ctr.row_updated');
    expect(audit[0]).toMatchObject({
      actor: o.analyst.id,
      changes: { row_id: row1!.id, entity_id: 'walkin', customer_id: { from: null, to: 'C-77' }, rows_of_entity: 2, entity_attribute: 'customer_id' },
    });
    expect(audit[1]).toMatchObject({ changes: { row_id: row2!.id, included: { from: true, to: false } } });

    for (const [body, message] of [
      [{}, NOTHING_TO_SAVE],
      [{ customer_id: '' }, 'customer_id must be 1 to 100 characters'],
      [{ customer_id: 'x'.repeat(101) }, 'customer_id must be 1 to 100 characters'],
      [{ included: 'yes' }, 'included must be true or false'],
    ] as const) {
      const r = await patchCtrRow(o.analyst, id, row1!.id as string, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json, JSON.stringify(body)).toEqual({ error: message });
    }
    const noRow = await patchCtrRow(o.analyst, id, UNKNOWN_ID, { included: false });
    expect(noRow.status).toBe(404);
    expect(noRow.json).toEqual({ error: CTR_ROW_NOT_FOUND });

    for (const status of ['filed', 'acknowledged', 'rejected'] as CtrStatus[]) {
      await getDb().update(ctrBatches).set({ status }).where(and(eq(ctrBatches.orgId, o.org.orgId), eq(ctrBatches.id, id)));
      const r = await patchCtrRow(o.analyst, id, row1!.id as string, { included: false });
      expect(r.status, status).toBe(409);
      expect(r.json).toEqual({ error: NOT_A_DRAFT_MESSAGE });
    }
  });

  it('answers 404 for another organisation’s batch and rows, and for unknown ids', async () => {
    const [o, other] = await Promise.all([newCtrOrg('ctr-mine'), newCtrOrg('ctr-theirs')]);
    const { id } = await batchWithCustomer(o, o.analyst);
    const [row] = await allRows(o.analyst, id);
    for (const target of [id, UNKNOWN_ID]) {
      for (const r of [
        await readCtrAs(other.reviewer, target),
        await patchCtrRow(other.reviewer, target, row!.id as string, { customer_id: 'STOLEN' }),
        await submitCtrAs(other.reviewer, target),
        await ctrXmlAs(other.reviewer, target),
      ]) {
        expect(r.status, r.text).toBe(404);
        expect(r.json).toEqual({ error: CTR_NOT_FOUND });
      }
    }
    expect((await allRows(o.analyst, id))[0]).toMatchObject({ customer_id: 'C-0' });
    // The other organisation's list does not show it.
    const listed = await call(reportList.GET, { path: '/v1/reports?kind=ctr', headers: { cookie: other.reviewer.cookie } });
    expect(listed.json.reports).toEqual([]);
  });

  it('four-eyes: an analyst, the builder and every editor are refused; another reviewer submits, and a worker round brings the acknowledgement', async () => {
    const o = await newCtrOrg('ctr-four-eyes');
    const builder = o.reviewer;
    const { id } = await batchWithCustomer(o, builder, 2);
    const editor = await session(o.org.orgId, 'admin');
    const rows = await allRows(o.analyst, id);
    expect((await patchCtrRow(editor, id, rows[0]!.id as string, { included: true })).status).toBe(200);

    const analyst = await submitCtrAs(o.analyst, id);
    expect(analyst.status, analyst.text).toBe(403);
    expect(analyst.json).toEqual({ error: ROLE_CANNOT_SUBMIT });
    for (const who of [builder, editor]) {
      const r = await submitCtrAs(who, id);
      expect(r.status, r.text).toBe(403);
      expect(r.json).toEqual({ error: BUILDER_CANNOT_SUBMIT });
    }
    expect(await getDb().select().from(filings).where(and(eq(filings.orgId, o.org.orgId), eq(filings.reportId, id)))).toEqual([]);

    const second = await session(o.org.orgId, 'reviewer');
    const shown = await ctrXmlAs(second, id);
    const filed = await submitCtrAs(second, id);
    expect(filed.status, filed.text).toBe(200);
    expect(filed.json).toMatchObject({ id, status: 'filed', submitted_by: second.id, rows_to_file: 4, filing: { state: 'accepted', attempts: 1 } });
    const reference = filed.json.filing.reference as string;
    const received = sim.report(reference)!;
    expect(received.status).toBe('accepted');
    // What GET .../xml showed the submitter is what was sent; its SHA-256 is audited.
    expect(received.xml).toBe(shown.text);
    const sha = createHash('sha256').update(shown.text, 'utf8').digest('hex');
    expect(filed.json.filing.xml_sha256).toBe(sha);
    expect((received.xml!.match(/<transaction>/g) ?? []).length).toBe(4);

    // Submitted once: a second submission finds the batch filed.
    const twice = await submitCtrAs(await session(o.org.orgId, 'admin'), id);
    expect(twice.status).toBe(409);
    expect(twice.json).toEqual({ error: NOT_A_DRAFT_TO_SUBMIT });

    await expect.poll(() => sim.report(reference)?.status, { timeout: 10_000, interval: 50 }).toBe('acknowledged');
    await getDb()
      .update(filings)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(and(eq(filings.orgId, o.org.orgId), eq(filings.reportId, id)));
    const worker = startFilingWorker({ manual: true, orgIds: [o.org.orgId] });
    try {
      const round = await lockedRound(worker);
      expect(round.outcomes).toEqual([expect.objectContaining({ operation: 'poll', outcome: 'acknowledged' })]);
    } finally {
      await worker.stop();
    }
    const done = await readCtrAs(o.analyst, id);
    expect(done.json).toMatchObject({ status: 'acknowledged', filing: { state: 'acknowledged', reference, fiu_ref: sim.report(reference)!.fiu_ref } });

    const audit = await auditOf(o.org.orgId, id);
    expect(audit.map((a) => a.action)).toEqual(['ctr.built', 'ctr.row_updated', 'ctr.filing_queued', 'ctr.filed', 'ctr.acknowledged']);
    for (const entry of audit.slice(2)) expect(entry.changes).toMatchObject({ xml_sha256: sha });
    expect(audit[2]).toMatchObject({ actor: second.id, changes: { rows: 4 } });
    expect(audit[4]).toMatchObject({ actor: 'filing-worker', actorKind: 'system' });

    const listed = await call(reportList.GET, { path: '/v1/reports?kind=ctr', headers: { cookie: o.analyst.cookie } });
    check('GET', '/v1/reports', listed);
    expect(listed.json.reports).toEqual([
      { id, kind: 'ctr', number: filed.json.number, status: 'acknowledged', updated_at: done.json.updated_at, summary: `Cash transactions of ${DAY}: 4 rows` },
    ]);
    expect(listed.json.figures.ctr).toEqual({ draft: 0, filed: 0, acknowledged: 1, rejected: 0 });
  });

  it('answers 422 when no included row has a customer ID, 409 from any status but draft, and 401 without a session', async () => {
    const o = await newCtrOrg('ctr-submit-refusals');
    await seedEvents(o.org.orgId, [{ at: at('10:00:00.000'), type: 'cash_deposit', to: 'anonymous', amount: 15000 }]);
    const id = (await createCtr(o.analyst, { date: DAY })).json.id as string;
    const nothing = await submitCtrAs(o.reviewer, id);
    expect(nothing.status, nothing.text).toBe(422);
    expect(nothing.json).toEqual({ error: NOTHING_TO_FILE });
    // An empty day's batch has nothing to file either.
    const empty = (await createCtr(o.analyst, { date: '2026-11-01' })).json;
    expect(empty).toMatchObject({ rows_total: 0, total_amount: {} });
    expect((await submitCtrAs(o.reviewer, empty.id as string)).status).toBe(422);

    for (const status of ['filed', 'acknowledged', 'rejected'] as CtrStatus[]) {
      await getDb().update(ctrBatches).set({ status }).where(and(eq(ctrBatches.orgId, o.org.orgId), eq(ctrBatches.id, id)));
      const r = await submitCtrAs(o.reviewer, id);
      expect(r.status, status).toBe(409);
      expect(r.json).toEqual({ error: NOT_A_DRAFT_TO_SUBMIT });
    }
    const r = await call(ctrSubmit.POST, { method: 'POST', path: `/v1/reports/ctr/${id}/submit`, params: { id } });
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ error: NOT_SIGNED_IN_MESSAGE });
  });

  it('queues a submission while the filing system is down (202), refuses edits meanwhile, and the worker files it once it is back', async () => {
    const o = await newCtrOrg('ctr-down');
    const { id } = await batchWithCustomer(o, o.analyst);
    await sim.configure({ mode: 'down' });
    let queued;
    try {
      queued = await submitCtrAs(o.reviewer, id);
    } finally {
      await sim.configure({ mode: 'up' });
    }
    expect(queued.status, queued.text).toBe(202);
    expect(queued.json).toMatchObject({ status: 'draft', submitted_by: o.reviewer.id, filing: { state: 'queued', attempts: 1, reference: null } });
    const [row] = await allRows(o.analyst, id);
    const edit = await patchCtrRow(o.analyst, id, row!.id as string, { included: false });
    expect(edit.status).toBe(409);
    expect(edit.json).toEqual({ error: BEING_FILED_MESSAGE });
    expect((await submitCtrAs(await session(o.org.orgId, 'admin'), id)).json).toEqual({ error: BEING_FILED_MESSAGE });

    await getDb()
      .update(filings)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(and(eq(filings.orgId, o.org.orgId), eq(filings.reportId, id)));
    const worker = startFilingWorker({ manual: true, orgIds: [o.org.orgId] });
    try {
      const round = await lockedRound(worker);
      expect(round.outcomes).toEqual([expect.objectContaining({ operation: 'submit', outcome: 'accepted' })]);
    } finally {
      await worker.stop();
    }
    const filed = await readCtrAs(o.analyst, id);
    expect(filed.json).toMatchObject({ status: 'filed', filing: { state: 'accepted', attempts: 2 } });
    expect((await auditOf(o.org.orgId, id)).map((a) => a.action)).toEqual(['ctr.built', 'ctr.filing_queued', 'ctr.filing_unreachable', 'ctr.filed']);
  });

  it('marks a refused submission rejected with the filing system’s reasons', async () => {
    const o = await newCtrOrg('ctr-refused');
    const { id } = await batchWithCustomer(o, o.analyst);
    await sim.configure({ mode: 'refuse', refuseReason: 'Duplicate CTR for this day' });
    let refused;
    try {
      refused = await submitCtrAs(o.reviewer, id);
    } finally {
      await sim.configure({ mode: 'up' });
    }
    expect(refused.status, refused.text).toBe(200);
    expect(refused.json).toMatchObject({ status: 'rejected', filing: { state: 'refused' }, last_rejection: { reason: 'Duplicate CTR for this day' } });
    expect((await auditOf(o.org.orgId, id)).at(-1)).toMatchObject({ action: 'ctr.rejected', changes: { reason: 'Duplicate CTR for this day' } });
  });

  it('answers the document as application/xml, the same bytes on every read, valid against the goAML XSD (xmllint-wasm and Debian xmllint)', async () => {
    const o = await newCtrOrg('ctr-xml');
    const { id } = await batchWithCustomer(o, o.analyst, 3);
    // A business customer paying cash to a person who is no customer of the batch, and a row left out.
    await seedEntities(o.org.orgId, {
      'biz-1': { name: 'Harbour & "Sons" <Ltd>', registration_number: 'C 81234', incorporation_country: 'MT', incorporation_date: '2014-06-02', director_first_name: 'Joe', director_last_name: 'Camilleri', phone: '+356 2133 4455', customer_id: 'B-1' },
    });
    await getDb().update(entities).set({ kind: 'business' }).where(and(eq(entities.orgId, o.org.orgId), eq(entities.id, 'biz-1')));
    const otherDay = '2026-11-19';
    await seedEvents(o.org.orgId, [{ at: at('10:00:00.000', otherDay), type: 'cash_withdrawal', from: 'biz-1', amount: 25000, currency: 'USD' }]);
    const biz = await createCtr(o.analyst, { date: otherDay });
    const bizXml = await ctrXmlAs(o.reviewer, biz.json.id as string);

    const rows = await allRows(o.analyst, id);
    await patchCtrRow(o.analyst, id, rows[0]!.id as string, { included: false });
    const first = await ctrXmlAs(o.reviewer, id);
    expect(first.status, first.text).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect((await ctrXmlAs(o.reviewer, id)).text).toBe(first.text);
    expect(first.text).toContain('<report_code>CTR</report_code>');
    expect(first.text).toContain(`<entity_reference>CTR-${(await readCtrAs(o.analyst, id)).json.number}</entity_reference>`);
    expect((first.text.match(/<transaction>/g) ?? []).length).toBe(5);
    expect((first.text.match(/<t_to_my_client>/g) ?? []).length).toBe(5);
    expect(first.text).not.toContain(rows[0]!.event_id as string);
    expect(bizXml.text).toContain('<t_from_my_client>');
    expect(bizXml.text).toContain('<name>Harbour &amp; &quot;Sons&quot; &lt;Ltd&gt;</name>');
    expect(bizXml.text).toContain('<comments>customer_id B-1</comments>');

    const schema = await loadFilingSchema(FILING_SCHEMA);
    const dir = mkdtempSync(path.join(tmpdir(), 'ctr-xml-'));
    for (const [name, xml] of [
      ['people.xml', first.text],
      ['business.xml', bizXml.text],
    ] as const) {
      expect(await schema.validate(xml), name).toEqual({ valid: true, errors: [] });
      const file = path.join(dir, name);
      writeFileSync(file, xml);
      const cli = spawnSync(XMLLINT, ['--noout', '--schema', FILING_SCHEMA, file], { encoding: 'utf8' });
      expect(cli.error, `${XMLLINT} could not be run: install Debian's libxml2-utils`).toBeUndefined();
      expect(cli.status, cli.stderr).toBe(0);
      expect(cli.stderr).toContain('validates');
    }
  });

  it('answers 422 with the schema errors when a customer’s record is too thin for the document', async () => {
    const o = await newCtrOrg('ctr-thin');
    await seedEntities(o.org.orgId, { thin: { customer_id: 'C-THIN' } });
    await seedEvents(o.org.orgId, [{ at: at('10:00:00.000'), type: 'cash_deposit', to: 'thin', amount: 10000 }]);
    const id = (await createCtr(o.analyst, { date: DAY })).json.id as string;
    const r = await submitCtrAs(o.reviewer, id);
    expect(r.status, r.text).toBe(422);
    expect(r.json.error).toBe('the CTR document does not validate against the filing schema; complete the customers’ records first');
    expect(r.json.checks.length).toBeGreaterThan(0);
    expect((await readCtrAs(o.analyst, id)).json).toMatchObject({ status: 'draft', filing: null });
  });

  it('lists the batches awaiting submission and says, before anyone clicks, why each person cannot submit', async () => {
    const o = await newCtrOrg('ctr-awaiting');
    const { id } = await batchWithCustomer(o, o.reviewer);
    await createCtr(o.analyst, { date: '2026-11-02' }); // an empty day: nothing to submit, waits for nobody
    const actorOf = async (who: Session) => (await personOf(who.cookie))!.actor;
    const [analyst, builder] = await Promise.all([actorOf(o.analyst), actorOf(o.reviewer)]);
    const second = await session(o.org.orgId, 'admin');
    const other = await actorOf(second);

    expect((await countPendingApprovals(getDb(), analyst)).ctrs).toBe(1);
    expect(await listCtrsAwaitingSubmission(getDb(), analyst, { limit: 10 })).toEqual([
      expect.objectContaining({ id, date: DAY, rowsTotal: 2, rowsAttention: 0, rowsToFile: 2, builtBy: o.reviewer.id, editedBy: [], filingState: null }),
    ]);
    const batch = await readCtr(getDb(), analyst, id);
    const figures = await ctrFigures(getDb(), batch);
    expect(ctrRefusals(analyst, batch, figures)).toEqual({ edit: null, submit: ROLE_CANNOT_SUBMIT });
    expect(ctrRefusals(builder, batch, figures)).toEqual({ edit: null, submit: BUILDER_CANNOT_SUBMIT });
    expect(ctrRefusals(other, batch, figures)).toEqual({ edit: null, submit: null });
    expect(ctrRefusals(other, batch, { rowsToFile: 0 })).toEqual({ edit: null, submit: NOTHING_TO_FILE });

    expect((await submitCtrAs(second, id)).status).toBe(200);
    const filed = await readCtr(getDb(), analyst, id);
    expect(ctrRefusals(other, filed, figures)).toEqual({ edit: NOT_A_DRAFT_MESSAGE, submit: NOT_A_DRAFT_TO_SUBMIT });
    expect(await listCtrsAwaitingSubmission(getDb(), analyst, { limit: 10 })).toEqual([]);
    expect((await countPendingApprovals(getDb(), analyst)).ctrs).toBe(0);
  });
});
