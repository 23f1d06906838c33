import { and, eq } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { strReports } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';

/** The STR started from a case of the actor's organisation (one per case), or null while none is. */
export async function strOfCase(db: Queryable, actor: Actor, caseId: string): Promise<{ id: string; number: number; status: string } | null> {
  authorize(actor, 'work');
  const [row] = await db
    .select({ id: strReports.id, number: strReports.number, status: strReports.status })
    .from(strReports)
    .where(and(eq(strReports.orgId, actor.orgId), eq(strReports.caseId, caseId)));
  return row ?? null;
}
