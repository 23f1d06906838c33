import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { alerts } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { NotFoundError } from '@/lib/errors';
import { ALERT_NOT_FOUND } from './get-alert';
import type { AlertRow } from './serialize';

/**
 * Reads and row-locks an alert of the actor's organisation for a change in this transaction (404
 * otherwise). A concurrent change waits here and then sees the committed state, so the state check
 * that follows, and the conditional update after it, decide a race: the loser gets its 409.
 */
export async function lockAlert(tx: Tx, actor: Actor, id: string): Promise<AlertRow> {
  const [row] = await tx
    .select()
    .from(alerts)
    .where(and(eq(alerts.orgId, actor.orgId), eq(alerts.id, id)))
    .for('update');
  if (!row) throw new NotFoundError(ALERT_NOT_FOUND);
  return row;
}
