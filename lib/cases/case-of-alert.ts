import { and, eq } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { caseAlerts, cases } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';

export interface AlertCase {
  id: string;
  number: number;
  title: string;
  status: 'open' | 'closed';
}

/** The case an alert of the organisation belongs to, or null (an alert is in at most one case). */
export async function caseOfAlert(db: Queryable, actor: Actor, alertId: string): Promise<AlertCase | null> {
  authorize(actor, 'work');
  const [row] = await db
    .select({ id: cases.id, number: cases.number, title: cases.title, status: cases.status })
    .from(caseAlerts)
    .innerJoin(cases, and(eq(cases.orgId, caseAlerts.orgId), eq(cases.id, caseAlerts.caseId)))
    .where(and(eq(caseAlerts.orgId, actor.orgId), eq(caseAlerts.alertId, alertId)));
  return row ?? null;
}
