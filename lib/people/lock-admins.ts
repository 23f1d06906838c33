import { and, eq } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { people } from '@/db/schema';
import { ConflictError, NotFoundError } from '@/lib/errors';
import type { PersonRow } from './serialize';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const LAST_ADMIN_MESSAGE = 'the organisation needs at least one active admin';

/**
 * Locks the organisation's active admins, then reads the target person (404 when not in this organisation).
 * Holding the admins' rows means two concurrent demotions or deactivations cannot together leave none.
 */
export async function lockForAdminChange(
  tx: Queryable,
  orgId: string,
  personId: string,
): Promise<{ target: PersonRow; otherActiveAdmins: number }> {
  const admins = await tx
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.orgId, orgId), eq(people.role, 'admin'), eq(people.active, true)))
    .orderBy(people.id) // one locking order, so concurrent changes queue rather than deadlock
    .for('update');
  if (!UUID.test(personId)) throw new NotFoundError('person not found');
  const [target] = await tx
    .select()
    .from(people)
    .where(and(eq(people.orgId, orgId), eq(people.id, personId)))
    .for('update');
  if (!target) throw new NotFoundError('person not found');
  return { target, otherActiveAdmins: admins.filter((a) => a.id !== target.id).length };
}

export function keepOneAdmin(target: PersonRow, otherActiveAdmins: number): void {
  if (target.role === 'admin' && target.active && otherActiveAdmins === 0) throw new ConflictError(LAST_ADMIN_MESSAGE);
}
