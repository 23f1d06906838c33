import { and, eq } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { alerts } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { NotFoundError } from '@/lib/errors';
import { selectAlertViews } from './alert-view';

export const ALERT_NOT_FOUND = 'alert not found';

/** One alert of the actor's organisation with its list fields; another organisation's alert is a 404. */
export async function getAlert(db: Queryable, actor: Actor, id: string) {
  authorize(actor, 'work');
  const [row] = await selectAlertViews(db).where(and(eq(alerts.orgId, actor.orgId), eq(alerts.id, id)));
  if (!row) throw new NotFoundError(ALERT_NOT_FOUND);
  return row;
}
