import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { auditLog } from '@/db/schema';
import { systemActor } from '@/lib/auth/actor';
import { caseOfAlert } from '@/lib/cases/case-of-alert';
import { createCase } from '@/lib/cases/create-case';
import { readCase } from '@/lib/cases/get-case';
import type { TestOrg } from '../support/api';
import { form, redirectedTo, orgWithAlertRule, raiseAlert } from '../support/console';
import { signedIn } from '../support/people';

// Server actions read the signed-in person from the request's cookie (next/headers) and revalidate
// pages (next/cache); outside a Next.js request both are stood in for: the cookie is the real session
// cookie of a person signed in through Auth.js, so requirePerson() resolves a live session as in the app.
let cookie = '';
vi.mock('next/headers', () => ({
  headers: async () => new Headers(cookie ? { cookie } : {}),
}));
vi.mock('next/cache', () => ({ revalidatePath: vi.fn() }));

const alertActions = await import('@/app/(console)/alerts/actions');
const caseActions = await import('@/app/(console)/cases/actions');

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

const caseIdFromPath = (path: string | null): string => {
  const m = /\/cases\/([0-9a-f-]{36})$/.exec(path ?? '');
  expect(m, `redirected to ${path}`).not.toBeNull();
  return (m as RegExpExecArray)[1] as string;
};

async function openCaseOf(org: TestOrg, alertIds: string[], title = 'made by the test'): Promise<{ id: string; number: number }> {
  const made = await createCase(db(), systemActor(org.orgId), { title, alert_ids: alertIds });
  return { id: made.case.id, number: made.case.number };
}

describe('console case actions: who may do what', () => {
  let org: TestOrg;
  let other: TestOrg;
  let analyst: Person;
  let reviewer: Person;
  let admin: Person;
  let foreignAlert: string;
  let foreignCase: string;

  beforeAll(async () => {
    org = await orgWithAlertRule('console-cases');
    other = await orgWithAlertRule('console-cases-other');
    [analyst, reviewer, admin] = await Promise.all([signedIn(org.orgId, 'analyst'), signedIn(org.orgId, 'reviewer'), signedIn(org.orgId, 'admin')]);
    foreignAlert = await raiseAlert(other);
    foreignCase = (await openCaseOf(other, [await raiseAlert(other)])).id;
  });

  it('send a browser with no session to sign-in and change nothing', async () => {
    cookie = '';
    const id = await raiseAlert(org);
    expect(await redirectOf(alertActions.openCaseAction({}, form({ alert_id: id, title: 'x' })))).toMatch(/\/sign-in/);
    expect(await redirectOf(caseActions.changeCaseAction({}, form({ case_id: foreignCase, change: 'close' })))).toMatch(/\/sign-in/);
    await expect(alertActions.bulkCaseAction([id], 'open', 'x')).rejects.toMatchObject({ digest: expect.stringContaining('/sign-in') });
    expect(await caseOfAlert(db(), systemActor(org.orgId), id)).toBeNull();
  });

  it('open a case from an alert: every role, then the case page; the person is the creator in the case and the audit log', async () => {
    for (const p of [analyst, reviewer, admin]) {
      as(p);
      const alertId = await raiseAlert(org);
      const caseId = caseIdFromPath(await redirectOf(alertActions.openCaseAction({}, form({ alert_id: alertId, title: `by ${p.person.role}` }))));
      const record = await readCase(db(), systemActor(org.orgId), caseId);
      expect(record).toMatchObject({ case: { title: `by ${p.person.role}`, createdBy: p.person.id, status: 'open' }, alertIds: [alertId] });
      const [entry] = await db()
        .select({ actor: auditLog.actor, actorKind: auditLog.actorKind })
        .from(auditLog)
        .where(and(eq(auditLog.orgId, org.orgId), eq(auditLog.action, 'case.created'), eq(auditLog.targetId, caseId)));
      expect(entry).toEqual({ actor: p.person.id, actorKind: 'person' });
    }
  });

  it('open a case: a blank title beside the field, another organisation’s alert not found, an alert in a case refused with the case named', async () => {
    as(analyst);
    const alertId = await raiseAlert(org);
    expect(await alertActions.openCaseAction({}, form({ alert_id: alertId, title: ' ' }))).toEqual({
      fieldErrors: { title: 'title must be 1 to 200 characters' },
      values: { title: ' ' },
    });
    expect(await alertActions.openCaseAction({}, form({ alert_id: foreignAlert, title: 'theirs' }))).toEqual({ message: 'alert not found', values: { title: 'theirs' } });
    expect(await alertActions.openCaseAction({}, form({ alert_id: 'nope', title: 'theirs' }))).toEqual({ message: 'alert not found' });
    const held = await openCaseOf(org, [alertId]);
    const again = await alertActions.openCaseAction({}, form({ alert_id: alertId, title: 'again' }));
    expect(again.message).toMatch(new RegExp(`is already in CASE-${held.number}; an alert belongs to at most one case$`));
    expect(await caseOfAlert(db(), systemActor(other.orgId), foreignAlert)).toBeNull();
  });

  it('add to case from the alert page: joins the case; a missing choice, a foreign case and a foreign alert are refused', async () => {
    const target = await openCaseOf(org, [await raiseAlert(org)]);
    for (const p of [analyst, reviewer, admin]) {
      as(p);
      const alertId = await raiseAlert(org);
      expect(await alertActions.addToCaseAction({}, form({ alert_id: alertId, case_id: target.id }))).toEqual({ ok: true });
      expect((await caseOfAlert(db(), systemActor(org.orgId), alertId))?.id).toBe(target.id);
      expect(await alertActions.addToCaseAction({}, form({ alert_id: alertId, case_id: '' }))).toEqual({ fieldErrors: { case_id: 'choose a case' } });
    }
    as(analyst);
    const free = await raiseAlert(org);
    expect(await alertActions.addToCaseAction({}, form({ alert_id: free, case_id: foreignCase }))).toEqual({ message: 'case not found' });
    expect(await alertActions.addToCaseAction({}, form({ alert_id: foreignAlert, case_id: target.id }))).toEqual({ message: 'alert not found' });
    expect((await readCase(db(), systemActor(other.orgId), foreignCase)).alertIds).toHaveLength(1);
    expect(await caseOfAlert(db(), systemActor(org.orgId), free)).toBeNull();
  });

  it('queue bulk: opens one case of the selection, or adds each alert to a case reporting the refused ones', async () => {
    as(reviewer);
    const [a, b, c] = [await raiseAlert(org), await raiseAlert(org), await raiseAlert(org)];
    const opened = await alertActions.bulkCaseAction([a, b], 'open', 'from the queue');
    expect(opened).toMatchObject({ caseId: expect.any(String), caseNumber: expect.any(Number), done: [a, b], failed: [] });
    const record = await readCase(db(), systemActor(org.orgId), opened.caseId as string);
    expect(record.alertIds).toEqual([a, b]);
    expect(record.case.createdBy).toBe(reviewer.person.id);

    // All or nothing: an alert already in a case, or another organisation's, refuses the new case.
    expect(await alertActions.bulkCaseAction([c, a], 'open', 'again')).toEqual({ done: [], failed: [], error: expect.stringMatching(`is already in CASE-${record.case.number}`) });
    expect(await alertActions.bulkCaseAction([c, foreignAlert], 'open', 'again')).toEqual({ done: [], failed: [], error: 'alert not found' });
    expect(await alertActions.bulkCaseAction([c], 'open', '')).toEqual({ done: [], failed: [], error: 'title must be 1 to 200 characters' });
    expect(await caseOfAlert(db(), systemActor(org.orgId), c)).toBeNull();

    const added = await alertActions.bulkCaseAction([c, a, foreignAlert, 'nope'], 'add', opened.caseId);
    expect(added.done).toEqual([c]);
    expect(added.failed).toEqual([
      { id: a, message: expect.stringMatching(`is already in CASE-${record.case.number}`) },
      { id: foreignAlert, message: 'alert not found' },
      { id: 'nope', message: 'alert not found' },
    ]);
    expect((await readCase(db(), systemActor(org.orgId), opened.caseId as string)).alertIds).toEqual([a, b, c]);
    const d = await raiseAlert(org);
    expect(await alertActions.bulkCaseAction([d], 'add', foreignCase)).toEqual({ done: [], failed: [], error: 'case not found' });
    expect(await alertActions.bulkCaseAction([d], 'add', 'CASE-1')).toEqual({ done: [], failed: [], error: 'case not found' });
    await expect(alertActions.bulkCaseAction([], 'open', 'x')).rejects.toThrow('select 1 to 100 alerts');
    await expect(alertActions.bulkCaseAction([d], 'close', 'x')).rejects.toThrow('change must be open or add');
  });

  it('case page: every role assigns to themselves, closes and reopens; renaming needs a title; another organisation’s case is not found', async () => {
    for (const p of [analyst, reviewer, admin]) {
      as(p);
      const target = await openCaseOf(org, [await raiseAlert(org)]);
      expect(await caseActions.changeCaseAction({}, form({ case_id: target.id, change: 'assign_me' }))).toEqual({ ok: true });
      expect((await readCase(db(), systemActor(org.orgId), target.id)).case.assignedTo).toBe(p.person.id);
      expect(await caseActions.changeCaseAction({}, form({ case_id: target.id, change: 'close' }))).toEqual({ ok: true });
      expect((await readCase(db(), systemActor(org.orgId), target.id)).case).toMatchObject({ status: 'closed', closedAt: expect.any(Date) });
      expect(await caseActions.changeCaseAction({}, form({ case_id: target.id, change: 'reopen' }))).toEqual({ ok: true });
      expect(await caseActions.changeCaseAction({}, form({ case_id: target.id, change: 'unassign' }))).toEqual({ ok: true });
      expect((await readCase(db(), systemActor(org.orgId), target.id)).case).toMatchObject({ status: 'open', closedAt: null, assignedTo: null });
      expect(await caseActions.renameCaseAction({}, form({ case_id: target.id, title: 'renamed' }))).toEqual({ ok: true });
      expect(await caseActions.renameCaseAction({}, form({ case_id: target.id, title: '' }))).toEqual({ fieldErrors: { title: 'title must be 1 to 200 characters' }, values: { title: '' } });
      expect((await readCase(db(), systemActor(org.orgId), target.id)).case.title).toBe('renamed');
      expect(await caseActions.changeCaseAction({}, form({ case_id: target.id, change: 'delete' }))).toEqual({ fieldErrors: { change: 'change must be assign_me, unassign, close or reopen' } });
      expect(await caseActions.changeCaseAction({}, form({ case_id: foreignCase, change: 'close' }))).toEqual({ message: 'case not found' });
      expect(await caseActions.renameCaseAction({}, form({ case_id: foreignCase, title: 'mine now' }))).toEqual({ message: 'case not found', values: { title: 'mine now' } });
      expect(await caseActions.changeCaseAction({}, form({ case_id: 'CASE-1', change: 'close' }))).toEqual({ message: 'case not found' });
    }
    expect((await readCase(db(), systemActor(other.orgId), foreignCase)).case).toMatchObject({ status: 'open', assignedTo: null });
    const entries = await db()
      .select({ actor: auditLog.actor })
      .from(auditLog)
      .where(and(eq(auditLog.orgId, other.orgId), inArray(auditLog.action, ['case.closed', 'case.assigned', 'case.title_changed'])));
    expect(entries).toEqual([]);
  });
});
