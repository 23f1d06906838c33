// The CTR console's server actions (/reports "Build", the batch page's customer ID, include and Submit, /approvals'
// Submit) against the real database and the filing-system simulator started in-process: each calls the same verb as
// /v1 with the signed-in person as the actor, answers refusals as form state, keeps four-eyes against the builder and
// every editor, and finds another organisation's batch not found.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { auditLog, ctrRows, entities } from '@/db/schema';
import { countPendingApprovals, countPendingForOthers } from '@/lib/approvals/list-pending';
import { systemActor } from '@/lib/auth/actor';
import { startFilingSimulator, type FilingSimulator } from '@/lib/filing/simulator/server';
import { listCtrsAwaitingSubmission } from '@/lib/reports/ctr/awaiting-submission';
import { ctrFigures, readCtr } from '@/lib/reports/ctr/get-ctr';
import { ctrRefusals } from '@/lib/reports/ctr/refusals';
import { BUILDER_CANNOT_SUBMIT, CTR_NOT_FOUND, CTR_ROW_NOT_FOUND, CUSTOMER_ID_MESSAGE, DAY_NOT_OVER_MESSAGE, INCLUDED_MESSAGE, NOT_A_DRAFT_MESSAGE, ROLE_CANNOT_SUBMIT } from '@/lib/reports/ctr/schemas';
import { newOrg, type TestOrg } from '../support/api';
import { form, redirectedTo } from '../support/console';
import { personAttributes, seedEntities, seedEvents } from '../support/ctr';
import { signedIn } from '../support/people';
import { FILING_SCHEMA, UNKNOWN_ID, withSettings } from '../support/str';

// Server actions read the signed-in person from the request's cookie (next/headers) and revalidate pages
// (next/cache); outside a Next.js request both are stood in for: the cookie is the real session cookie of a
// person signed in through Auth.js, so requirePerson() resolves a live session as in the app.
let cookie = '';
vi.mock('next/headers', () => ({
  headers: async () => new Headers(cookie ? { cookie } : {}),
}));
vi.mock('next/cache', () => ({ revalidatePath: vi.fn() }));

const ctrActions = await import('@/app/(console)/reports/ctr/[id]/actions');

type Person = Awaited<ReturnType<typeof signedIn>>;

const db = () => getDb();
const as = (p: Person) => {
  cookie = p.cookie;
};
const at = (day: string, time: string) => `${day}T${time}Z`;

/** Runs an action that should end in a redirect and returns where to. */
async function redirectOf(run: Promise<unknown>): Promise<string | null> {
  try {
    await run;
  } catch (err) {
    return redirectedTo(err);
  }
  return null;
}

/** "Build" on /reports as the current person: the batch page it opens, as the batch's id. */
async function build(date: string): Promise<string> {
  const to = await redirectOf(ctrActions.buildCtrAction({}, form({ date })));
  const m = /^\/reports\/ctr\/([0-9a-f-]{36})$/.exec(to ?? '');
  expect(m, `redirected to ${to}`).not.toBeNull();
  return (m as RegExpExecArray)[1] as string;
}

const batchOf = (orgId: string, id: string) => readCtr(db(), systemActor(orgId), id);

async function rowsOf(orgId: string, id: string) {
  return db()
    .select()
    .from(ctrRows)
    .where(and(eq(ctrRows.orgId, orgId), eq(ctrRows.batchId, id)))
    .orderBy(asc(ctrRows.occurredAt), asc(ctrRows.id));
}

async function auditActions(orgId: string, targetId: string) {
  return db()
    .select({ action: auditLog.action, actor: auditLog.actor, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.orgId, orgId), eq(auditLog.targetId, targetId)))
    .orderBy(asc(auditLog.at));
}

/**
 * A day of cash for the organisation: one customer with a customer ID and one without, each over the threshold in
 * two deposits, and one customer under it. Answers the two entities' ids.
 */
async function cashDay(org: TestOrg, day: string): Promise<{ known: string; unknown: string }> {
  const tag = `${org.orgId.slice(0, 8)}-${day}`;
  const known = `known-${tag}`;
  const unknown = `unknown-${tag}`;
  await seedEntities(org.orgId, { [known]: personAttributes('Anna', `C-${tag}`), [unknown]: personAttributes('Marco', null), [`small-${tag}`]: personAttributes('Ivo', 'C-small') });
  await seedEvents(org.orgId, [
    { at: at(day, '09:00:00.000'), type: 'cash_deposit', to: known, amount: 6000 },
    { at: at(day, '10:00:00.000'), type: 'cash_in', to: known, amount: 4500 },
    { at: at(day, '11:00:00.000'), type: 'cash_deposit', to: unknown, amount: 7000 },
    { at: at(day, '12:00:00.000'), type: 'cash_deposit', to: unknown, amount: 3000 },
    { at: at(day, '13:00:00.000'), type: 'cash_deposit', to: `small-${tag}`, amount: 900 },
  ]);
  return { known, unknown };
}

describe('CTR console actions', { timeout: 60_000 }, () => {
  let sim: FilingSimulator;
  let restore: () => void;
  let org: TestOrg;
  let other: TestOrg;
  let analyst: Person;
  let reviewer: Person;
  let secondReviewer: Person;
  let admin: Person;
  let foreignCtr: string;

  beforeAll(async () => {
    sim = await startFilingSimulator({ schemaPath: FILING_SCHEMA, port: 0, controlPort: 0, ackDelayMs: 60_000 });
    restore = withSettings({
      SERVICE_FILING_URL: sim.url,
      SERVICE_FILING_SCHEMA: FILING_SCHEMA,
      SERVICE_FILING_ENTITY_ID: '1001',
      SERVICE_FILING_TIMEOUT_MS: '5000',
      SERVICE_CTR_THRESHOLD: undefined,
    });
    [org, other] = await Promise.all([newOrg('ctr-console'), newOrg('ctr-console-other')]);
    [analyst, reviewer, secondReviewer, admin] = await Promise.all([
      signedIn(org.orgId, 'analyst'),
      signedIn(org.orgId, 'reviewer'),
      signedIn(org.orgId, 'reviewer'),
      signedIn(org.orgId, 'admin'),
    ]);
    await cashDay(other, '2026-11-01');
    as(await signedIn(other.orgId, 'analyst'));
    foreignCtr = await build('2026-11-01');
  });
  afterAll(async () => {
    restore?.();
    await sim?.close();
  });

  it('sends a browser with no session to sign-in and changes nothing', async () => {
    cookie = '';
    const [row] = await rowsOf(other.orgId, foreignCtr);
    expect(await redirectOf(ctrActions.buildCtrAction({}, form({ date: '2026-11-02' })))).toMatch(/\/sign-in/);
    expect(await redirectOf(ctrActions.saveCustomerIdAction({}, form({ ctr_id: foreignCtr, row_id: row?.id ?? UNKNOWN_ID, customer_id: 'X' })))).toMatch(/\/sign-in/);
    expect(await redirectOf(ctrActions.includeRowAction({}, form({ ctr_id: foreignCtr, row_id: row?.id ?? UNKNOWN_ID, included: 'false' })))).toMatch(/\/sign-in/);
    expect(await redirectOf(ctrActions.submitCtrAction({}, form({ ctr_id: foreignCtr })))).toMatch(/\/sign-in/);
    expect((await rowsOf(other.orgId, foreignCtr)).every((r) => r.included)).toBe(true);
    expect((await batchOf(other.orgId, foreignCtr)).editedBy).toEqual([]);
    expect(await auditActions(other.orgId, foreignCtr)).toEqual([expect.objectContaining({ action: 'ctr.built' })]);
  });

  it('builds a day’s batch from /reports once, opening the same batch again; a day that is not over is refused beside the date', async () => {
    as(analyst);
    await cashDay(org, '2026-11-10');
    const id = await build('2026-11-10');
    expect(await build('2026-11-10')).toBe(id);
    const batch = await batchOf(org.orgId, id);
    expect(batch).toMatchObject({ date: '2026-11-10', status: 'draft', builtBy: analyst.person.id, rowsTotal: 4 });
    expect((await auditActions(org.orgId, id)).map((e) => e.action)).toEqual(['ctr.built']);

    const today = new Date().toISOString().slice(0, 10);
    expect(await ctrActions.buildCtrAction({}, form({ date: today }))).toEqual({ fieldErrors: { date: DAY_NOT_OVER_MESSAGE }, values: { date: today } });
    const refused = await ctrActions.buildCtrAction({}, form({ date: '10/11/2026' }));
    expect(refused.fieldErrors?.date).toEqual(expect.any(String));
    expect(refused.values).toEqual({ date: '10/11/2026' });
    // The other organisation's day is its own: this organisation's batch of that day is new, not theirs.
    const mine = await build('2026-11-01');
    expect(mine).not.toBe(foreignCtr);
    expect((await batchOf(org.orgId, mine)).rowsTotal).toBe(0);
  });

  it('saves a customer ID typed on a row to the entity and every row of it, names the editor, and finds another organisation’s batch not found', async () => {
    as(analyst);
    const { known, unknown } = await cashDay(org, '2026-11-11');
    const id = await build('2026-11-11');
    const rows = await rowsOf(org.orgId, id);
    const missing = rows.filter((r) => r.entityId === unknown);
    expect(missing).toHaveLength(2);
    expect(missing.every((r) => r.customerId === null)).toBe(true);
    expect(rows.filter((r) => r.entityId === known).every((r) => r.customerId !== null)).toBe(true);
    expect((await ctrFigures(db(), await batchOf(org.orgId, id))).rowsAttention).toBe(2);

    // Blank is refused beside the field, the typing kept, nothing written.
    expect(await ctrActions.saveCustomerIdAction({}, form({ ctr_id: id, row_id: missing[0]?.id ?? '', customer_id: '   ' }))).toEqual({
      fieldErrors: { customer_id: CUSTOMER_ID_MESSAGE },
      values: { customer_id: '   ' },
    });
    expect((await batchOf(org.orgId, id)).editedBy).toEqual([]);

    as(secondReviewer);
    expect(await ctrActions.saveCustomerIdAction({}, form({ ctr_id: id, row_id: missing[0]?.id ?? '', customer_id: ' C-MARCO ' }))).toEqual({ ok: true });
    expect((await rowsOf(org.orgId, id)).filter((r) => r.entityId === unknown).map((r) => r.customerId)).toEqual(['C-MARCO', 'C-MARCO']);
    const [entity] = await db()
      .select({ attributes: entities.attributes })
      .from(entities)
      .where(and(eq(entities.orgId, org.orgId), eq(entities.id, unknown)));
    expect(entity?.attributes).toMatchObject({ customer_id: 'C-MARCO', first_name: 'Marco' });
    const batch = await batchOf(org.orgId, id);
    expect(batch.editedBy).toEqual([secondReviewer.person.id]);
    expect((await ctrFigures(db(), batch)).rowsAttention).toBe(0);
    const updated = (await auditActions(org.orgId, id)).filter((e) => e.action === 'ctr.row_updated');
    expect(updated).toEqual([
      expect.objectContaining({ actor: secondReviewer.person.id, changes: expect.objectContaining({ customer_id: { from: null, to: 'C-MARCO' }, rows_of_entity: 2, entity_attribute: 'customer_id' }) }),
    ]);

    // Another organisation's batch, a row of another batch, ids that are no UUIDs: not found, nothing written.
    const [foreignRow] = await rowsOf(other.orgId, foreignCtr);
    expect(await ctrActions.saveCustomerIdAction({}, form({ ctr_id: foreignCtr, row_id: foreignRow?.id ?? '', customer_id: 'MINE' }))).toEqual({ message: CTR_NOT_FOUND, values: { customer_id: 'MINE' } });
    expect(await ctrActions.includeRowAction({}, form({ ctr_id: foreignCtr, row_id: foreignRow?.id ?? '', included: 'false' }))).toEqual({ message: CTR_NOT_FOUND });
    expect(await ctrActions.saveCustomerIdAction({}, form({ ctr_id: id, row_id: foreignRow?.id ?? '', customer_id: 'MINE' }))).toEqual({ message: CTR_ROW_NOT_FOUND, values: { customer_id: 'MINE' } });
    expect(await ctrActions.saveCustomerIdAction({}, form({ ctr_id: 'CTR-1', row_id: UNKNOWN_ID, customer_id: 'MINE' }))).toEqual({ message: CTR_NOT_FOUND });
    expect(await ctrActions.includeRowAction({}, form({ ctr_id: id, row_id: 'row-1', included: 'false' }))).toEqual({ message: CTR_ROW_NOT_FOUND });
    expect((await rowsOf(other.orgId, foreignCtr)).every((r) => r.included)).toBe(true);
    expect((await rowsOf(other.orgId, foreignCtr)).some((r) => r.customerId === 'MINE')).toBe(false);
    expect(await auditActions(other.orgId, foreignCtr)).toEqual([expect.objectContaining({ action: 'ctr.built' })]);
  });

  it('leaves a row out and includes it again, naming the editor; a value that is no boolean is refused', async () => {
    as(analyst);
    await cashDay(org, '2026-11-12');
    const id = await build('2026-11-12');
    const [first] = await rowsOf(org.orgId, id);
    const rowId = first?.id ?? '';
    expect(await ctrActions.includeRowAction({}, form({ ctr_id: id, row_id: rowId, included: 'maybe' }))).toEqual({ fieldErrors: { included: INCLUDED_MESSAGE } });
    as(reviewer);
    expect(await ctrActions.includeRowAction({}, form({ ctr_id: id, row_id: rowId, included: 'false' }))).toEqual({ ok: true });
    expect((await rowsOf(org.orgId, id)).find((r) => r.id === rowId)?.included).toBe(false);
    expect((await ctrFigures(db(), await batchOf(org.orgId, id))).rowsIncluded).toBe(3);
    expect(await ctrActions.includeRowAction({}, form({ ctr_id: id, row_id: rowId, included: 'true' }))).toEqual({ ok: true });
    expect((await rowsOf(org.orgId, id)).find((r) => r.id === rowId)?.included).toBe(true);
    expect((await batchOf(org.orgId, id)).editedBy).toEqual([reviewer.person.id]);
  });

  it('lets only a reviewer or admin who neither built nor edited the batch submit it, files it, and then keeps it read-only', async () => {
    as(reviewer);
    const { unknown } = await cashDay(org, '2026-11-13');
    const id = await build('2026-11-13');
    const missing = (await rowsOf(org.orgId, id)).find((r) => r.entityId === unknown);
    as(secondReviewer);
    expect(await ctrActions.saveCustomerIdAction({}, form({ ctr_id: id, row_id: missing?.id ?? '', customer_id: 'C-13' }))).toEqual({ ok: true });

    const waitingBefore = (await countPendingApprovals(db(), admin.who.actor)).ctrs;
    expect((await listCtrsAwaitingSubmission(db(), admin.who.actor, { limit: 100 })).map((c) => c.id)).toContain(id);
    expect((await countPendingApprovals(db(), admin.who.actor)).ctrs).toBe(waitingBefore);
    // The navigation counts the batches each person may submit: not the builder's nor an editor's.
    const forAdmin = (await countPendingForOthers(db(), admin.who.actor)).ctrs;
    expect((await countPendingForOthers(db(), reviewer.who.actor)).ctrs).toBeLessThan(forAdmin);
    expect((await countPendingForOthers(db(), secondReviewer.who.actor)).ctrs).toBeLessThan(forAdmin);

    const batch = await batchOf(org.orgId, id);
    const figures = await ctrFigures(db(), batch);
    expect(ctrRefusals(analyst.who.actor, batch, figures).submit).toBe(ROLE_CANNOT_SUBMIT);
    expect(ctrRefusals(reviewer.who.actor, batch, figures).submit).toBe(BUILDER_CANNOT_SUBMIT);
    expect(ctrRefusals(secondReviewer.who.actor, batch, figures).submit).toBe(BUILDER_CANNOT_SUBMIT);
    expect(ctrRefusals(admin.who.actor, batch, figures).submit).toBeNull();

    as(analyst);
    expect(await ctrActions.submitCtrAction({}, form({ ctr_id: id }))).toEqual({ message: ROLE_CANNOT_SUBMIT });
    as(reviewer);
    expect(await ctrActions.submitCtrAction({}, form({ ctr_id: id }))).toEqual({ message: BUILDER_CANNOT_SUBMIT });
    as(secondReviewer);
    expect(await ctrActions.submitCtrAction({}, form({ ctr_id: id }))).toEqual({ message: BUILDER_CANNOT_SUBMIT });
    expect((await batchOf(org.orgId, id)).status).toBe('draft');
    expect(sim.reports()).toHaveLength(0);

    as(admin);
    expect(await ctrActions.submitCtrAction({}, form({ ctr_id: foreignCtr }))).toEqual({ message: CTR_NOT_FOUND });
    expect(await ctrActions.submitCtrAction({}, form({ ctr_id: 'CTR-1' }))).toEqual({ message: CTR_NOT_FOUND });
    expect((await batchOf(other.orgId, foreignCtr)).status).toBe('draft');
    expect(await ctrActions.submitCtrAction({}, form({ ctr_id: id }))).toEqual({ ok: true, outcome: 'filed' });
    const filed = await batchOf(org.orgId, id);
    expect(filed).toMatchObject({ status: 'filed', submittedBy: admin.person.id, filing: expect.objectContaining({ state: 'accepted' }) });
    expect(sim.reports()).toHaveLength(1);
    expect((await countPendingApprovals(db(), admin.who.actor)).ctrs).toBe(waitingBefore - 1);
    expect((await listCtrsAwaitingSubmission(db(), admin.who.actor, { limit: 100 })).map((c) => c.id)).not.toContain(id);
    expect(ctrRefusals(analyst.who.actor, filed, await ctrFigures(db(), filed)).edit).toBe(NOT_A_DRAFT_MESSAGE);
    const [row] = await rowsOf(org.orgId, id);
    as(analyst);
    expect(await ctrActions.includeRowAction({}, form({ ctr_id: id, row_id: row?.id ?? '', included: 'false' }))).toEqual({ message: NOT_A_DRAFT_MESSAGE });
    const actions = (await auditActions(org.orgId, id)).map((e) => [e.action, e.actor]);
    expect(actions).toEqual([
      ['ctr.built', reviewer.person.id],
      ['ctr.row_updated', secondReviewer.person.id],
      ['ctr.filing_queued', admin.person.id],
      ['ctr.filed', admin.person.id],
    ]);
  });
});
