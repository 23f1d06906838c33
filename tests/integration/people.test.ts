import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { auditLog, people } from '@/db/schema';
import { systemActor } from '@/lib/auth/actor';
import type { PersonActor } from '@/lib/auth/person-actor';
import { ForbiddenError } from '@/lib/errors';
import { changeRole } from '@/lib/people/change-role';
import { createPerson } from '@/lib/people/create-person';
import { deactivatePerson } from '@/lib/people/deactivate-person';
import { listPeople } from '@/lib/people/list-people';
import { newOrg } from '../support/api';
import { newPerson, personOf, signedIn, signInOverHttp } from '../support/people';
import { refusal } from '../support/refusal';

const db = () => getDb();

describe('people management', () => {
  it('lets an admin add a person with a one-time password, and writes person.created with the admin as actor', async () => {
    const org = await newOrg();
    const admin = await signedIn(org.orgId, 'admin');
    const { person, password, oneTime } = await createPerson(db(), admin.who.actor, { email: ' Nina.Analyst@Bank.example ', name: ' Nina ', role: 'analyst' });
    expect(oneTime).toBe(true);
    expect(password).toMatch(/^[2-9A-HJ-NP-Za-km-z]{16}$/);
    expect(person).toMatchObject({ orgId: org.orgId, email: 'Nina.Analyst@Bank.example', name: 'Nina', role: 'analyst', mustChangePassword: true, createdBy: admin.person.id });
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.orgId, org.orgId), eq(auditLog.targetId, person.id)));
    expect(entry).toMatchObject({ action: 'person.created', actor: admin.person.id, actorKind: 'person' });
    expect(JSON.stringify(entry?.changes)).not.toContain(password);

    // The one-time password signs in, and the session must change it first.
    const answer = await signInOverHttp('nina.analyst@bank.example', password);
    expect(answer.ok).toBe(true);
    expect((await personOf(answer.cookie))?.mustChangePassword).toBe(true);
  });

  it('refuses bad input with the field named, and a second account for an email in any case', async () => {
    const org = await newOrg();
    const admin = await signedIn(org.orgId, 'admin');
    const actor = admin.who.actor;
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ email: 'a@b.example', name: '', role: 'analyst' }, 'name', 'name must be 1 to 200 characters'],
      [{ email: 'a@b.example', name: 'x'.repeat(201), role: 'analyst' }, 'name', 'name must be 1 to 200 characters'],
      [{ email: 'nope', name: 'A', role: 'analyst' }, 'email', 'email must be an email address of at most 254 characters'],
      [{ email: 'a@b.example', name: 'A', role: 'boss' }, 'role', 'role must be analyst, reviewer or admin'],
      [{ email: 'a@b.example', name: 'A', role: 'analyst', password: 'short' }, 'password', 'password must be 12 to 72 characters'],
      [{ email: 'a@b.example', name: 'A', role: 'analyst', password: 'x'.repeat(73) }, 'password', 'password must be 12 to 72 characters'],
    ];
    for (const [input, field, message] of refusals) {
      const err = await createPerson(db(), actor, input as never).catch((e: unknown) => e);
      expect(refusal(err), JSON.stringify(input)).toMatchObject({ status: 400, field, message });
    }
    await createPerson(db(), actor, { email: 'Same@Bank.example', name: 'A', role: 'analyst' });
    const other = await newOrg();
    // Emails are unique across the install, whatever the organisation or the case.
    const clash = await createPerson(db(), systemActor(other.orgId), { email: 'same@bank.EXAMPLE', name: 'B', role: 'analyst' }).catch((e: unknown) => e);
    expect(refusal(clash)).toMatchObject({ status: 409, message: 'this email already has an account', field: 'email' });
  });

  it('keeps people management to admins: analysts, reviewers and API keys get 403', async () => {
    const org = await newOrg();
    const analyst = await signedIn(org.orgId, 'analyst');
    const reviewer = await signedIn(org.orgId, 'reviewer');
    const target = await newPerson(org.orgId, 'analyst');
    const keyActor = { orgId: org.orgId, actorId: org.keyId, actorKind: 'key' as const };
    for (const actor of [analyst.who.actor, reviewer.who.actor, keyActor]) {
      for (const attempt of [
        () => createPerson(db(), actor, { email: 'x@y.example', name: 'X', role: 'admin' }),
        () => changeRole(db(), actor, target.person.id, 'admin'),
        () => deactivatePerson(db(), actor, target.person.id),
        () => listPeople(db(), actor),
      ]) {
        const err = await attempt().catch((e: unknown) => e);
        expect(err).toBeInstanceOf(ForbiddenError);
        expect((err as Error).message).toMatch(/^only an admin can /);
      }
    }
    const [row] = await db().select().from(people).where(eq(people.id, target.person.id));
    expect(row).toMatchObject({ role: 'analyst', active: true });
  });

  it('changes roles (effective at the next request) and deactivates people (their sessions end at once)', async () => {
    const org = await newOrg();
    const admin = await signedIn(org.orgId, 'admin');
    const nina = await signedIn(org.orgId, 'analyst');

    const promoted = await changeRole(db(), admin.who.actor, nina.person.id, 'reviewer');
    expect(promoted.role).toBe('reviewer');
    expect((await personOf(nina.cookie))?.role).toBe('reviewer');
    expect((await personOf(nina.cookie))?.actor.role).toBe('reviewer');

    const unknownRole = await changeRole(db(), admin.who.actor, nina.person.id, 'owner').catch((e: unknown) => e);
    expect(refusal(unknownRole)).toMatchObject({ status: 400, message: 'role must be analyst, reviewer or admin' });

    const gone = await deactivatePerson(db(), admin.who.actor, nina.person.id);
    expect(gone).toMatchObject({ active: false, deactivatedBy: admin.person.id });
    expect(await personOf(nina.cookie)).toBeNull();
    const again = await deactivatePerson(db(), admin.who.actor, nina.person.id).catch((e: unknown) => e);
    expect(refusal(again)).toMatchObject({ status: 409, message: 'this person is already deactivated' });
    const roleOfGone = await changeRole(db(), admin.who.actor, nina.person.id, 'admin').catch((e: unknown) => e);
    expect(refusal(roleOfGone)).toMatchObject({ status: 409, message: 'this person is deactivated' });

    const entries = await db().select().from(auditLog).where(and(eq(auditLog.orgId, org.orgId), eq(auditLog.targetId, nina.person.id)));
    const byAdmin = entries.filter((e) => e.actor === admin.person.id);
    expect(byAdmin.map((e) => e.action).sort()).toEqual(['person.deactivated', 'person.role_changed']);
    expect(byAdmin.every((e) => e.actorKind === 'person')).toBe(true);
    expect(byAdmin.find((e) => e.action === 'person.role_changed')?.changes).toEqual({ role: { from: 'analyst', to: 'reviewer' } });
  });

  it('always keeps one active admin and never lets admins deactivate themselves', async () => {
    const org = await newOrg();
    const admin = await signedIn(org.orgId, 'admin');
    const self = await deactivatePerson(db(), admin.who.actor, admin.person.id).catch((e: unknown) => e);
    expect(refusal(self)).toMatchObject({ status: 409, message: "you can't deactivate yourself" });
    const demote = await changeRole(db(), admin.who.actor, admin.person.id, 'analyst').catch((e: unknown) => e);
    expect(refusal(demote)).toMatchObject({ status: 409, message: 'the organisation needs at least one active admin' });
    const lastByCli = await deactivatePerson(db(), systemActor(org.orgId), admin.person.id).catch((e: unknown) => e);
    expect(refusal(lastByCli)).toMatchObject({ status: 409, message: 'the organisation needs at least one active admin' });

    // With a second admin, either may step down, but not both at once.
    const second = await signedIn(org.orgId, 'admin');
    const both = await Promise.allSettled([
      changeRole(db(), admin.who.actor, admin.person.id, 'reviewer'),
      changeRole(db(), second.who.actor, second.person.id, 'reviewer'),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const admins = await db().select().from(people).where(and(eq(people.orgId, org.orgId), eq(people.role, 'admin')));
    expect(admins).toHaveLength(1);
  });

  it('keeps organisations apart: another organisation’s people are answered 404 and never listed', async () => {
    const mine = await newOrg();
    const theirs = await newOrg();
    const admin = await signedIn(mine.orgId, 'admin');
    const stranger = await newPerson(theirs.orgId, 'analyst');
    const actor: PersonActor = admin.who.actor;

    const role = await changeRole(db(), actor, stranger.person.id, 'admin').catch((e: unknown) => e);
    expect(refusal(role)).toMatchObject({ status: 404, message: 'person not found' });
    const off = await deactivatePerson(db(), actor, stranger.person.id).catch((e: unknown) => e);
    expect(refusal(off)).toMatchObject({ status: 404, message: 'person not found' });
    const notUuid = await deactivatePerson(db(), actor, 'not-a-uuid').catch((e: unknown) => e);
    expect(refusal(notUuid)).toMatchObject({ status: 404, message: 'person not found' });

    const listed = await listPeople(db(), actor);
    expect(listed.map((p) => p.id)).toEqual([admin.person.id]);
    const [row] = await db().select().from(people).where(eq(people.id, stranger.person.id));
    expect(row).toMatchObject({ role: 'analyst', active: true });
  });
});
