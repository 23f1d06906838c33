import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { people } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { hashPassword, verifyPassword } from '@/lib/auth/passwords';
import { recordPasswordFailure } from '@/lib/auth/record-password-failure';
import { endSessionsOf } from '@/lib/auth/sessions';
import { LOCKED_MESSAGE } from '@/lib/auth/sign-in-with-password';
import { recordAudit } from '@/lib/audit/record';
import { ForbiddenError, InvalidInputError, NotFoundError } from '@/lib/errors';
import { parseInput } from '@/lib/validation';
import { newPasswordInput } from './schemas';
import type { PersonRow } from './serialize';

export interface ChangePasswordInput {
  currentPassword: unknown;
  newPassword: unknown;
  /** The session the change is made from: it stays signed in; every other session of the person ends. */
  sessionId?: string;
}

/**
 * A signed-in person replaces their own password (also the forced change after a one-time password).
 * Rules: the current password must be right, the new one 12 to 72 characters and different from it.
 * A wrong current password counts toward the same lockout as a failed sign-in; the lock also ends every
 * session of the person, so whoever holds a session cannot go on guessing.
 */
export async function changePassword(db: Database, actor: Actor, input: ChangePasswordInput, now = new Date()): Promise<PersonRow> {
  if (actor.actorKind !== 'person') throw new ForbiddenError('only a signed-in person can change their password');
  const [person] = await db
    .select()
    .from(people)
    .where(and(eq(people.orgId, actor.orgId), eq(people.id, actor.actorId)));
  if (!person || !person.active) throw new NotFoundError('person not found');
  if (person.lockedUntil && person.lockedUntil > now) throw new ForbiddenError(LOCKED_MESSAGE);
  const current = typeof input.currentPassword === 'string' ? input.currentPassword : '';
  if (!(await verifyPassword(person.passwordHash, current))) {
    const locked = await db.transaction(async (tx) => {
      const [fresh] = await tx
        .select()
        .from(people)
        .where(and(eq(people.orgId, actor.orgId), eq(people.id, actor.actorId)))
        .for('update');
      if (!fresh) throw new NotFoundError('person not found');
      const { lockedUntil } = await recordPasswordFailure(tx, fresh, 'password_change', now);
      if (lockedUntil) await endSessionsOf(tx, fresh, 'locked');
      return lockedUntil !== null;
    });
    if (locked) throw new ForbiddenError(LOCKED_MESSAGE);
    throw new InvalidInputError('the current password is not right', 'current_password');
  }
  const { new_password: next } = parseInput(newPasswordInput, { new_password: input.newPassword });
  if (next === current) throw new InvalidInputError('the new password must differ from the current one', 'new_password');
  const passwordHash = await hashPassword(next);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(people)
      .set({ passwordHash, mustChangePassword: false, failedAttempts: 0, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(people.orgId, actor.orgId), eq(people.id, actor.actorId)))
      .returning();
    if (!row) throw new NotFoundError('person not found');
    await endSessionsOf(tx, row, 'password_changed', input.sessionId);
    await recordAudit(tx, actor, {
      action: 'person.password_changed',
      targetType: 'person',
      targetId: row.id,
      changes: { forced: person.mustChangePassword },
    });
    return row;
  });
}
