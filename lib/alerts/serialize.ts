import type { alertNotes, alerts, DecisionReason } from '@/db/schema';
import { decidedInMs } from '@/lib/decisions/serialize';

export type AlertRow = typeof alerts.$inferSelect;
export type AlertNoteRow = typeof alertNotes.$inferSelect;

/** A stored screening match, as far as an alert shows it. */
interface StoredMatch {
  score?: number;
  list?: string;
  entry_ref?: string;
  entry_name?: string;
  category?: string;
}

/** What an alert's list fields are made of: the alert and, joined in the same query, its origin. */
export interface AlertView {
  alert: AlertRow;
  decision: { decision: string | null; riskScore: number | null; reasons: DecisionReason[] | null; decidedInUs: number | null } | null;
  event: {
    type: string | null;
    occurredAt: Date | null;
    amount: string | null;
    currency: string | null;
    rail: string | null;
    sourceId: string | null;
  } | null;
  /** `confirmedNear`: near misses confirmed as true matches, read for a clear screening only. */
  screening: { reference: string | null; subject: unknown; matches: unknown; confirmedNear?: unknown; createdAt: Date | null } | null;
  entity: { kind: string | null; registered: boolean | null; name: string | null } | null;
}

const iso = (d: Date): string => d.toISOString();

/** The Alert resource's own fields; a field with no value is left out. */
export function serializeAlert(a: AlertRow) {
  return {
    id: a.id,
    number: a.number,
    ...(a.decisionId !== null ? { decision_id: a.decisionId } : {}),
    ...(a.eventId !== null ? { event_id: a.eventId } : {}),
    status: a.status,
    priority: a.priority,
    occurrences: a.occurrences,
    last_event_at: iso(a.lastEventAt),
    due_at: iso(a.dueAt),
    ...(a.assignedTo !== null ? { assigned_to: a.assignedTo } : {}),
    ...(a.disposition !== null ? { disposition: a.disposition } : {}),
    ...(a.closureRequestedBy !== null ? { closure_requested_by: a.closureRequestedBy } : {}),
    ...(a.closedBy !== null ? { closed_by: a.closedBy } : {}),
    created_at: iso(a.createdAt),
    updated_at: iso(a.updatedAt),
  };
}

/** `kind` and `name` of a registered entity; nothing for a placeholder or an entity never seen. */
function registeredNaming(entity: AlertView['entity']): { kind?: string; name?: string } {
  if (!entity?.registered) return {};
  return {
    ...(entity.kind !== null ? { kind: entity.kind } : {}),
    ...(typeof entity.name === 'string' && entity.name !== '' ? { name: entity.name } : {}),
  };
}

function decisionFields(v: AlertView) {
  const a = v.alert;
  const d = v.decision;
  const e = v.event;
  const ms = d ? decidedInMs(d.decidedInUs) : undefined;
  return {
    ...(d?.decision ? { decision: d.decision } : {}),
    risk_score: d?.riskScore ?? a.riskScore,
    ...(ms !== undefined ? { decided_in_ms: ms } : {}),
    reasons: d?.reasons ?? [],
    ...(a.entityId !== null ? { source: { id: a.entityId, ...registeredNaming(v.entity) } } : {}),
    ...(e?.type && e.occurredAt
      ? {
          event: {
            type: e.type,
            occurred_at: iso(e.occurredAt),
            ...(e.amount !== null ? { amount: { value: Number(e.amount), currency: e.currency } } : {}),
            ...(e.rail !== null ? { rail: e.rail } : {}),
            ...(e.sourceId !== null ? { source_id: e.sourceId } : {}),
          },
        }
      : {}),
  };
}

const screeningReason = (m: StoredMatch) => ({
  rule: `screening_${m.category ?? 'list'}`,
  detail: `${m.entry_name ?? 'unnamed entry'} (${m.entry_ref ?? '?'}) on list ${m.list ?? '?'}, score ${m.score ?? 0}`,
});

/** The list fields of a screening alert, per the interface's "Screening alerts (differences)" table. */
function screeningFields(v: AlertView) {
  const a = v.alert;
  const s = v.screening;
  const subject = (s?.subject ?? {}) as { name?: unknown; kind?: unknown };
  // A clear screening's alert was raised by a confirmed near miss: that entry is its reason.
  const matches = [
    ...(Array.isArray(s?.matches) ? s.matches : []),
    ...(Array.isArray(s?.confirmedNear) ? s.confirmedNear : []),
  ] as StoredMatch[];
  const scores = matches.map((m) => m.score).filter((x): x is number => typeof x === 'number');
  const sourceId = s?.reference ?? (typeof subject.name === 'string' ? subject.name : (a.entityId ?? ''));
  const naming = registeredNaming(v.entity);
  const screenedAt = s?.createdAt ?? a.lastEventAt;
  return {
    screening_id: a.screeningId,
    decision: 'review',
    risk_score: scores.length > 0 ? Math.max(...scores) : a.riskScore,
    reasons: matches.map(screeningReason),
    source: {
      id: sourceId,
      ...(naming.kind !== undefined ? { kind: naming.kind } : typeof subject.kind === 'string' ? { kind: subject.kind } : {}),
      ...(naming.name !== undefined ? { name: naming.name } : typeof subject.name === 'string' ? { name: subject.name } : {}),
    },
    event: { type: 'screening', occurred_at: iso(screenedAt), source_id: sourceId },
  };
}

/** An alert with the list fields (GET /v1/alerts and GET /v1/alerts/{id}). */
export function serializeAlertView(v: AlertView) {
  return {
    ...serializeAlert(v.alert),
    ...(v.alert.screeningId !== null ? screeningFields(v) : decisionFields(v)),
  };
}

export function serializeNote(n: AlertNoteRow) {
  return { id: n.id, alert_id: n.alertId, author: n.author, body: n.body, created_at: iso(n.createdAt) };
}
