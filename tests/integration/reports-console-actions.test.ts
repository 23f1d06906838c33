// The reporting console's server actions (case page "Start an STR", the STR editor, /approvals' File) against the
// real database and the filing-system simulator started in-process: each calls the same verb as /v1 with the
// signed-in person as the actor, answers refusals as form state, and finds another organisation's STR not found.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { auditLog, entities, strReports } from '@/db/schema';
import { countPendingApprovals, countPendingForOthers } from '@/lib/approvals/list-pending';
import { systemActor } from '@/lib/auth/actor';
import { startFilingSimulator, type FilingSimulator } from '@/lib/filing/simulator/server';
import { attachStrFile } from '@/lib/reports/str/attach-file';
import { listStrsAwaitingApproval } from '@/lib/reports/str/awaiting-approval';
import { DRAFTER_CANNOT_FILE, ROLE_CANNOT_FILE } from '@/lib/reports/str/file-str';
import { readStr } from '@/lib/reports/str/get-str';
import { CHECKS_FAIL_MESSAGE, DATE_MESSAGE, NOT_A_DRAFT_MESSAGE, NOT_REJECTED_MESSAGE, NOTHING_TO_COPY } from '@/lib/reports/str/schemas';
import { strRefusals } from '@/lib/reports/str/refusals';
import { strOfCase } from '@/lib/reports/str/str-of-case';
import { form, redirectedTo } from '../support/console';
import { signedIn } from '../support/people';
import { FILING_SCHEMA, INDICATOR, openCase, strFixture, UNKNOWN_ID, withSettings, type StrFixture } from '../support/str';

// Server actions read the signed-in person from the request's cookie (next/headers) and revalidate pages
// (next/cache); outside a Next.js request both are stood in for: the cookie is the real session cookie of a
// person signed in through Auth.js, so requirePerson() resolves a live session as in the app.
let cookie = '';
vi.mock('next/headers', () => ({
  headers: async () => new Headers(cookie ? { cookie } : {}),
}));
vi.mock('next/cache', () => ({ revalidatePath: vi.fn() }));

const caseActions = await import('@/app/(console)/cases/actions');
const strActions = await import('@/app/(console)/reports/str/[id]/actions');

type Person = Awaited<ReturnType<typeof signedIn>>;

const db = () => getDb();
const as = (p: Person) => {
  cookie = p.cookie;
};

/** Runs an action that should end in a redirect and returns where to. */
async function redirectOf(run: Promise<unknown>): Promise<string | null> {
  try {
    await run;
  } catch (err) {
    return redirectedTo(err);
  }
  return null;
}

/** "Start an STR" on the case page as the current person: the editor's path it redirects to, as the STR's id. */
async function startStr(caseId: string): Promise<string> {
  const to = await redirectOf(caseActions.startStrAction({}, form({ case_id: caseId })));
  const m = /^\/reports\/str\/([0-9a-f-]{36})$/.exec(to ?? '');
  expect(m, `redirected to ${to}`).not.toBeNull();
  return (m as RegExpExecArray)[1] as string;
}

const strRow = (orgId: string, id: string) => readStr(db(), systemActor(orgId), id);

async function auditActions(orgId: string, targetId: string) {
  return db()
    .select({ action: auditLog.action, actor: auditLog.actor, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.orgId, orgId), eq(auditLog.targetId, targetId)))
    .orderBy(asc(auditLog.at));
}

/** The editor's form as the browser posts it after the person typed the given fields (every other box as stored). */
async function editorForm(orgId: string, id: string, typed: Record<string, string>): Promise<FormData> {
  const s = await strRow(orgId, id);
  const values: Record<string, string> = { str_id: id, reason: s.reason ?? '', action: s.action ?? '', indicators_shown: '1' };
  const subject = s.subject as unknown as Record<string, unknown>;
  const fields = s.subject.kind === 'person' ? ['first_name', 'last_name', 'birth_date', 'id_number', 'nationality', 'residence', 'occupation', 'phone', 'customer_id'] : ['name'];
  for (const f of fields) values[`subject.${f}`] = typeof subject[f] === 'string' ? (subject[f] as string) : '';
  for (const part of ['street', 'city', 'country'] as const) values[`subject.address.${part}`] = s.subject.address?.[part] ?? '';
  for (const t of s.transactions) {
    values[`tx.${t.index}.date`] = t.date;
    values[`tx.${t.index}.description`] = t.description ?? '';
  }
  const f = form({ ...values, ...typed });
  for (const code of s.indicators) if (!('indicators' in typed)) f.append('indicators', code);
  if ('indicators' in typed) {
    f.delete('indicators');
    for (const code of typed.indicators?.split(',').filter(Boolean) ?? []) f.append('indicators', code);
  }
  return f;
}

const COMPLETE = {
  reason: 'Rent collected from many payers and moved on the same day through a mule account',
  action: 'Account restricted',
  indicators: INDICATOR,
  'subject.id_number': '123456M',
  'subject.residence': 'MT',
  'subject.occupation': 'Clerk',
  'subject.phone': '+356 7900 0000',
};

describe('reporting console actions', { timeout: 60_000 }, () => {
  let sim: FilingSimulator;
  let restore: () => void;
  let f: StrFixture;
  let other: StrFixture;
  let analyst: Person;
  let reviewer: Person;
  let secondReviewer: Person;
  let admin: Person;
  let foreignStr: string;

  beforeAll(async () => {
    sim = await startFilingSimulator({ schemaPath: FILING_SCHEMA, port: 0, controlPort: 0, ackDelayMs: 60_000 });
    restore = withSettings({ SERVICE_FILING_URL: sim.url, SERVICE_FILING_SCHEMA: FILING_SCHEMA, SERVICE_FILING_ENTITY_ID: '1001', SERVICE_FILING_TIMEOUT_MS: '5000' });
    [f, other] = await Promise.all([strFixture('console-str'), strFixture('console-str-other')]);
    [analyst, reviewer, secondReviewer, admin] = await Promise.all([
      signedIn(f.org.orgId, 'analyst'),
      signedIn(f.org.orgId, 'reviewer'),
      signedIn(f.org.orgId, 'reviewer'),
      signedIn(f.org.orgId, 'admin'),
    ]);
    as(await signedIn(other.org.orgId, 'analyst'));
    foreignStr = await startStr(other.caseId);
  });
  afterAll(async () => {
    restore?.();
    await sim?.close();
  });

  it('sends a browser with no session to sign-in and changes nothing', async () => {
    cookie = '';
    expect(await redirectOf(caseActions.startStrAction({}, form({ case_id: f.caseId })))).toMatch(/\/sign-in/);
    expect(await redirectOf(strActions.saveStrAction({}, form({ str_id: foreignStr, reason: 'mine' })))).toMatch(/\/sign-in/);
    expect(await redirectOf(strActions.fileStrAction({}, form({ str_id: foreignStr })))).toMatch(/\/sign-in/);
    expect(await strOfCase(db(), systemActor(f.org.orgId), f.caseId)).toBeNull();
    expect((await strRow(other.org.orgId, foreignStr)).reason).toBeNull();
  });

  it('starts an STR from the case page once: a second start opens the same one; another organisation’s case is not found', async () => {
    as(analyst);
    const id = await startStr(f.caseId);
    expect(await startStr(f.caseId)).toBe(id);
    expect(await strOfCase(db(), systemActor(f.org.orgId), f.caseId)).toMatchObject({ id, status: 'draft' });
    expect((await strRow(f.org.orgId, id)).draftedBy).toBe(analyst.person.id);
    expect(await caseActions.startStrAction({}, form({ case_id: other.caseId }))).toEqual({ message: 'case not found' });
    expect(await caseActions.startStrAction({}, form({ case_id: 'CASE-1' }))).toEqual({ message: 'case not found' });
    expect(await strOfCase(db(), systemActor(f.org.orgId), other.caseId)).toBeNull();
    const created = (await auditActions(f.org.orgId, id)).filter((e) => e.action === 'str.created');
    expect(created).toEqual([expect.objectContaining({ actor: analyst.person.id })]);
  });

  it('saves only the fields the person changed, refills a refused form, and keeps another organisation’s STR apart', async () => {
    as(analyst);
    const { caseId } = await openCase(f.org);
    const id = await startStr(caseId);
    const before = await strRow(f.org.orgId, id);

    // Nothing typed: nothing saved, nothing audited.
    expect(await strActions.saveStrAction({}, await editorForm(f.org.orgId, id, {}))).toEqual({ ok: true });
    expect((await auditActions(f.org.orgId, id)).map((e) => e.action)).toEqual(['str.created']);

    const typed = { reason: ' Mule account ', 'subject.id_number': '123456M', 'subject.address.city': 'Sliema', 'tx.1.description': 'rent', indicators: INDICATOR };
    expect(await strActions.saveStrAction({}, await editorForm(f.org.orgId, id, typed))).toEqual({ ok: true });
    const after = await strRow(f.org.orgId, id);
    expect(after).toMatchObject({ reason: 'Mule account', indicators: [INDICATOR], subject: { id_number: '123456M', first_name: 'Maria', address: { street: '1 Triq il-Kbira', city: 'Sliema', country: 'MT' } } });
    expect(after.transactions[1]?.description).toBe('rent');
    expect(after.transactions[0]?.description).toBe(before.transactions[0]?.description);
    const updated = (await auditActions(f.org.orgId, id)).filter((e) => e.action === 'str.updated');
    expect(updated).toEqual([
      expect.objectContaining({
        actor: analyst.person.id,
        changes: expect.objectContaining({ fields: ['subject', 'transactions', 'reason', 'indicators'], subject_fields: expect.arrayContaining(['id_number', 'address']), transaction_indexes: [1] }),
      }),
    ]);

    // A blank box clears its field.
    expect(await strActions.saveStrAction({}, await editorForm(f.org.orgId, id, { 'subject.id_number': '  ' }))).toEqual({ ok: true });
    expect((await strRow(f.org.orgId, id)).subject).toMatchObject({ id_number: null });

    // A date that is no date is refused by the verb; the person's typing comes back to refill the form.
    const refused = await strActions.saveStrAction({}, await editorForm(f.org.orgId, id, { 'tx.0.date': 'yesterday', reason: 'kept' }));
    expect(refused.fieldErrors).toEqual({ transactions: DATE_MESSAGE });
    expect(refused.values).toMatchObject({ 'tx.0.date': 'yesterday', reason: 'kept' });
    expect((await strRow(f.org.orgId, id)).reason).toBe('Mule account');

    expect(await strActions.saveStrAction({}, form({ str_id: foreignStr, reason: 'theirs' }))).toEqual({ message: 'STR not found', values: expect.any(Object) });
    expect(await strActions.saveStrAction({}, form({ str_id: 'STR-1', reason: 'theirs' }))).toEqual({ message: 'STR not found' });
    expect(await strActions.fillFromKycAction({}, form({ str_id: foreignStr }))).toEqual({ message: 'STR not found' });
    expect(await strActions.sourceDateAction({}, form({ str_id: foreignStr, index: '0' }))).toEqual({ message: 'STR not found' });
    expect(await strActions.sendForReviewAction({}, form({ str_id: foreignStr }))).toEqual({ message: 'STR not found' });
    expect(await strActions.removeAttachmentAction({}, form({ str_id: foreignStr, key: 'a.png' }))).toEqual({ message: 'STR not found' });
    expect((await strRow(other.org.orgId, foreignStr)).reason).toBeNull();
    expect(await auditActions(other.org.orgId, foreignStr)).toEqual([expect.objectContaining({ action: 'str.created' })]);
  });

  it('fills the subject from the customer record, puts a source date back and removes an attachment', async () => {
    as(analyst);
    const opened = await openCase(f.org);
    const id = await startStr(opened.caseId);
    // The record gains fields after the STR was started (the start copied what it had then).
    await db()
      .update(entities)
      .set({ attributes: { first_name: 'Maria', last_name: 'Borg', id_number: '777M', occupation: 'Clerk', phone: '+356 7900 0001' } })
      .where(and(eq(entities.orgId, f.org.orgId), eq(entities.id, opened.subject)));
    expect(await strActions.fillFromKycAction({}, form({ str_id: id }))).toEqual({ ok: true });
    expect((await strRow(f.org.orgId, id)).subject).toMatchObject({ id_number: '777M', occupation: 'Clerk', phone: '+356 7900 0001', first_name: 'Maria' });
    expect(await strActions.fillFromKycAction({}, form({ str_id: id }))).toEqual({ message: NOTHING_TO_COPY });

    const source = (await strRow(f.org.orgId, id)).transactions[2]?.source_date as string;
    expect(await strActions.saveStrAction({}, await editorForm(f.org.orgId, id, { 'tx.2.date': '2026-01-02T03:04:05.000Z' }))).toEqual({ ok: true });
    expect((await strRow(f.org.orgId, id)).transactions[2]?.date).toBe('2026-01-02T03:04:05.000Z');
    expect(await strActions.sourceDateAction({}, form({ str_id: id, index: '2' }))).toEqual({ ok: true });
    expect((await strRow(f.org.orgId, id)).transactions[2]?.date).toBe(new Date(source).toISOString());
    expect((await strActions.sourceDateAction({}, form({ str_id: id, index: '9' }))).message).toMatch(/no transaction with index 9/);

    const png = Buffer.alloc(64);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(png);
    await attachStrFile(db(), analyst.who.actor, id, 'bank-statement.png', { name: 'Bank statement.png', bytes: png });
    expect((await strRow(f.org.orgId, id)).attachments.map((a) => a.key)).toEqual(['bank-statement.png']);
    expect(await strActions.removeAttachmentAction({}, form({ str_id: id, key: 'bank-statement.png' }))).toEqual({ ok: true });
    expect((await strRow(f.org.orgId, id)).attachments).toEqual([]);
    expect((await strActions.removeAttachmentAction({}, form({ str_id: id, key: 'bank-statement.png' }))).message).toBe('attachment not found');
  });

  it('sends for review only a draft that passes its checks, then keeps it read-only; the approvals count it', async () => {
    as(analyst);
    const { caseId } = await openCase(f.org);
    const id = await startStr(caseId);
    expect(await strActions.sendForReviewAction({}, form({ str_id: id }))).toEqual({ message: CHECKS_FAIL_MESSAGE });
    expect((await strRow(f.org.orgId, id)).status).toBe('draft');
    const waitingBefore = (await countPendingApprovals(db(), analyst.who.actor)).strs;

    expect(await strActions.saveStrAction({}, await editorForm(f.org.orgId, id, COMPLETE))).toEqual({ ok: true });
    expect(await strActions.sendForReviewAction({}, form({ str_id: id }))).toEqual({ ok: true });
    const sent = await strRow(f.org.orgId, id);
    expect(sent).toMatchObject({ status: 'awaiting_approval', sentForReviewBy: analyst.person.id });
    expect(await strActions.sendForReviewAction({}, form({ str_id: id }))).toEqual({ message: 'only a draft STR can be sent for review' });
    expect(await strActions.saveStrAction({}, await editorForm(f.org.orgId, id, { reason: 'late change' }))).toMatchObject({ message: NOT_A_DRAFT_MESSAGE });
    expect(await strActions.reopenStrAction({}, form({ str_id: id }))).toEqual({ message: NOT_REJECTED_MESSAGE });

    expect((await countPendingApprovals(db(), analyst.who.actor)).strs).toBe(waitingBefore + 1);
    const listed = await listStrsAwaitingApproval(db(), reviewer.who.actor, { limit: 100 });
    expect(listed.find((s) => s.id === id)).toMatchObject({ number: sent.number, subjectName: 'Maria Borg', subjectKind: 'person', draftedBy: analyst.person.id, sentForReviewBy: analyst.person.id, filingState: null });
    expect((await countPendingApprovals(db(), reviewer.who.actor)).strs).toBe(waitingBefore + 1);
    // Four-eyes on reports compares person ids: the drafter has nothing of theirs to file.
    expect((await countPendingForOthers(db(), analyst.who.actor)).strs).toBe(0);
    expect((await countPendingForOthers(db(), reviewer.who.actor)).strs).toBe(waitingBefore + 1);
    expect(await listStrsAwaitingApproval(db(), (await signedIn(other.org.orgId, 'reviewer')).who.actor, { limit: 100 })).toEqual([]);
  });

  it('files through the simulator: analysts and the drafter are refused with the verb’s words, another reviewer files', async () => {
    as(reviewer);
    const { caseId } = await openCase(f.org);
    const id = await startStr(caseId);
    expect(await strActions.saveStrAction({}, await editorForm(f.org.orgId, id, COMPLETE))).toEqual({ ok: true });
    expect(await strActions.sendForReviewAction({}, form({ str_id: id }))).toEqual({ ok: true });
    const checks: never[] = [];

    as(analyst);
    expect(await strActions.fileStrAction({}, form({ str_id: id }))).toEqual({ message: ROLE_CANNOT_FILE });
    expect(strRefusals(analyst.who.actor, await strRow(f.org.orgId, id), checks).file).toBe(ROLE_CANNOT_FILE);
    as(reviewer);
    expect(await strActions.fileStrAction({}, form({ str_id: id }))).toEqual({ message: DRAFTER_CANNOT_FILE });
    expect(strRefusals(reviewer.who.actor, await strRow(f.org.orgId, id), checks).file).toBe(DRAFTER_CANNOT_FILE);
    expect(strRefusals(secondReviewer.who.actor, await strRow(f.org.orgId, id), checks).file).toBeNull();
    expect(await strActions.fileStrAction({}, form({ str_id: foreignStr }))).toEqual({ message: 'STR not found' });
    expect(await strActions.fileStrAction({}, form({ str_id: UNKNOWN_ID }))).toEqual({ message: 'STR not found' });

    as(secondReviewer);
    expect(await strActions.fileStrAction({}, form({ str_id: id }))).toEqual({ ok: true, outcome: 'filed' });
    const filed = await strRow(f.org.orgId, id);
    expect(filed).toMatchObject({ status: 'filed', filedBy: secondReviewer.person.id, filing: expect.objectContaining({ state: 'accepted', reference: expect.any(String) }) });
    expect(sim.reports()[0]?.reference).toBe((filed.filing as { reference: string }).reference);
    expect(strRefusals(admin.who.actor, filed, []).file).toMatch(/awaiting approval/);
    expect((await auditActions(f.org.orgId, id)).filter((e) => e.action === 'str.filed')).toEqual([expect.objectContaining({ actor: secondReviewer.person.id })]);
  });

  it('a refused filing: the outcome says rejected, then reopen puts the draft back with its last rejection', async () => {
    as(analyst);
    const { caseId } = await openCase(f.org);
    const id = await startStr(caseId);
    expect(await strActions.saveStrAction({}, await editorForm(f.org.orgId, id, COMPLETE))).toEqual({ ok: true });
    expect(await strActions.sendForReviewAction({}, form({ str_id: id }))).toEqual({ ok: true });
    await sim.configure({ mode: 'refuse', refuseReason: 'the subject is not known to the unit' });
    try {
      as(admin);
      expect(await strActions.fileStrAction({}, form({ str_id: id }))).toEqual({ ok: true, outcome: 'rejected' });
    } finally {
      await sim.configure({ mode: 'up' });
    }
    expect((await strRow(f.org.orgId, id)).status).toBe('rejected');
    expect(strRefusals(analyst.who.actor, await strRow(f.org.orgId, id), []).reopen).toBeNull();
    as(analyst);
    expect(await strActions.reopenStrAction({}, form({ str_id: foreignStr }))).toEqual({ message: 'STR not found' });
    expect(await strActions.reopenStrAction({}, form({ str_id: id }))).toEqual({ ok: true });
    const reopened = await strRow(f.org.orgId, id);
    expect(reopened).toMatchObject({ status: 'draft', lastRejection: expect.objectContaining({ reason: expect.any(String) }) });
    expect(await strActions.reopenStrAction({}, form({ str_id: id }))).toEqual({ message: NOT_REJECTED_MESSAGE });
    const row = await db().select({ status: strReports.status }).from(strReports).where(and(eq(strReports.orgId, f.org.orgId), eq(strReports.id, id)));
    expect(row).toEqual([{ status: 'draft' }]);
  });
});
