import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '@/db/client';
import { alerts, cases } from '@/db/schema';
import { ALERT_NOT_FOUND } from '@/lib/alerts/get-alert';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError, NotFoundError } from '@/lib/errors';
import { parseInput } from '@/lib/validation';
import { refuseAlreadyInCase } from './already-in-case';
import { readCase } from './get-case';
import { lockCase } from './lock-case';
import { CASE_CLOSED_MESSAGE, caseAlertInput } from './schemas';
import type { CaseRecord } from './serialize';

/**
 * Adds an alert of the organisation to an open case, after the alerts it already holds. 404 for a case
 * or an alert that is not the organisation's; 409 when the case is closed, or when the alert is already
 * in a case (this one included), decided by the primary key of `case_alerts`. The case row is locked,
 * so concurrent additions to one case take positions one after another. Audit: `case.alert_added` and
 * `alert.added_to_case`.
 */
export async function addAlertToCase(db: Database, actor: Actor, caseId: string, input: z.input<typeof caseAlertInput>): Promise<CaseRecord> {
  authorize(actor, 'work');
  const { alert_id: alertId } = parseInput(caseAlertInput, input);
  try {
    return await db.transaction(async (tx) => {
      const before = await lockCase(tx, actor, caseId);
      const [alert] = await tx
        .select({ id: alerts.id, number: alerts.number })
        .from(alerts)
        .where(and(eq(alerts.orgId, actor.orgId), eq(alerts.id, alertId)));
      if (!alert) throw new NotFoundError(ALERT_NOT_FOUND);
      if (before.status !== 'open') throw new ConflictError(CASE_CLOSED_MESSAGE);
      await tx.execute(sql`
        INSERT INTO case_alerts (org_id, alert_id, case_id, position, added_by)
        SELECT ${actor.orgId}, ${alertId}, ${caseId}, coalesce(max(position), 0) + 1, ${actor.actorId}
        FROM case_alerts WHERE org_id = ${actor.orgId} AND case_id = ${caseId}`);
      const [row] = await tx
        .update(cases)
        .set({ updatedAt: sql`now()` })
        .where(and(eq(cases.orgId, actor.orgId), eq(cases.id, caseId), eq(cases.status, 'open')))
        .returning({ id: cases.id });
      if (!row) throw new ConflictError(CASE_CLOSED_MESSAGE);
      await recordAudit(tx, actor, [
        { action: 'case.alert_added', targetType: 'case', targetId: caseId, changes: { alert_id: alertId, alert_number: alert.number } },
        { action: 'alert.added_to_case', targetType: 'alert', targetId: alertId, changes: { case_id: caseId, case_number: before.number } },
      ]);
      return readCase(tx, actor, caseId);
    });
  } catch (err) {
    return refuseAlreadyInCase(db, actor.orgId, [alertId], err);
  }
}
