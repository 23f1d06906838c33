import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { auditLog, people } from '@/db/schema';
import { SIGN_IN_ATTEMPTS_PER_MINUTE } from '@/lib/auth/limit-sign-in-attempts';
import { LOCK_AFTER_FAILURES, LOCKED_MESSAGE, signInWithPassword } from '@/lib/auth/sign-in-with-password';
import { changePassword } from '@/lib/people/change-password';
import { newOrg } from '../support/api';
import { newPerson, personOf, signedIn, signInOverHttp } from '../support/people';
import { refusal } from '../support/refusal';

const db = () => getDb();

describe('sign-in attempts per client address', () => {
  it(`refuses the ${SIGN_IN_ATTEMPTS_PER_MINUTE + 1}th attempt in a minute from one address, even with the right password; other addresses go on`, async () => {
    const org = await newOrg('sign-in-limit');
    // Spread over several accounts and unknown emails, so no account lockout is involved.
    const accounts = await Promise.all([1, 2, 3, 4, 5].map(() => newPerson(org.orgId, 'analyst', 'the right password')));
    const address = '198.51.100.20';
    for (let i = 0; i < SIGN_IN_ATTEMPTS_PER_MINUTE; i++) {
      const email = i % 2 === 0 ? `nobody-${i}@example.test` : (accounts[i % accounts.length] as { email: string }).email;
      expect((await signInOverHttp(email, `wrong password ${i}`, address)).code, `attempt ${i}`).toBe('credentials');
    }
    const blocked = await signInOverHttp((accounts[0] as { email: string }).email, 'the right password', address);
    expect(blocked).toMatchObject({ ok: false, code: 'throttled' });
    // No account was locked or charged for the refused attempt.
    const [row] = await db().select().from(people).where(eq(people.id, (accounts[0] as { person: { id: string } }).person.id));
    expect(row?.lockedUntil).toBeNull();
    expect((await signInOverHttp((accounts[0] as { email: string }).email, 'the right password', '198.51.100.21')).ok).toBe(true);
  });

  it('the verb refuses with its own message, and a minute later the address may try again', async () => {
    const org = await newOrg('sign-in-limit-verb');
    const p = await newPerson(org.orgId, 'analyst', 'the right password');
    const start = new Date(Date.now() + 3_600_000);
    for (let i = 0; i < SIGN_IN_ATTEMPTS_PER_MINUTE; i++) {
      await signInWithPassword(db(), { email: `nobody-${i}@example.test`, password: 'x' }, start, '198.51.100.30').catch(() => undefined);
    }
    await expect(signInWithPassword(db(), { email: p.email, password: 'the right password' }, start, '198.51.100.30')).rejects.toMatchObject({
      code: 'throttled',
      message: 'too many sign-in attempts from this address; wait a minute and try again',
    });
    const aMinuteLater = new Date(start.getTime() + 60_000);
    const ok = await signInWithPassword(db(), { email: p.email, password: 'the right password' }, aMinuteLater, '198.51.100.30');
    expect(ok.person.id).toBe(p.person.id);
  });
});

describe('the change-password form counts toward the lockout', () => {
  it(`locks the account at the ${LOCK_AFTER_FAILURES}th wrong current password and ends its sessions`, async () => {
    const org = await newOrg('change-password-lock');
    const p = await signedIn(org.orgId, 'analyst');
    for (let i = 0; i < LOCK_AFTER_FAILURES - 1; i++) {
      const err = await changePassword(db(), p.who.actor, { currentPassword: `guess ${i}`, newPassword: 'a brand new password' }).catch((e: unknown) => e);
      expect(refusal(err)).toMatchObject({ status: 400, field: 'current_password', message: 'the current password is not right' });
    }
    const last = await changePassword(db(), p.who.actor, { currentPassword: 'last guess', newPassword: 'a brand new password' }).catch((e: unknown) => e);
    expect(refusal(last)).toMatchObject({ status: 403, message: LOCKED_MESSAGE });
    // The session that guessed is over, and the right password cannot sign in while the lock lasts.
    expect(await personOf(p.cookie)).toBeNull();
    expect(await signInOverHttp(p.email, p.password)).toMatchObject({ ok: false, code: 'locked' });
    const entries = await db().select().from(auditLog).where(and(eq(auditLog.orgId, org.orgId), eq(auditLog.targetId, p.person.id)));
    expect(entries.filter((e) => e.action === 'person.password_change_failed')).toHaveLength(LOCK_AFTER_FAILURES);
    expect(entries.filter((e) => e.action === 'person.locked')).toHaveLength(1);
  });

  it('shares one count with failed sign-ins, and refuses a change while locked', async () => {
    const org = await newOrg('change-password-shared');
    const p = await signedIn(org.orgId, 'analyst');
    for (let i = 0; i < LOCK_AFTER_FAILURES - 2; i++) expect((await signInOverHttp(p.email, `wrong ${i} password`)).code).toBe('credentials');
    const fourth = await changePassword(db(), p.who.actor, { currentPassword: 'guess', newPassword: 'a brand new password' }).catch((e: unknown) => e);
    expect(refusal(fourth)).toMatchObject({ status: 400, field: 'current_password' });
    expect((await signInOverHttp(p.email, 'fifth wrong password')).code).toBe('locked');
    const whileLocked = await changePassword(db(), p.who.actor, { currentPassword: p.password, newPassword: 'a brand new password' }).catch(
      (e: unknown) => e,
    );
    expect(refusal(whileLocked)).toMatchObject({ status: 403, message: LOCKED_MESSAGE });
  });

  it('a right current password resets the count', async () => {
    const org = await newOrg('change-password-reset');
    const p = await signedIn(org.orgId, 'analyst');
    await changePassword(db(), p.who.actor, { currentPassword: 'guess', newPassword: 'a brand new password' }).catch(() => undefined);
    await changePassword(db(), p.who.actor, { currentPassword: p.password, newPassword: 'a brand new password', sessionId: p.who.sessionId });
    const [row] = await db().select().from(people).where(eq(people.id, p.person.id));
    expect(row?.failedAttempts).toBe(0);
  });
});
