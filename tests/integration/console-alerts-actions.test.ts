import { beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { alerts as alertsTable } from '@/db/schema';
import { systemActor } from '@/lib/auth/actor';
import { getAlert } from '@/lib/alerts/get-alert';
import { listNotes } from '@/lib/alerts/list-notes';
import type { FormState } from '@/lib/forms/form-state';
import { newOrg, type TestOrg } from '../support/api';
import { signedIn } from '../support/people';
import { form, orgWithAlertRule, raiseAlert } from '../support/console';

// Server actions read the signed-in person from the request's cookie (next/headers) and revalidate
// pages (next/cache); outside a Next.js request both are stood in for: the cookie is the real session
// cookie of a person signed in through Auth.js, so requirePerson() resolves a live session as in the app.
let cookie = '';
vi.mock('next/headers', () => ({
  headers: async () => new Headers(cookie ? { cookie } : {}),
}));
vi.mock('next/cache', () => ({ revalidatePath: vi.fn() }));

const actions = await import('@/app/(console)/alerts/actions');

type Person = Awaited<ReturnType<typeof signedIn>>;

const db = () => getDb();
const as = (p: Person) => {
  cookie = p.cookie;
};
const alertOf = (org: TestOrg, id: string) => getAlert(db(), systemActor(org.orgId), id).then((v) => v.alert);


const NOT_FOUND: FormState = { message: 'alert not found' };

describe('console alert actions: who may do what', () => {
  let org: TestOrg;
  let other: TestOrg;
  let analyst: Person;
  let reviewer: Person;
  let admin: Person;
  let foreign: string;

  beforeAll(async () => {
    org = await orgWithAlertRule('console-alerts');
    other = await orgWithAlertRule('console-alerts-other');
    [analyst, reviewer, admin] = await Promise.all([signedIn(org.orgId, 'analyst'), signedIn(org.orgId, 'reviewer'), signedIn(org.orgId, 'admin')]);
    foreign = await raiseAlert(other);
  });

  it('refuse a browser with no session by sending it to sign-in', async () => {
    cookie = '';
    const id = await raiseAlert(org);
    await expect(actions.assignToMeAction({}, form({ alert_id: id }))).rejects.toMatchObject({ digest: expect.stringContaining('/sign-in') });
    expect((await alertOf(org, id)).assignedTo).toBeNull();
  });

  it('assign to me: analyst, reviewer and admin each take an alert; another organisation’s alert is not found', async () => {
    for (const p of [analyst, reviewer, admin]) {
      as(p);
      const id = await raiseAlert(org);
      expect(await actions.assignToMeAction({}, form({ alert_id: id }))).toEqual({ ok: true });
      expect((await alertOf(org, id)).assignedTo).toBe(p.person.id);
      expect(await actions.assignToMeAction({}, form({ alert_id: foreign }))).toEqual(NOT_FOUND);
      expect(await actions.assignToMeAction({}, form({ alert_id: 'not-an-id' }))).toEqual(NOT_FOUND);
    }
    expect((await alertOf(other, foreign)).assignedTo).toBeNull();
  });

  it('set status: every role moves an alert to in review and back; another organisation’s alert is not found', async () => {
    for (const p of [analyst, reviewer, admin]) {
      as(p);
      const id = await raiseAlert(org);
      expect(await actions.setStatusAction({}, form({ alert_id: id, status: 'in_review' }))).toEqual({ ok: true });
      expect((await alertOf(org, id)).status).toBe('in_review');
      expect(await actions.setStatusAction({}, form({ alert_id: id, status: 'open' }))).toEqual({ ok: true });
      expect((await alertOf(org, id)).status).toBe('open');
      expect(await actions.setStatusAction({}, form({ alert_id: id, status: 'closed' }))).toEqual({ fieldErrors: { status: 'unknown status' } });
      expect(await actions.setStatusAction({}, form({ alert_id: foreign, status: 'in_review' }))).toEqual(NOT_FOUND);
    }
    expect((await alertOf(other, foreign)).status).toBe('open');
  });

  it('bulk: assigns and sets in review alert by alert, reporting the ones refused (another organisation’s, a bad id, a pending one)', async () => {
    for (const p of [analyst, reviewer, admin]) {
      as(p);
      const [a, b, pending] = [await raiseAlert(org), await raiseAlert(org), await raiseAlert(org)];
      cookie = analyst.cookie;
      expect(await actions.requestClosureAction({}, form({ alert_id: pending, disposition: 'false_positive', note: 'nothing here' }))).toEqual({ ok: true });
      as(p);
      const assigned = await actions.bulkUpdateAlertsAction([a, b, foreign, 'nope', pending], 'assign_me');
      expect(assigned.done).toEqual([a, b]);
      expect(assigned.failed).toEqual([
        { id: foreign, message: 'alert not found' },
        { id: 'nope', message: 'alert not found' },
        { id: pending, message: 'alert is pending closure or closed' },
      ]);
      for (const id of [a, b]) expect((await alertOf(org, id)).assignedTo).toBe(p.person.id);
      const reviewed = await actions.bulkUpdateAlertsAction([a, foreign], 'in_review');
      expect(reviewed).toEqual({ done: [a], failed: [{ id: foreign, message: 'alert not found' }] });
      expect((await alertOf(org, a)).status).toBe('in_review');
    }
    expect(await alertOf(other, foreign)).toMatchObject({ status: 'open', assignedTo: null });
    await expect(actions.bulkUpdateAlertsAction([], 'assign_me')).rejects.toThrow('select 1 to 200 alerts');
    await expect(actions.bulkUpdateAlertsAction([foreign], 'close')).rejects.toThrow('change must be assign_me or in_review');
  });

  it('notes: every role adds one; an empty one is refused beside the box; another organisation’s alert is not found', async () => {
    const id = await raiseAlert(org);
    for (const p of [analyst, reviewer, admin]) {
      as(p);
      expect(await actions.addNoteAction({}, form({ alert_id: id, body: `seen by ${p.person.role}` }))).toEqual({ ok: true });
      expect(await actions.addNoteAction({}, form({ alert_id: id, body: '' }))).toEqual({ fieldErrors: { body: 'body must be 1 to 5000 characters' }, values: { body: '' } });
      expect(await actions.addNoteAction({}, form({ alert_id: foreign, body: 'not mine' }))).toEqual({ ...NOT_FOUND, values: { body: 'not mine' } });
    }
    const notes = await listNotes(db(), systemActor(org.orgId), id);
    expect(notes.map((n) => [n.author, n.body])).toEqual([
      [analyst.person.id, 'seen by analyst'],
      [reviewer.person.id, 'seen by reviewer'],
      [admin.person.id, 'seen by admin'],
    ]);
    expect(await listNotes(db(), systemActor(other.orgId), foreign)).toEqual([]);
  });

  it('request closure: needs a disposition and a note, stores the note with the request; every role may ask; another organisation’s alert is not found', async () => {
    as(analyst);
    const id = await raiseAlert(org);
    expect(await actions.requestClosureAction({}, form({ alert_id: id, disposition: 'false_positive', note: '  ' }))).toEqual({
      fieldErrors: { note: expect.stringMatching(/^note is required/) },
      values: { disposition: 'false_positive', note: '  ' },
    });
    expect(await actions.requestClosureAction({}, form({ alert_id: id, disposition: 'forget_it', note: 'x' }))).toMatchObject({
      fieldErrors: { disposition: 'unknown disposition' },
    });
    expect((await alertOf(org, id)).status).toBe('open');
    expect(await listNotes(db(), systemActor(org.orgId), id)).toEqual([]);

    for (const p of [analyst, reviewer, admin]) {
      as(p);
      const mine = await raiseAlert(org);
      expect(await actions.requestClosureAction({}, form({ alert_id: mine, disposition: 'escalated', note: `closing as ${p.person.role}` }))).toEqual({ ok: true });
      expect(await alertOf(org, mine)).toMatchObject({ status: 'pending_closure', disposition: 'escalated', closureRequestedBy: p.person.id });
      expect((await listNotes(db(), systemActor(org.orgId), mine)).map((n) => [n.author, n.body])).toEqual([[p.person.id, `closing as ${p.person.role}`]]);
      expect(await actions.requestClosureAction({}, form({ alert_id: foreign, disposition: 'escalated', note: 'x' }))).toMatchObject(NOT_FOUND);
    }
    expect((await alertOf(other, foreign)).status).toBe('open');
  });

  async function pendingBy(p: Person): Promise<string> {
    const id = await raiseAlert(org);
    as(p);
    expect(await actions.requestClosureAction({}, form({ alert_id: id, disposition: 'false_positive', note: 'nothing suspicious' }))).toEqual({ ok: true });
    return id;
  }

  it('approve: an analyst may not; the requester may not; a reviewer or an admin other than the requester closes it; another organisation’s alert is not found', async () => {
    const byAnalyst = await pendingBy(analyst);
    as(analyst);
    expect(await actions.approveClosureAction({}, form({ alert_id: byAnalyst }))).toEqual({ message: 'only a reviewer or an admin can approve or reject' });

    const byReviewer = await pendingBy(reviewer);
    as(reviewer);
    expect(await actions.approveClosureAction({}, form({ alert_id: byReviewer }))).toEqual({ message: 'the person who requested closure cannot approve it' });
    expect((await alertOf(org, byReviewer)).status).toBe('pending_closure');

    expect(await actions.approveClosureAction({}, form({ alert_id: byAnalyst }))).toEqual({ ok: true });
    expect(await alertOf(org, byAnalyst)).toMatchObject({ status: 'closed', closedBy: reviewer.person.id });

    as(admin);
    expect(await actions.approveClosureAction({}, form({ alert_id: byReviewer }))).toEqual({ ok: true });
    expect(await alertOf(org, byReviewer)).toMatchObject({ status: 'closed', closedBy: admin.person.id });

    const otherPending = await raiseAlert(other);
    const { requestClosure } = await import('@/lib/alerts/request-closure');
    await requestClosure(db(), systemActor(other.orgId, 'other-org-analyst'), otherPending, { disposition: 'false_positive' });
    for (const p of [reviewer, admin]) {
      as(p);
      expect(await actions.approveClosureAction({}, form({ alert_id: otherPending }))).toEqual(NOT_FOUND);
    }
    expect((await alertOf(other, otherPending)).status).toBe('pending_closure');
  });

  it('reject: an analyst may not; a reviewer (the requester too) or an admin sends it back to review; another organisation’s alert is not found', async () => {
    const id = await pendingBy(analyst);
    as(analyst);
    expect(await actions.rejectClosureAction({}, form({ alert_id: id }))).toEqual({ message: 'only a reviewer or an admin can approve or reject' });
    expect((await alertOf(org, id)).status).toBe('pending_closure');
    as(reviewer);
    expect(await actions.rejectClosureAction({}, form({ alert_id: id }))).toEqual({ ok: true });
    expect(await alertOf(org, id)).toMatchObject({ status: 'in_review', disposition: null, closureRequestedBy: null });

    const own = await pendingBy(reviewer);
    expect(await actions.rejectClosureAction({}, form({ alert_id: own }))).toEqual({ ok: true });
    const byReviewer = await pendingBy(reviewer);
    as(admin);
    expect(await actions.rejectClosureAction({}, form({ alert_id: byReviewer }))).toEqual({ ok: true });
    expect((await alertOf(org, byReviewer)).status).toBe('in_review');

    const otherPending = await raiseAlert(other);
    const { requestClosure } = await import('@/lib/alerts/request-closure');
    await requestClosure(db(), systemActor(other.orgId, 'other-org-analyst'), otherPending, { disposition: 'false_positive' });
    for (const p of [reviewer, admin]) {
      as(p);
      expect(await actions.rejectClosureAction({}, form({ alert_id: otherPending }))).toEqual(NOT_FOUND);
    }
    expect((await alertOf(other, otherPending)).status).toBe('pending_closure');
  });
});

describe('the console queue’s reads', () => {
  it('page both ways on the keyset, filter by priority, decision, assignee and number, and never show another organisation’s alerts', async () => {
    const { listAlertQueue, nextUnassignedAlert } = await import('@/lib/alerts/queue');
    const org = await orgWithAlertRule('console-queue');
    const other = await orgWithAlertRule('console-queue-other');
    await raiseAlert(other);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await raiseAlert(org));
    const actor = systemActor(org.orgId);
    const page1 = await listAlertQueue(db(), actor, { queue: 'open', sort: 'due', limit: 2 });
    expect(page1.items.map((v) => v.alert.id)).toEqual(ids.slice(0, 2));
    expect(page1.prevCursor).toBeUndefined();
    const page2 = await listAlertQueue(db(), actor, { queue: 'open', sort: 'due', limit: 2, after: page1.nextCursor });
    expect(page2.items.map((v) => v.alert.id)).toEqual(ids.slice(2, 4));
    const page3 = await listAlertQueue(db(), actor, { queue: 'open', sort: 'due', limit: 2, after: page2.nextCursor });
    expect(page3.items.map((v) => v.alert.id)).toEqual(ids.slice(4));
    expect(page3.nextCursor).toBeUndefined();
    const back2 = await listAlertQueue(db(), actor, { queue: 'open', sort: 'due', limit: 2, before: page3.prevCursor });
    expect(back2.items.map((v) => v.alert.id)).toEqual(ids.slice(2, 4));
    const back1 = await listAlertQueue(db(), actor, { queue: 'open', sort: 'due', limit: 2, before: back2.prevCursor });
    expect(back1.items.map((v) => v.alert.id)).toEqual(ids.slice(0, 2));
    expect(back1.prevCursor).toBeUndefined();
    expect(back1.nextCursor).toBeDefined();

    // Recently changed first: touching the oldest alert brings it to the top.
    const analyst = await signedIn(org.orgId, 'analyst');
    as(analyst);
    expect(await actions.assignToMeAction({}, form({ alert_id: ids[0] as string }))).toEqual({ ok: true });
    const changed = await listAlertQueue(db(), actor, { sort: 'updated', limit: 10 });
    expect(changed.items.map((v) => v.alert.id)).toEqual([ids[0], ...ids.slice(1).reverse()]);
    const changedBack = await listAlertQueue(db(), actor, { sort: 'updated', limit: 2, before: (await listAlertQueue(db(), actor, { sort: 'updated', limit: 2, after: (await listAlertQueue(db(), actor, { sort: 'updated', limit: 2 })).nextCursor })).prevCursor });
    expect(changedBack.items.map((v) => v.alert.id)).toEqual(changed.items.slice(0, 2).map((v) => v.alert.id));

    const mine = await listAlertQueue(db(), actor, { queue: 'open', assignedTo: analyst.person.id, sort: 'due', limit: 10 });
    expect(mine.items.map((v) => v.alert.id)).toEqual([ids[0]]);
    const nobodys = await listAlertQueue(db(), actor, { queue: 'open', assignedTo: null, sort: 'due', limit: 10 });
    expect(nobodys.items.map((v) => v.alert.id)).toEqual(ids.slice(1));
    expect(await nextUnassignedAlert(db(), actor)).toMatchObject({ id: ids[1] });
    expect(await nextUnassignedAlert(db(), systemActor((await newOrg('console-queue-empty')).orgId))).toBeNull();
    expect((await listAlertQueue(db(), actor, { priority: 'high', sort: 'due', limit: 10 })).items).toEqual([]);
    expect((await listAlertQueue(db(), actor, { priority: 'medium', decision: 'review', sort: 'due', limit: 10 })).items).toHaveLength(5);
    expect((await listAlertQueue(db(), actor, { decision: 'block', sort: 'due', limit: 10 })).items).toEqual([]);
    // Overdue and due within the hour, from the deadline as stored.
    await db().update(alertsTable).set({ dueAt: new Date(Date.now() - 3_600_000) }).where(and(eq(alertsTable.orgId, org.orgId), eq(alertsTable.id, ids[3] as string)));
    await db().update(alertsTable).set({ dueAt: new Date(Date.now() + 1_800_000) }).where(and(eq(alertsTable.orgId, org.orgId), eq(alertsTable.id, ids[4] as string)));
    expect((await listAlertQueue(db(), actor, { queue: 'open', sla: 'late', sort: 'due', limit: 10 })).items.map((v) => v.alert.id)).toEqual([ids[3]]);
    expect((await listAlertQueue(db(), actor, { queue: 'open', sla: 'soon', sort: 'due', limit: 10 })).items.map((v) => v.alert.id)).toEqual([ids[4]]);
    const second = await alertOf(org, ids[1] as string);
    expect((await listAlertQueue(db(), actor, { number: second.number, sort: 'updated', limit: 10 })).items.map((v) => v.alert.id)).toEqual([ids[1]]);
  });

  it('say why a closure cannot be approved: the requester (also through a key they own) and an analyst', async () => {
    const { closureReview } = await import('@/lib/alerts/closure-review');
    const { createKey } = await import('@/lib/keys/create-key');
    const { requestClosure } = await import('@/lib/alerts/request-closure');
    const org = await orgWithAlertRule('console-review');
    const [adminA, reviewerB, analyst] = await Promise.all([signedIn(org.orgId, 'admin'), signedIn(org.orgId, 'reviewer'), signedIn(org.orgId, 'analyst')]);
    // A key admin A made in the console acts for A: its request is A's.
    const { key } = await createKey(db(), adminA.who.actor, { name: 'a-owned' });
    const keyActor = { orgId: org.orgId, actorId: key.id, actorKind: 'key' as const, owner: { kind: 'person' as const, id: adminA.person.id } };
    const id = await raiseAlert(org);
    await requestClosure(db(), keyActor, id, { disposition: 'false_positive' });
    const alert = await alertOf(org, id);
    expect(await closureReview(db(), adminA.who.actor, alert)).toEqual({
      canApprove: false,
      canReject: true,
      approveReason: 'the person who requested closure cannot approve it',
    });
    expect(await closureReview(db(), reviewerB.who.actor, alert)).toEqual({ canApprove: true, canReject: true });
    expect(await closureReview(db(), analyst.who.actor, alert)).toEqual({
      canApprove: false,
      canReject: false,
      approveReason: 'only a reviewer or an admin can approve or reject',
      rejectReason: 'only a reviewer or an admin can approve or reject',
    });
    // The console action agrees with what the page says.
    as(adminA);
    expect(await actions.approveClosureAction({}, form({ alert_id: id }))).toEqual({ message: 'the person who requested closure cannot approve it' });
    as(reviewerB);
    expect(await actions.approveClosureAction({}, form({ alert_id: id }))).toEqual({ ok: true });
    expect(await closureReview(db(), reviewerB.who.actor, await alertOf(org, id))).toMatchObject({ canApprove: false, canReject: false, approveReason: 'the alert is not pending closure' });
  });
});
