import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { people } from '@/db/schema';
import { recordAudit } from '@/lib/audit/record';
import type { PersonRow } from '@/lib/people/serialize';
import { systemActor } from './actor';
import { allowSignInAttempt } from './limit-sign-in-attempts';
import { hashPassword, verifyPassword } from './passwords';
import { LOCK_AFTER_FAILURES, LOCK_MS, recordPasswordFailure } from './record-password-failure';
import { openSession } from './sessions';

export { LOCK_AFTER_FAILURES, LOCK_MS };

export type SignInFailure = 'credentials' | 'locked' | 'deactivated' | 'throttled';

const MESSAGES: Record<SignInFailure, string> = {
  credentials: 'wrong email or password',
  locked: `this account is locked for ${LOCK_MS / 60_000} minutes after ${LOCK_AFTER_FAILURES} failed sign-ins; try again later or ask an admin`,
  deactivated: 'this account has been deactivated; ask an admin of your organisation',
  throttled: `too many sign-in attempts from this address; wait a minute and try again`,
};

/** The account-lock message, also the change-password form's answer once the lock is on. */
export const LOCKED_MESSAGE = MESSAGES.locked;

export class SignInRefused extends Error {
  constructor(
    readonly code: SignInFailure,
    readonly lockedUntil?: Date,
  ) {
    super(MESSAGES[code]);
    this.name = 'SignInRefused';
  }
}

export const signInMessage = (code: string | undefined): string =>
  code && code in MESSAGES ? MESSAGES[code as SignInFailure] : MESSAGES.credentials;

// An unknown email still costs one Argon2 verification, so timing does not tell which emails have accounts.
let dummyHash: Promise<string> | undefined;
const burnTime = async (password: string) => {
  dummyHash ??= hashPassword('a password that matches no account');
  await verifyPassword(await dummyHash, password);
};

const SIGN_IN = 'sign-in';

/**
 * Checks an email and password and opens a session. Refusals: too many attempts from the client's address
 * (SIGN_IN_ATTEMPTS_PER_MINUTE), wrong email or password (the same answer for both), locked (LOCK_AFTER_FAILURES failures in a row lock the account for LOCK_MS), deactivated
 * (only said to someone who knows the password). Failures and locks are written to the audit log by the
 * system actor `sign-in`; a success by the person.
 */
export async function signInWithPassword(
  db: Database,
  input: { email?: unknown; password?: unknown },
  now = new Date(),
  clientAddress = 'unknown',
): Promise<{ person: PersonRow; sessionId: string }> {
  // Counted before any lookup or hash, so a flood of guesses from one address costs no Argon2 work.
  if (!allowSignInAttempt(clientAddress, now.getTime())) throw new SignInRefused('throttled');
  const email = typeof input.email === 'string' ? input.email.trim() : '';
  const password = typeof input.password === 'string' ? input.password : '';
  const [found] = email
    ? await db.select().from(people).where(sql`lower(${people.email}) = lower(${email})`)
    : [];
  if (!found || password === '') {
    await burnTime(password);
    throw new SignInRefused('credentials');
  }
  if (found.lockedUntil && found.lockedUntil > now) throw new SignInRefused('locked', found.lockedUntil);

  const right = await verifyPassword(found.passwordHash, password);
  type Outcome = { refused: SignInFailure; until?: Date } | { refused?: undefined; person: PersonRow; sessionId: string };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [person] = await tx
      .select()
      .from(people)
      .where(and(eq(people.orgId, found.orgId), eq(people.id, found.id)))
      .for('update');
    if (!person) return { refused: 'credentials' };
    // Another attempt may have locked the account while the password was being checked.
    if (person.lockedUntil && person.lockedUntil > now) return { refused: 'locked', until: person.lockedUntil };
    const system = systemActor(person.orgId, SIGN_IN);

    if (!right) {
      const { lockedUntil } = await recordPasswordFailure(tx, person, 'sign_in', now);
      return lockedUntil ? { refused: 'locked', until: lockedUntil } : { refused: 'credentials' };
    }

    if (!person.active) {
      await recordAudit(tx, system, {
        action: 'person.sign_in_failed',
        targetType: 'person',
        targetId: person.id,
        changes: { reason: 'deactivated' },
      });
      return { refused: 'deactivated' };
    }

    const [signedIn] = await tx
      .update(people)
      .set({ failedAttempts: 0, lockedUntil: null, lastSignInAt: now })
      .where(and(eq(people.orgId, person.orgId), eq(people.id, person.id)))
      .returning();
    if (!signedIn) throw new Error('sign-in update returned no row');
    const sessionId = await openSession(tx, signedIn);
    await recordAudit(
      tx,
      { orgId: signedIn.orgId, actorId: signedIn.id, actorKind: 'person' },
      { action: 'person.signed_in', targetType: 'person_session', targetId: sessionId },
    );
    return { person: signedIn, sessionId };
  });
  if (outcome.refused) throw new SignInRefused(outcome.refused, outcome.until);
  return { person: outcome.person, sessionId: outcome.sessionId };
}
