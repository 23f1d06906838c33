import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { people } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorizePeopleAdministration } from '@/lib/auth/policy';
import { endSessionsOf } from '@/lib/auth/sessions';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError } from '@/lib/errors';
import { keepOneAdmin, lockForAdminChange } from './lock-admins';
import type { PersonRow } from './serialize';

/**
 * Deactivates a person of the actor's organisation: they cannot sign in any more and their open sessions
 * end at once. The record stays (their name is on past work and in the audit log).
 */
export async function deactivatePerson(db: Database, actor: Actor, personId: string): Promise<PersonRow> {
  authorizePeopleAdministration(actor, 'manage people');
  return db.transaction(async (tx) => {
    const { target, otherActiveAdmins } = await lockForAdminChange(tx, actor.orgId, personId);
    if (actor.actorKind === 'person' && actor.actorId === target.id) throw new ConflictError("you can't deactivate yourself");
    if (!target.active) throw new ConflictError('this person is already deactivated');
    keepOneAdmin(target, otherActiveAdmins);
    const [row] = await tx
      .update(people)
      .set({ active: false, deactivatedAt: sql`now()`, deactivatedBy: actor.actorId, updatedAt: sql`now()` })
      .where(and(eq(people.orgId, actor.orgId), eq(people.id, target.id), eq(people.active, true)))
      .returning();
    if (!row) throw new ConflictError('this person is already deactivated');
    await endSessionsOf(tx, row, 'deactivated');
    await recordAudit(tx, actor, { action: 'person.deactivated', targetType: 'person', targetId: row.id, changes: { email: row.email } });
    return row;
  });
}
