import type { cases } from '@/db/schema';
import { serializeAlertView, type AlertView } from '@/lib/alerts/serialize';

export type CaseRow = typeof cases.$inferSelect;

/** A case with the ids of its alerts, in the order they joined it. */
export interface CaseRecord {
  case: CaseRow;
  alertIds: string[];
}

/** A case with its alerts' list fields (GET /v1/cases/{id}). */
export interface CaseDetail extends CaseRecord {
  alerts: AlertView[];
}

const iso = (d: Date): string => d.toISOString();

/** The Case resource (DESIGN, "Cases"); a field with no value is left out. */
export function serializeCase({ case: c, alertIds }: CaseRecord) {
  return {
    id: c.id,
    number: c.number,
    title: c.title,
    status: c.status,
    ...(c.subjectEntityId !== null ? { subject_entity_id: c.subjectEntityId } : {}),
    alert_ids: alertIds,
    ...(c.assignedTo !== null ? { assigned_to: c.assignedTo } : {}),
    created_by: c.createdBy,
    created_at: iso(c.createdAt),
    updated_at: iso(c.updatedAt),
    ...(c.closedAt !== null ? { closed_at: iso(c.closedAt) } : {}),
  };
}

/** A case with its alerts, each with the fields GET /v1/alerts/{id} gives. */
export function serializeCaseDetail(d: CaseDetail) {
  return { ...serializeCase(d), alerts: d.alerts.map(serializeAlertView) };
}

/** CASE-<number>, as the console and messages show a case. */
export const caseReference = (number: number): string => `CASE-${number}`;
