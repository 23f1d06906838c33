import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { cases } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { NotFoundError } from '@/lib/errors';
import { CASE_NOT_FOUND } from './schemas';
import type { CaseRow } from './serialize';

/**
 * Reads and row-locks a case of the actor's organisation for a change in this transaction (404
 * otherwise, also for another organisation's case). A concurrent change of the same case waits here,
 * then sees the committed state.
 */
export async function lockCase(tx: Tx, actor: Actor, id: string): Promise<CaseRow> {
  const [row] = await tx
    .select()
    .from(cases)
    .where(and(eq(cases.orgId, actor.orgId), eq(cases.id, id)))
    .for('update');
  if (!row) throw new NotFoundError(CASE_NOT_FOUND);
  return row;
}
