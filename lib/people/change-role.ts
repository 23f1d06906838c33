import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { people } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorizePeopleAdministration } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError } from '@/lib/errors';
import { parseInput } from '@/lib/validation';
import { roleChangeInput } from './schemas';
import { keepOneAdmin, lockForAdminChange } from './lock-admins';
import type { PersonRow } from './serialize';

/** Gives a person of the actor's organisation another role. Takes effect on their next request. */
export async function changeRole(db: Database, actor: Actor, personId: string, role: unknown): Promise<PersonRow> {
  authorizePeopleAdministration(actor, 'manage people');
  const { role: newRole } = parseInput(roleChangeInput, { role });
  return db.transaction(async (tx) => {
    const { target, otherActiveAdmins } = await lockForAdminChange(tx, actor.orgId, personId);
    if (!target.active) throw new ConflictError('this person is deactivated');
    if (target.role === newRole) return target;
    if (newRole !== 'admin') keepOneAdmin(target, otherActiveAdmins);
    const [row] = await tx
      .update(people)
      .set({ role: newRole, updatedAt: sql`now()` })
      .where(and(eq(people.orgId, actor.orgId), eq(people.id, target.id)))
      .returning();
    if (!row) throw new Error('role update returned no row');
    await recordAudit(tx, actor, {
      action: 'person.role_changed',
      targetType: 'person',
      targetId: row.id,
      changes: { role: { from: target.role, to: newRole } },
    });
    return row;
  });
}
