import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { alerts, screeningResolutions, screenings } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import type { SignedInPerson } from '@/lib/auth/authenticate-person';
import { requestClosure } from '@/lib/alerts/request-closure';
import { countPendingApprovals, countPendingForOthers, listPendingApprovals } from '@/lib/approvals/list-pending';
import { createKey } from '@/lib/keys/create-key';
import { createScreening } from '@/lib/screening/create-screening';
import { checkListFile } from '@/lib/screening/list-file';
import { refreshScreeningIndex } from '@/lib/screening/list-index';
import { loadScreeningList } from '@/lib/screening/load-list';
import { recordResolution } from '@/lib/screening/record-resolution';
import { newOrg } from '../support/api';
import { consolePerson, form } from '../support/console';

// The approvals screen's actions, called as Next.js calls them, with the signed-in person mocked (no
// request here to carry a cookie) and the router's cache a no-op.
const signedIn = vi.hoisted(() => ({ person: null as SignedInPerson | null }));
vi.mock('@/lib/auth/current-person', () => ({
  currentPerson: async () => signedIn.person,
  requirePerson: async () => {
    if (!signedIn.person) throw new Error('no person signed in');
    return signedIn.person;
  },
}));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined, revalidateTag: () => undefined }));

const { approveClearanceAction, approveClosureAction, rejectClearanceAction, rejectClosureAction } = await import('@/app/(console)/approvals/actions');

const CODE = `console-appr-${randomUUID().slice(0, 8)}`;
const NAME = 'Ysolde Frankenwarth';
const ROLE_REFUSAL = 'only a reviewer or an admin can approve or reject';

let orgId: string;
let analyst: SignedInPerson;
let analyst2: SignedInPerson;
let reviewer: SignedInPerson;
let admin: SignedInPerson;
let stranger: SignedInPerson;

const as = (p: SignedInPerson) => {
  signedIn.person = p;
};


/** A screening alert of the organisation whose closure `by` requested. */
async function pendingClosure(by: Actor = analyst.actor): Promise<string> {
  const s = await createScreening(getDb(), analyst.actor, { name: NAME, reference: `cust-${randomUUID()}` });
  await requestClosure(getDb(), by, s.alertId as string, { disposition: 'false_positive' });
  return s.alertId as string;
}

async function alertRow(id: string) {
  const [row] = await getDb().select().from(alerts).where(and(eq(alerts.orgId, orgId), eq(alerts.id, id)));
  return row;
}

/** A potential-match screening whose one match `by` cleared as a false positive. */
async function pendingClearance(by: Actor = analyst.actor): Promise<{ screeningId: string; resolutionId: string; alertId: string }> {
  const s = await createScreening(getDb(), analyst.actor, { name: NAME, kind: 'person', reference: `cust-${randomUUID()}` });
  const r = await recordResolution(getDb(), by, s.id, { list: CODE, entry_ref: 'Y-1', outcome: 'false_positive', note: 'Another person entirely.' });
  return { screeningId: s.id, resolutionId: r.id, alertId: s.alertId as string };
}

async function resolutionRow(id: string) {
  const [row] = await getDb().select().from(screeningResolutions).where(and(eq(screeningResolutions.orgId, orgId), eq(screeningResolutions.id, id)));
  return row;
}

beforeAll(async () => {
  orgId = (await newOrg('console-approvals')).orgId;
  analyst = await consolePerson(orgId, 'analyst');
  analyst2 = await consolePerson(orgId, 'analyst');
  reviewer = await consolePerson(orgId, 'reviewer');
  admin = await consolePerson(orgId, 'admin');
  stranger = await consolePerson((await newOrg('console-approvals-other')).orgId, 'admin');
  await loadScreeningList(
    getDb(),
    checkListFile({ code: CODE, name: 'Console approvals test list', version: 'v1', entries: [{ ref: 'Y-1', kind: 'person', name: NAME, category: 'pep' }] }),
  );
  await refreshScreeningIndex(getDb());
});

describe('approving and rejecting an alert closure in the console', () => {
  it('refuses analysts both ways, their own request or not, and changes nothing', async () => {
    const id = await pendingClosure();
    for (const who of [analyst, analyst2]) {
      as(who);
      expect(await approveClosureAction({}, form({ alert_id: id }))).toEqual({ message: ROLE_REFUSAL });
      expect(await rejectClosureAction({}, form({ alert_id: id }))).toEqual({ message: ROLE_REFUSAL });
    }
    expect(await alertRow(id)).toMatchObject({ status: 'pending_closure', closureRequestedBy: analyst.id });
  });

  it("lets a reviewer approve an analyst's request: the alert closes with them as closer", async () => {
    const id = await pendingClosure();
    as(reviewer);
    expect(await approveClosureAction({}, form({ alert_id: id }))).toEqual({ ok: true });
    expect(await alertRow(id)).toMatchObject({ status: 'closed', closedBy: reviewer.id, disposition: 'false_positive' });
    // Deciding twice is a conflict, shown as a message.
    expect(await rejectClosureAction({}, form({ alert_id: id }))).toEqual({ message: 'alert is not pending closure' });
  });

  it('lets an admin approve, and a reviewer send a request back to in review', async () => {
    const approved = await pendingClosure();
    as(admin);
    expect(await approveClosureAction({}, form({ alert_id: approved }))).toEqual({ ok: true });
    expect((await alertRow(approved))?.status).toBe('closed');
    const rejected = await pendingClosure();
    as(reviewer);
    expect(await rejectClosureAction({}, form({ alert_id: rejected }))).toEqual({ ok: true });
    expect(await alertRow(rejected)).toMatchObject({ status: 'in_review', disposition: null, closureRequestedBy: null });
  });

  it('refuses a reviewer approving their own request (four-eyes), but lets them take it back', async () => {
    const id = await pendingClosure(reviewer.actor);
    as(reviewer);
    expect(await approveClosureAction({}, form({ alert_id: id }))).toEqual({ message: 'the person who requested closure cannot approve it' });
    expect((await alertRow(id))?.status).toBe('pending_closure');
    expect(await rejectClosureAction({}, form({ alert_id: id }))).toEqual({ ok: true });
    expect((await alertRow(id))?.status).toBe('in_review');
  });

  it("counts a request made through one of the admin's own API keys as the admin's: they cannot approve it in the console", async () => {
    const { key } = await createKey(getDb(), admin.actor, { name: `admin-key-${randomUUID().slice(0, 6)}` });
    const keyActor: Actor = { orgId, actorId: key.id, actorKind: 'key', owner: { kind: 'person', id: admin.id } };
    const id = await pendingClosure(keyActor);
    as(admin);
    expect(await approveClosureAction({}, form({ alert_id: id }))).toEqual({ message: 'the person who requested closure cannot approve it' });
    as(reviewer);
    expect(await approveClosureAction({}, form({ alert_id: id }))).toEqual({ ok: true });
  });

  it("answers not found for another organisation's alert and for an id that is none, changing nothing", async () => {
    const id = await pendingClosure();
    as(stranger);
    expect(await approveClosureAction({}, form({ alert_id: id }))).toEqual({ message: 'alert not found' });
    expect(await rejectClosureAction({}, form({ alert_id: id }))).toEqual({ message: 'alert not found' });
    as(reviewer);
    expect(await approveClosureAction({}, form({ alert_id: 'ALR-1' }))).toEqual({ message: 'alert not found' });
    expect(await approveClosureAction({}, form({ alert_id: randomUUID() }))).toEqual({ message: 'alert not found' });
    expect((await alertRow(id))?.status).toBe('pending_closure');
  });
});

describe('approving and sending back a screening clearance in the console', () => {
  it('refuses analysts both ways and changes nothing', async () => {
    const c = await pendingClearance();
    for (const who of [analyst, analyst2]) {
      as(who);
      const fields = { screening_id: c.screeningId, resolution_id: c.resolutionId };
      expect(await approveClearanceAction({}, form(fields))).toEqual({ message: ROLE_REFUSAL });
      expect(await rejectClearanceAction({}, form(fields))).toEqual({ message: ROLE_REFUSAL });
    }
    expect((await resolutionRow(c.resolutionId))?.status).toBe('pending_approval');
  });

  it("lets a reviewer approve an analyst's clearance: the review is cleared and the screening's alert closes", async () => {
    const c = await pendingClearance();
    as(reviewer);
    expect(await approveClearanceAction({}, form({ screening_id: c.screeningId, resolution_id: c.resolutionId }))).toEqual({ ok: true });
    expect(await resolutionRow(c.resolutionId)).toMatchObject({ status: 'final', decidedBy: reviewer.id });
    const [s] = await getDb().select().from(screenings).where(and(eq(screenings.orgId, orgId), eq(screenings.id, c.screeningId)));
    expect(s?.review).toBe('cleared');
    expect(await alertRow(c.alertId)).toMatchObject({ status: 'closed', closedBy: reviewer.id, closureRequestedBy: analyst.id, disposition: 'false_positive' });
  });

  it('lets an admin send a clearance back, after which the match is open again', async () => {
    const c = await pendingClearance();
    as(admin);
    expect(await rejectClearanceAction({}, form({ screening_id: c.screeningId, resolution_id: c.resolutionId }))).toEqual({ ok: true });
    expect(await resolutionRow(c.resolutionId)).toMatchObject({ status: 'rejected', decidedBy: admin.id });
    const [s] = await getDb().select().from(screenings).where(and(eq(screenings.orgId, orgId), eq(screenings.id, c.screeningId)));
    expect(s?.review).toBe('open');
    expect((await alertRow(c.alertId))?.status).toBe('open');
  });

  it('refuses an admin approving their own clearance (four-eyes)', async () => {
    const c = await pendingClearance(admin.actor);
    as(admin);
    expect(await approveClearanceAction({}, form({ screening_id: c.screeningId, resolution_id: c.resolutionId }))).toEqual({
      message: "the person who cleared a match can't approve it",
    });
    expect((await resolutionRow(c.resolutionId))?.status).toBe('pending_approval');
  });

  it("answers not found for another organisation's clearance and for ids that are none", async () => {
    const c = await pendingClearance();
    as(stranger);
    expect(await approveClearanceAction({}, form({ screening_id: c.screeningId, resolution_id: c.resolutionId }))).toEqual({ message: 'resolution not found' });
    expect(await rejectClearanceAction({}, form({ screening_id: c.screeningId, resolution_id: c.resolutionId }))).toEqual({ message: 'resolution not found' });
    as(reviewer);
    expect(await approveClearanceAction({}, form({ screening_id: c.screeningId, resolution_id: 'nope' }))).toEqual({ message: 'resolution not found' });
    expect(await approveClearanceAction({}, form({ screening_id: c.screeningId, resolution_id: randomUUID() }))).toEqual({ message: 'resolution not found' });
    expect((await resolutionRow(c.resolutionId))?.status).toBe('pending_approval');
  });
});

describe('the list of what waits for a second person', () => {
  it('holds closures and clearances oldest first, pages by keyset without gaps or repeats, and says whose each is', async () => {
    const own = await newOrg('console-approvals-list');
    const a = await consolePerson(own.orgId, 'analyst');
    const r = await consolePerson(own.orgId, 'reviewer');
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await createScreening(getDb(), a.actor, { name: NAME, kind: 'person', reference: `list-${i}` });
      await requestClosure(getDb(), a.actor, s.alertId as string, { disposition: 'escalated' });
      made.push(s.alertId as string);
      const t = await createScreening(getDb(), a.actor, { name: NAME, kind: 'person', reference: `list-c-${i}` });
      made.push((await recordResolution(getDb(), r.actor, t.id, { list: CODE, entry_ref: 'Y-1', outcome: 'false_positive', note: `clearance ${i}` })).id);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listPendingApprovals(getDb(), r.actor, { limit: 4, cursor });
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(made);
    const first = (await listPendingApprovals(getDb(), r.actor, { limit: 2 })).items;
    expect(first[0]).toMatchObject({ kind: 'alert_closure', disposition: 'escalated', requestedBy: a.id, requesterOwnerId: a.id, subjectId: 'list-0', subjectName: NAME });
    expect(first[1]).toMatchObject({ kind: 'screening_clearance', requestedBy: r.id, list: CODE, entryRef: 'Y-1', entryName: NAME, score: 100, note: 'clearance 0', reference: 'list-c-0' });
    expect(await countPendingApprovals(getDb(), r.actor)).toEqual({ alertClosures: 3, screeningClearances: 3, strs: 0, ruleActivations: 0, ctrs: 0, total: 6 });
    // The reviewer cleared the three matches themselves: only the closures are theirs to decide.
    expect(await countPendingForOthers(getDb(), r.actor)).toEqual({ alertClosures: 3, screeningClearances: 0, strs: 0, ruleActivations: 0, ctrs: 0, total: 3 });
    expect(await countPendingApprovals(getDb(), stranger.actor)).toEqual({ alertClosures: 0, screeningClearances: 0, strs: 0, ruleActivations: 0, ctrs: 0, total: 0 });
    expect((await listPendingApprovals(getDb(), stranger.actor, { limit: 50 })).items).toEqual([]);
  });
});
