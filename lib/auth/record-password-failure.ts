import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { people } from '@/db/schema';
import { recordAudit } from '@/lib/audit/record';
import type { PersonRow } from '@/lib/people/serialize';
import { systemActor } from './actor';

/** Consecutive failed password checks that lock an account ... */
export const LOCK_AFTER_FAILURES = 5;
/** ... and for how long. A success resets the count; after the lock the count starts again from zero. */
export const LOCK_MS = 15 * 60_000;

/**
 * One wrong password for `person` (locked FOR UPDATE by the caller), at sign-in or on the change-password
 * form: both count toward the same lockout, so a stolen session cannot guess the password without limit.
 * Written to the audit log by the system actor `sign-in`; returns when the account is now locked until.
 */
export async function recordPasswordFailure(
  tx: Tx,
  person: PersonRow,
  at: 'sign_in' | 'password_change',
  now: Date,
): Promise<{ lockedUntil: Date | null }> {
  const lockOver = person.lockedUntil !== null && person.lockedUntil <= now;
  const failures = (lockOver ? 0 : person.failedAttempts) + 1;
  const locking = failures >= LOCK_AFTER_FAILURES;
  const lockedUntil = locking ? new Date(now.getTime() + LOCK_MS) : lockOver ? null : person.lockedUntil;
  await tx
    .update(people)
    .set({ failedAttempts: failures, lockedUntil })
    .where(and(eq(people.orgId, person.orgId), eq(people.id, person.id)));
  const system = systemActor(person.orgId, 'sign-in');
  await recordAudit(tx, system, {
    action: at === 'sign_in' ? 'person.sign_in_failed' : 'person.password_change_failed',
    targetType: 'person',
    targetId: person.id,
    changes: { failed_attempts: failures },
  });
  if (locking && lockedUntil) {
    await recordAudit(tx, system, {
      action: 'person.locked',
      targetType: 'person',
      targetId: person.id,
      changes: { locked_until: lockedUntil.toISOString(), failed_attempts: failures },
    });
    return { lockedUntil };
  }
  return { lockedUntil: null };
}
