import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { alerts, caseAlerts, cases } from '@/db/schema';
import { selectAlertViews } from '@/lib/alerts/alert-view';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { NotFoundError } from '@/lib/errors';
import { caseAlertIdsSql } from './case-alert-ids';
import { CASE_NOT_FOUND } from './schemas';
import type { CaseDetail, CaseRecord } from './serialize';

/** Cases with the ids of their alerts; callers add conditions, order and limit. */
export function selectCaseRecords(db: Queryable) {
  return db.select({ case: cases, alertIds: caseAlertIdsSql }).from(cases).$dynamic();
}

/** One case of the actor's organisation with its alert ids, or 404 (another organisation's case included). */
export async function readCase(db: Queryable, actor: Actor, id: string): Promise<CaseRecord> {
  const [row] = await selectCaseRecords(db).where(and(eq(cases.orgId, actor.orgId), eq(cases.id, id)));
  if (!row) throw new NotFoundError(CASE_NOT_FOUND);
  return row;
}

/** A case with its alerts and their list fields, in the order they joined the case (GET /v1/cases/{id}). */
export async function getCase(db: Queryable, actor: Actor, id: string): Promise<CaseDetail> {
  authorize(actor, 'work');
  const record = await readCase(db, actor, id);
  const views = await selectAlertViews(db)
    .innerJoin(caseAlerts, and(eq(caseAlerts.orgId, alerts.orgId), eq(caseAlerts.alertId, alerts.id)))
    .where(and(eq(caseAlerts.orgId, actor.orgId), eq(caseAlerts.caseId, id)))
    .orderBy(asc(caseAlerts.position));
  return { ...record, alerts: views.map(({ alert, decision, event, screening, entity }) => ({ alert, decision, event, screening, entity })) };
}
