import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { alertNotes, alerts, auditLog } from '@/db/schema';
import { approveClosure } from '@/lib/alerts/approve-closure';
import { listNotes } from '@/lib/alerts/list-notes';
import { rejectClosure } from '@/lib/alerts/reject-closure';
import { requestClosure } from '@/lib/alerts/request-closure';
import { listAuditEntries } from '@/lib/audit/list-entries';
import { systemActor, type Actor } from '@/lib/auth/actor';
import type { PersonActor } from '@/lib/auth/person-actor';
import { formStateOf } from '@/lib/forms/form-state';
import { createKey } from '@/lib/keys/create-key';
import { revokeKey } from '@/lib/keys/revoke-key';
import { createPerson } from '@/lib/people/create-person';
import { approveResolution } from '@/lib/screening/approve-resolution';
import { createScreening } from '@/lib/screening/create-screening';
import { checkListFile } from '@/lib/screening/list-file';
import { refreshScreeningIndex } from '@/lib/screening/list-index';
import { loadScreeningList } from '@/lib/screening/load-list';
import { recordResolution } from '@/lib/screening/record-resolution';
import { rejectResolution } from '@/lib/screening/reject-resolution';
import { newOrg, type TestOrg } from '../support/api';
import { payment, postEventOk } from '../support/events';
import { refusal } from '../support/refusal';
import { activateTestRules } from '../support/rules';

// The verbs decide who may do what (lib/auth/policy.ts), whoever calls them: /v1, the console or the
// command line. People act by role, keys and the command line by kind; another organisation's record
// is a 404 like an unknown one.

const APPROVE_REFUSAL = 'only a reviewer or an admin can approve or reject';
const KEYS_REFUSAL = 'only an admin can manage API keys';
const AUDIT_REFUSAL = 'only a reviewer or an admin can read the audit log';

// A made-up list and name no other test file's list holds.
const CODE = `policy-${randomUUID().slice(0, 8)}`;
const LISTED_NAME = 'Hieronyma Quastenbrook';

type Role = PersonActor['role'];

interface Org extends TestOrg {
  /** Its first key, acting. */
  keyActor: Actor;
  /** A key of its own owner (made by the command line), which requests closures and clears matches. */
  requester: Actor;
  people: Record<Role, PersonActor>;
}

let a: Org;
let b: Org;

async function person(orgId: string, role: Role): Promise<PersonActor> {
  const { person: p } = await createPerson(getDb(), systemActor(orgId), {
    email: `${role}-${randomUUID().slice(0, 8)}@example.test`,
    name: `A ${role}`,
    role,
    password: `pw-${randomUUID()}`,
  });
  return { orgId, actorId: p.id, actorKind: 'person', role: p.role };
}

async function org(label: string): Promise<Org> {
  const made = await newOrg(label);
  await activateTestRules(made.orgId, [{ key: 'big', expr: 'amount >= 100.0', weight: 60 }]);
  const other = await createKey(getDb(), systemActor(made.orgId), { name: 'requester' });
  const keyActor: Actor = { orgId: made.orgId, actorId: made.keyId, actorKind: 'key', owner: { kind: 'key', id: made.keyId } };
  const requester: Actor = { orgId: made.orgId, actorId: other.key.id, actorKind: 'key', owner: { kind: 'key', id: other.key.id } };
  const people = { analyst: await person(made.orgId, 'analyst'), reviewer: await person(made.orgId, 'reviewer'), admin: await person(made.orgId, 'admin') };
  return { ...made, keyActor, requester, people };
}

beforeAll(async () => {
  a = await org('policy-a');
  b = await org('policy-b');
  const file = checkListFile({
    code: CODE,
    name: 'Policy test list',
    version: 'v1',
    entries: [{ ref: 'P-1', kind: 'person', name: LISTED_NAME, category: 'sanctions' }],
  });
  await loadScreeningList(getDb(), file);
  await refreshScreeningIndex(getDb());
});

/** An alert of `o` raised by a scored event. */
async function newAlert(o: Org): Promise<string> {
  const r = await postEventOk(o, payment(`src-${randomUUID()}`, 'payee', 500, '2026-03-01T12:00:00.000Z'));
  expect(r.json.alert_id).toBeTruthy();
  return r.json.alert_id as string;
}

/** An alert of `o` whose closure its requester key asked for. */
async function pendingClosure(o: Org): Promise<string> {
  const id = await newAlert(o);
  expect((await requestClosure(getDb(), o.requester, id, { disposition: 'false_positive' })).status).toBe('pending_closure');
  return id;
}

/** A match of a screening of `o`, cleared as a false positive by its requester key: waiting for approval. */
async function pendingClearing(o: Org): Promise<{ screeningId: string; resolutionId: string }> {
  const s = await createScreening(getDb(), o.requester, { name: LISTED_NAME, kind: 'person' });
  expect(s.status).toBe('potential_match');
  const r = await recordResolution(getDb(), o.requester, s.id, { list: CODE, entry_ref: 'P-1', outcome: 'false_positive', note: 'born 1990, not 1961' });
  expect(r.status).toBe('pending_approval');
  return { screeningId: s.id, resolutionId: r.id };
}

async function refusedWith(attempt: Promise<unknown>) {
  return refusal(await attempt.then(() => 'allowed', (err: unknown) => err));
}

async function alertStatus(id: string): Promise<string | undefined> {
  const [row] = await getDb().select({ status: alerts.status }).from(alerts).where(eq(alerts.id, id));
  return row?.status;
}

describe('alert closure: approve and reject need a reviewer, an admin, a key or the command line', () => {
  it('refuses an analyst both ways and leaves the request as it was', async () => {
    const id = await pendingClosure(a);
    expect(await refusedWith(approveClosure(getDb(), a.people.analyst, id))).toMatchObject({ status: 403, message: APPROVE_REFUSAL });
    expect(await refusedWith(rejectClosure(getDb(), a.people.analyst, id))).toMatchObject({ status: 403, message: APPROVE_REFUSAL });
    expect(await alertStatus(id)).toBe('pending_closure');
  });

  it('lets a reviewer, an admin, a key and the command line approve', async () => {
    for (const actor of [a.people.reviewer, a.people.admin, a.keyActor, systemActor(a.orgId)]) {
      const id = await pendingClosure(a);
      const closed = await approveClosure(getDb(), actor, id);
      expect(closed, actor.actorKind).toMatchObject({ status: 'closed', closedBy: actor.actorId });
    }
  });

  it('lets a reviewer, an admin, a key and the command line reject', async () => {
    for (const actor of [a.people.reviewer, a.people.admin, a.keyActor, systemActor(a.orgId)]) {
      const id = await pendingClosure(a);
      const back = await rejectClosure(getDb(), actor, id);
      expect(back, actor.actorKind).toMatchObject({ status: 'in_review', disposition: null, closureRequestedBy: null });
    }
  });

  it("answers another organisation's alert with 404, whoever asks", async () => {
    const id = await pendingClosure(a);
    for (const actor of [b.people.reviewer, b.people.admin, b.keyActor]) {
      expect(await refusedWith(approveClosure(getDb(), actor, id))).toMatchObject({ status: 404, message: 'alert not found' });
      expect(await refusedWith(rejectClosure(getDb(), actor, id))).toMatchObject({ status: 404, message: 'alert not found' });
    }
    expect(await alertStatus(id)).toBe('pending_closure');
  });
});

describe('screening clearance: approve and send back need a reviewer, an admin, a key or the command line', () => {
  it('refuses an analyst both ways', async () => {
    const m = await pendingClearing(a);
    for (const verb of [approveResolution, rejectResolution]) {
      expect(await refusedWith(verb(getDb(), a.people.analyst, m.screeningId, m.resolutionId))).toMatchObject({ status: 403, message: APPROVE_REFUSAL });
    }
    // Still waiting: a reviewer can approve it now.
    expect((await approveResolution(getDb(), a.people.reviewer, m.screeningId, m.resolutionId)).status).toBe('final');
  });

  it('lets a reviewer, an admin, a key and the command line approve and send back', async () => {
    for (const actor of [a.people.reviewer, a.people.admin, a.keyActor, systemActor(a.orgId)]) {
      const approved = await pendingClearing(a);
      expect((await approveResolution(getDb(), actor, approved.screeningId, approved.resolutionId)).status, actor.actorKind).toBe('final');
      const sentBack = await pendingClearing(a);
      expect((await rejectResolution(getDb(), actor, sentBack.screeningId, sentBack.resolutionId)).status, actor.actorKind).toBe('rejected');
    }
  });

  it("answers another organisation's clearing with 404", async () => {
    const m = await pendingClearing(a);
    for (const actor of [b.people.admin, b.keyActor]) {
      for (const verb of [approveResolution, rejectResolution]) {
        expect(await refusedWith(verb(getDb(), actor, m.screeningId, m.resolutionId))).toMatchObject({ status: 404, message: 'resolution not found' });
      }
    }
  });
});

describe('API keys: made and revoked by admins among people, and by keys and the command line', () => {
  it('refuses analysts and reviewers, before looking at the input', async () => {
    const target = await createKey(getDb(), systemActor(a.orgId), { name: 'target' });
    for (const actor of [a.people.analyst, a.people.reviewer]) {
      expect(await refusedWith(createKey(getDb(), actor, { name: 'mine' }))).toMatchObject({ status: 403, message: KEYS_REFUSAL });
      expect(await refusedWith(createKey(getDb(), actor, { name: '' }))).toMatchObject({ status: 403, message: KEYS_REFUSAL });
      expect(await refusedWith(revokeKey(getDb(), actor, target.key.id))).toMatchObject({ status: 403, message: KEYS_REFUSAL });
    }
    expect((await revokeKey(getDb(), a.people.admin, target.key.id)).revokedAt).toBeInstanceOf(Date);
  });

  it('lets an admin, a key and the command line create and revoke', async () => {
    for (const actor of [a.people.admin, a.keyActor, systemActor(a.orgId)]) {
      const { key } = await createKey(getDb(), actor, { name: `by ${actor.actorKind}` });
      expect(key.createdBy).toBe(actor.actorId);
      expect((await revokeKey(getDb(), actor, key.id)).revokedBy).toBe(actor.actorId);
    }
  });

  it("answers another organisation's key with 404", async () => {
    const target = await createKey(getDb(), systemActor(a.orgId), { name: 'not yours' });
    for (const actor of [b.people.admin, b.keyActor]) {
      expect(await refusedWith(revokeKey(getDb(), actor, target.key.id))).toMatchObject({ status: 404, message: 'key not found' });
    }
  });

  it('names the refused field, so the console shows the message beside it', async () => {
    const err = await createKey(getDb(), a.people.admin, { name: '' }).catch((e: unknown) => e);
    expect(refusal(err)).toMatchObject({ status: 400, message: 'name must be 1 to 64 characters', field: 'name' });
    expect(formStateOf(err, { name: '' })).toEqual({ fieldErrors: { name: 'name must be 1 to 64 characters' }, values: { name: '' } });
  });
});

describe('the audit log: read by reviewers, admins, keys and the command line', () => {
  it('refuses an analyst', async () => {
    expect(await refusedWith(listAuditEntries(getDb(), a.people.analyst, { limit: 10 }))).toMatchObject({ status: 403, message: AUDIT_REFUSAL });
  });

  it("lets the others read their own organisation's entries only", async () => {
    const id = await pendingClosure(a);
    for (const actor of [a.people.reviewer, a.people.admin, a.keyActor, systemActor(a.orgId)]) {
      const page = await listAuditEntries(getDb(), actor, { target_id: id, limit: 10 });
      expect(page.items.map((e) => e.action), actor.actorKind).toContain('alert.closure_requested');
      expect(page.items.every((e) => e.orgId === a.orgId)).toBe(true);
    }
    for (const actor of [b.people.reviewer, b.keyActor]) {
      expect((await listAuditEntries(getDb(), actor, { target_id: id, limit: 10 })).items).toEqual([]);
    }
  });
});

describe('a closure request with a note', () => {
  it('stores the note and its audit entry with the request', async () => {
    const id = await newAlert(a);
    const note = 'Rent collected for a landlord; tenancy agreements on file.';
    const row = await requestClosure(getDb(), a.people.analyst, id, { disposition: 'false_positive', note });
    expect(row).toMatchObject({ status: 'pending_closure', closureRequestedBy: a.people.analyst.actorId });
    const notes = await listNotes(getDb(), a.people.analyst, id);
    expect(notes.map((n) => ({ author: n.author, body: n.body }))).toEqual([{ author: a.people.analyst.actorId, body: note }]);
    const entries = await getDb()
      .select({ action: auditLog.action, actor: auditLog.actor })
      .from(auditLog)
      .where(and(eq(auditLog.orgId, a.orgId), eq(auditLog.targetId, id)));
    expect(entries).toEqual(
      expect.arrayContaining([
        { action: 'alert.note_added', actor: a.people.analyst.actorId },
        { action: 'alert.closure_requested', actor: a.people.analyst.actorId },
      ]),
    );
  });

  it('refuses a note out of bounds naming the field, and changes nothing', async () => {
    const id = await newAlert(a);
    for (const note of ['', 'x'.repeat(5001), 'nul \u0000 inside']) {
      const err = await requestClosure(getDb(), a.people.analyst, id, { disposition: 'escalated', note }).catch((e: unknown) => e);
      expect(refusal(err)).toMatchObject({ status: 400, field: 'note' });
    }
    expect(await alertStatus(id)).toBe('open');
    expect(await getDb().select().from(alertNotes).where(eq(alertNotes.alertId, id))).toEqual([]);
  });

  it('writes no note when the request is refused', async () => {
    const id = await pendingClosure(a);
    const err = await requestClosure(getDb(), a.people.analyst, id, { disposition: 'false_positive', note: 'again' }).catch((e: unknown) => e);
    expect(refusal(err)).toMatchObject({ status: 409, message: 'only open or in_review alerts can be put up for closure' });
    expect(await getDb().select().from(alertNotes).where(eq(alertNotes.alertId, id))).toEqual([]);
  });
});
