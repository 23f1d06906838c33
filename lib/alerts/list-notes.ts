import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { alertNotes, alerts } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { NotFoundError } from '@/lib/errors';
import { ALERT_NOT_FOUND } from './get-alert';
import type { AlertNoteRow } from './serialize';

/** An alert's notes, oldest first; 404 when the alert is not the organisation's. */
export async function listNotes(db: Queryable, actor: Actor, alertId: string): Promise<AlertNoteRow[]> {
  authorize(actor, 'work');
  const rows = await db
    .select({ alertId: alerts.id, note: alertNotes })
    .from(alerts)
    .leftJoin(alertNotes, and(eq(alertNotes.orgId, alerts.orgId), eq(alertNotes.alertId, alerts.id)))
    .where(and(eq(alerts.orgId, actor.orgId), eq(alerts.id, alertId)))
    .orderBy(asc(alertNotes.createdAt), asc(alertNotes.id));
  if (rows.length === 0) throw new NotFoundError(ALERT_NOT_FOUND);
  return rows.map((r) => r.note).filter((n): n is AlertNoteRow => n !== null);
}
