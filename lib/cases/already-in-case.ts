import { and, eq, inArray } from 'drizzle-orm';
import { isUniqueViolation } from '@/db/errors';
import type { Queryable } from '@/db/client';
import { alerts, caseAlerts, cases } from '@/db/schema';
import { ConflictError } from '@/lib/errors';
import { alreadyInCaseMessage } from './schemas';

/** The constraint that keeps an alert in at most one case (db/schema/cases.ts). */
export const ONE_CASE_PER_ALERT = 'case_alerts_one_case_per_alert';

/**
 * Turns the unique violation of `case_alerts_one_case_per_alert` into the 409 naming the alert and
 * the case that holds it (read after the refused transaction rolled back, so the case that won the
 * race is visible); any other error is rethrown unchanged.
 */
export async function refuseAlreadyInCase(db: Queryable, orgId: string, alertIds: string[], err: unknown): Promise<never> {
  if (!isUniqueViolation(err, ONE_CASE_PER_ALERT)) throw err;
  const [held] = await db
    .select({ alertNumber: alerts.number, caseNumber: cases.number })
    .from(caseAlerts)
    .innerJoin(alerts, and(eq(alerts.orgId, caseAlerts.orgId), eq(alerts.id, caseAlerts.alertId)))
    .innerJoin(cases, and(eq(cases.orgId, caseAlerts.orgId), eq(cases.id, caseAlerts.caseId)))
    .where(and(eq(caseAlerts.orgId, orgId), inArray(caseAlerts.alertId, alertIds)))
    .orderBy(alerts.number)
    .limit(1);
  if (!held) throw err;
  throw new ConflictError(alreadyInCaseMessage(held.alertNumber, held.caseNumber));
}
