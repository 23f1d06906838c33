import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { auditLog, people, personSessions } from '@/db/schema';
import { systemActor } from '@/lib/auth/actor';
import { resolveSession, SESSION_IDLE_MS, SESSION_MAX_MS } from '@/lib/auth/sessions';
import { LOCK_AFTER_FAILURES, LOCK_MS, signInWithPassword } from '@/lib/auth/sign-in-with-password';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import { changePassword } from '@/lib/people/change-password';
import { deactivatePerson } from '@/lib/people/deactivate-person';
import { call, newOrg } from '../support/api';
import { authCall, cookieHeader, newPerson, ORIGIN, personOf, signedIn, signInOverHttp } from '../support/people';
import { refusal } from '../support/refusal';

const db = () => getDb();

describe('sign-in (Auth.js credentials flow under /api/auth)', () => {
  it('signs in with the right password, answers the session, and refuses a wrong one with the same words as an unknown email', async () => {
    const org = await newOrg();
    const p = await newPerson(org.orgId, 'reviewer', 'a perfectly fine password');
    const wrong = await signInOverHttp(p.email, 'not the password at all');
    expect(wrong).toMatchObject({ ok: false, code: 'credentials' });
    const unknown = await signInOverHttp('nobody@nowhere.example', 'whatever password');
    expect(unknown).toMatchObject({ ok: false, code: 'credentials' });
    const empty = await signInOverHttp(p.email, '');
    expect(empty).toMatchObject({ ok: false, code: 'credentials' });

    const right = await signInOverHttp(p.email.toUpperCase(), 'a perfectly fine password');
    expect(right.ok).toBe(true);
    const session = await authCall('GET', '/api/auth/session', { cookie: right.cookie });
    expect(session.json).toMatchObject({ user: { id: p.person.id, email: p.email, name: 'Test reviewer' } });
    const who = await personOf(right.cookie);
    expect(who).toMatchObject({ id: p.person.id, orgId: org.orgId, role: 'reviewer', mustChangePassword: false });
    expect(who?.actor).toMatchObject({ actorKind: 'person', actorId: p.person.id, orgId: org.orgId });

    const entries = await db().select().from(auditLog).where(and(eq(auditLog.orgId, org.orgId), eq(auditLog.action, 'person.signed_in')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: p.person.id, actorKind: 'person', targetType: 'person_session', targetId: who?.sessionId });
  });

  it('answers on the host and scheme the browser used (trusted host), not the address the server listens on', async () => {
    const org = await newOrg();
    const p = await newPerson(org.orgId, 'analyst', 'the right password');
    const proxied = { host: 'console.bank.example', 'x-forwarded-proto': 'https' };
    const listen = 'http://0.0.0.0:3000';
    const csrf = await authCall('GET', '/api/auth/csrf', { origin: listen, headers: proxied });
    const token = (csrf.json as { csrfToken: string }).csrfToken;
    // Behind TLS the cookies carry the __Host-/__Secure- prefixes.
    expect(Object.keys(csrf.cookies)).toContain('__Host-authjs.csrf-token');
    const wrong = await authCall('POST', '/api/auth/callback/credentials', {
      origin: listen,
      headers: proxied,
      cookie: cookieHeader(csrf.cookies),
      form: { email: p.email, password: 'a wrong password', csrfToken: token, callbackUrl: 'https://console.bank.example/' },
    });
    expect(wrong.location).toBe('https://console.bank.example/sign-in?error=CredentialsSignin&code=credentials');
    const right = await authCall('POST', '/api/auth/callback/credentials', {
      origin: listen,
      headers: proxied,
      cookie: cookieHeader(csrf.cookies),
      form: { email: p.email, password: 'the right password', csrfToken: token, callbackUrl: 'https://console.bank.example/' },
    });
    expect(right.location).toBe('https://console.bank.example/');
    const secure = right.cookies['__Secure-authjs.session-token'];
    expect(secure).toBeTruthy();
    expect(await personOf(`__Secure-authjs.session-token=${secure}`)).toMatchObject({ id: p.person.id });
  });

  it(`locks the account for ${LOCK_MS / 60_000} minutes after ${LOCK_AFTER_FAILURES} failures in a row, even against the right password`, async () => {
    const org = await newOrg();
    const p = await newPerson(org.orgId, 'analyst', 'the right password');
    // A success in between resets the count.
    for (let i = 0; i < LOCK_AFTER_FAILURES - 1; i++) expect((await signInOverHttp(p.email, `wrong ${i} password`)).code).toBe('credentials');
    expect((await signInOverHttp(p.email, 'the right password')).ok).toBe(true);
    for (let i = 0; i < LOCK_AFTER_FAILURES - 1; i++) expect((await signInOverHttp(p.email, `wrong ${i} password`)).code).toBe('credentials');
    const fifth = await signInOverHttp(p.email, 'wrong again password');
    expect(fifth).toMatchObject({ ok: false, code: 'locked' });
    const right = await signInOverHttp(p.email, 'the right password');
    expect(right).toMatchObject({ ok: false, code: 'locked' });

    const [row] = await db().select().from(people).where(eq(people.id, p.person.id));
    expect(row?.failedAttempts).toBe(LOCK_AFTER_FAILURES);
    const lockedFor = (row?.lockedUntil?.getTime() ?? 0) - Date.now();
    expect(lockedFor).toBeGreaterThan(LOCK_MS - 60_000);
    expect(lockedFor).toBeLessThanOrEqual(LOCK_MS);

    const entries = await db().select().from(auditLog).where(and(eq(auditLog.orgId, org.orgId), eq(auditLog.targetId, p.person.id)));
    expect(entries.filter((e) => e.action === 'person.sign_in_failed')).toHaveLength(2 * (LOCK_AFTER_FAILURES - 1) + 1);
    expect(entries.filter((e) => e.action === 'person.locked')).toHaveLength(1);
    expect(entries.find((e) => e.action === 'person.locked')).toMatchObject({ actorKind: 'system', actor: 'sign-in' });

    // Once the lock has passed, the right password works and the count starts again.
    const later = new Date((row?.lockedUntil?.getTime() ?? 0) + 1_000);
    const after = await signInWithPassword(db(), { email: p.email, password: 'the right password' }, later);
    expect(after.person).toMatchObject({ failedAttempts: 0, lockedUntil: null });
  });

  it('starts the count again after a lock has passed, rather than locking at the first new failure', async () => {
    const org = await newOrg();
    const p = await newPerson(org.orgId, 'analyst', 'the right password');
    await db()
      .update(people)
      .set({ failedAttempts: LOCK_AFTER_FAILURES, lockedUntil: sql`now() - interval '1 minute'` })
      .where(eq(people.id, p.person.id));
    expect((await signInOverHttp(p.email, 'one wrong password')).code).toBe('credentials');
    const [row] = await db().select().from(people).where(eq(people.id, p.person.id));
    expect(row).toMatchObject({ failedAttempts: 1, lockedUntil: null });
  });

  it('refuses a deactivated person, telling only someone who knows the password', async () => {
    const org = await newOrg();
    const p = await newPerson(org.orgId, 'analyst', 'the right password');
    await deactivatePerson(db(), systemActor(org.orgId), p.person.id);
    expect((await signInOverHttp(p.email, 'the right password')).code).toBe('deactivated');
    expect((await signInOverHttp(p.email, 'a wrong password')).code).toBe('credentials');
  });

  it('ends the session at sign-out: the cookie, even a copy kept elsewhere, no longer signs anyone in', async () => {
    const org = await newOrg();
    const p = await signedIn(org.orgId, 'analyst');
    const csrf = await authCall('GET', '/api/auth/csrf', { cookie: p.cookie });
    const out = await authCall('POST', '/api/auth/signout', {
      cookie: p.cookie,
      form: { csrfToken: (csrf.json as { csrfToken: string }).csrfToken, callbackUrl: `${ORIGIN}/sign-in` },
    });
    expect(out.status).toBe(302);
    expect(out.cookies['authjs.session-token']).toBe('');
    expect(await personOf(p.cookie)).toBeNull();
    const session = await authCall('GET', '/api/auth/session', { cookie: p.cookie });
    expect(session.json).toBeNull();
    const [row] = await db().select().from(personSessions).where(eq(personSessions.id, p.who.sessionId));
    expect(row).toMatchObject({ endReason: 'signed_out' });
    expect(row?.endedAt).not.toBeNull();
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.orgId, org.orgId), eq(auditLog.action, 'person.signed_out')));
    expect(entry).toMatchObject({ actor: p.person.id, actorKind: 'person', targetId: p.who.sessionId });
  });

  it(`expires sessions ${SESSION_IDLE_MS / 60_000} minutes after the last request and ${SESSION_MAX_MS / 3_600_000} hours after sign-in`, async () => {
    const org = await newOrg();
    const p = await signedIn(org.orgId, 'analyst');
    const { sessionId } = p.who;
    const start = Date.now();
    expect(await resolveSession(db(), sessionId, p.person.id, new Date(start + SESSION_IDLE_MS - 60_000))).not.toBeNull();
    // That request moved the idle limit on.
    expect(await resolveSession(db(), sessionId, p.person.id, new Date(start + 2 * SESSION_IDLE_MS - 120_000))).not.toBeNull();
    expect(await resolveSession(db(), sessionId, p.person.id, new Date(start + 4 * SESSION_IDLE_MS))).toBeNull();

    const q = await signedIn(org.orgId, 'analyst');
    // Used every 20 minutes, still ends at the absolute limit.
    const [row] = await db().select().from(personSessions).where(eq(personSessions.id, q.who.sessionId));
    const end = (row?.createdAt.getTime() ?? 0) + SESSION_MAX_MS;
    for (let t = Date.now() + 20 * 60_000; t < end - 1_000; t += 20 * 60_000) {
      expect(await resolveSession(db(), q.who.sessionId, q.person.id, new Date(t))).not.toBeNull();
    }
    expect(await resolveSession(db(), q.who.sessionId, q.person.id, new Date(end - 1_000))).not.toBeNull();
    expect(await resolveSession(db(), q.who.sessionId, q.person.id, new Date(end))).toBeNull();
    // Another person's id with this session id is nobody.
    expect(await resolveSession(db(), q.who.sessionId, p.person.id)).toBeNull();
  });
});

describe('password change', () => {
  it('forces a person with a one-time password to change it, with the rules: current right, 12 to 72, not the same', async () => {
    const org = await newOrg();
    const p = await newPerson(org.orgId, 'analyst');
    const answer = await signInOverHttp(p.email, p.password);
    const who = await personOf(answer.cookie);
    expect(who?.mustChangePassword).toBe(true);
    const actor = who!.actor;

    const cases: [Record<string, unknown>, string, string][] = [
      [{ currentPassword: 'not it at all', newPassword: 'a new good password' }, 'current_password', 'the current password is not right'],
      [{ currentPassword: p.password, newPassword: 'x'.repeat(11) }, 'new_password', 'the new password must be 12 to 72 characters'],
      [{ currentPassword: p.password, newPassword: 'x'.repeat(73) }, 'new_password', 'the new password must be 12 to 72 characters'],
      [{ currentPassword: p.password, newPassword: undefined }, 'new_password', 'the new password must be 12 to 72 characters'],
      [{ currentPassword: p.password, newPassword: p.password }, 'new_password', 'the new password must differ from the current one'],
    ];
    for (const [input, field, message] of cases) {
      const err = await changePassword(db(), actor, input as never).catch((e: unknown) => e);
      expect(refusal(err), JSON.stringify(input)).toMatchObject({ status: 400, field, message });
    }

    // Another session of the same person ends with the change; the one that changed it stays.
    const other = await signInOverHttp(p.email, p.password);
    expect(await personOf(other.cookie)).not.toBeNull();
    const changed = await changePassword(db(), actor, { currentPassword: p.password, newPassword: '🔒 twelve chars', sessionId: who!.sessionId });
    expect(changed.mustChangePassword).toBe(false);
    expect(await personOf(other.cookie)).toBeNull();
    expect((await personOf(answer.cookie))?.mustChangePassword).toBe(false);

    expect((await signInOverHttp(p.email, p.password)).ok).toBe(false);
    expect((await signInOverHttp(p.email, '🔒 twelve chars')).ok).toBe(true);
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.orgId, org.orgId), eq(auditLog.action, 'person.password_changed')));
    expect(entry).toMatchObject({ actor: p.person.id, actorKind: 'person', changes: { forced: true } });
  });

  it('is for people only', async () => {
    const org = await newOrg();
    const err = await changePassword(db(), systemActor(org.orgId), { currentPassword: 'x', newPassword: 'y' }).catch((e: unknown) => e);
    expect(refusal(err)).toMatchObject({ status: 403 });
  });
});

describe("routes for signed-in people (route({ auth: 'person' }))", () => {
  const whoami = route({ auth: 'person', handler: async ({ actor }) => json(200, { id: actor.actorId, role: actor.role, kind: actor.actorKind }) });

  it('answers 401 without a live session, never accepting an API key', async () => {
    const org = await newOrg();
    const none = await call(whoami, { method: 'GET' });
    expect(none.status).toBe(401);
    expect(none.json).toEqual({ error: 'sign in first: this endpoint needs a signed-in person' });
    expect((await call(whoami, { key: org.key })).status).toBe(401);
    expect((await call(whoami, { headers: { cookie: 'authjs.session-token=forged' } })).status).toBe(401);
  });

  it('serves a signed-in person, 403 for another origin on changes, 403 until a one-time password is replaced', async () => {
    const org = await newOrg();
    const p = await signedIn(org.orgId, 'reviewer');
    const ok = await call(whoami, { headers: { cookie: p.cookie } });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ id: p.person.id, role: 'reviewer', kind: 'person' });
    const sameOrigin = await call(whoami, { method: 'POST', headers: { cookie: p.cookie, origin: 'http://localhost', host: 'localhost' } });
    expect(sameOrigin.status).toBe(200);
    const crossSite = await call(whoami, { method: 'POST', headers: { cookie: p.cookie, origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    expect(crossSite.json).toEqual({ error: "the request's origin is not this service" });
    // A read from another origin is not a change.
    expect((await call(whoami, { headers: { cookie: p.cookie, origin: 'https://evil.example' } })).status).toBe(200);

    const fresh = await newPerson(org.orgId, 'analyst');
    const first = await signInOverHttp(fresh.email, fresh.password);
    const forced = await call(whoami, { headers: { cookie: first.cookie } });
    expect(forced.status).toBe(403);
    expect(forced.json).toEqual({ error: 'change your password before doing anything else' });
  });

  it('cookie of a signed-out session is refused', async () => {
    const org = await newOrg();
    const p = await signedIn(org.orgId, 'analyst');
    await db().update(personSessions).set({ endedAt: new Date(), endReason: 'signed_out' }).where(eq(personSessions.id, p.who.sessionId));
    expect((await call(whoami, { headers: { cookie: cookieHeader({ 'authjs.session-token': p.cookie.split('authjs.session-token=')[1] ?? '' }) } })).status).toBe(401);
  });
});
