import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { AUDIT_ROW_COLUMNS, auditRowSql } from '@/lib/audit/record';
import { settings } from '@/lib/config';
import { nextReferenceNumberSql } from '@/lib/orgs/next-reference-number';

export interface DecisionForAlert {
  decisionId: string;
  eventId: string;
  decision: 'review' | 'block';
  riskScore: number;
  occurredAt: Date;
  /** The subject entity; null when the event named none (such decisions are never grouped). */
  entityId: string | null;
  /** The rest of the decision row, stored with the alert's id. */
  reasons: unknown;
  ruleErrors: unknown;
  decidedInUs: number;
}

/**
 * Puts a review or block decision on an alert and stores the decision, as one statement to run in
 * the event's transaction (under the entity's advisory lock, taken by the caller). The decision
 * joins the entity's `open` or `in_review` alert: occurrences rise, a block lifts medium to high and
 * brings `due_at` forward to the high SLA, and the alert points at its highest-scoring decision.
 * Otherwise it starts a new alert, medium for review and high for block, numbered from the
 * organisation's counter (touched only when no alert is joined). The partial unique index
 * `alerts_one_open_per_entity` backs the lock, so two decisions cannot start two alerts. The audit
 * entry (`alert.decision_added` or `alert.raised`) goes in the same statement. One statement instead
 * of three or four keeps the time under the entity's lock and the alert counter short.
 * Returns `created_at` and `alert_id` of the decision.
 */
export function decisionOnAlertSql(actor: Actor, d: DecisionForAlert): SQL {
  const { slaHighMs, slaMediumMs } = settings();
  const isBlock = d.decision === 'block';
  const priority = isBlock ? 'high' : 'medium';
  const dueInMs = isBlock ? slaHighMs : slaMediumMs;
  const grouped = d.entityId !== null;

  const join = sql`
    current_alert AS (
      SELECT id, priority FROM alerts
      WHERE org_id = ${actor.orgId} AND entity_id = ${d.entityId} AND screening_id IS NULL
        AND status IN ('open', 'in_review')
      FOR UPDATE),
    joined AS (
      UPDATE alerts a SET
        occurrences = a.occurrences + 1,
        priority = CASE WHEN ${isBlock} THEN 'high' ELSE a.priority END,
        due_at = CASE WHEN ${isBlock} AND a.priority = 'medium'
                      THEN least(a.due_at, a.created_at + ${slaHighMs} * interval '1 millisecond')
                      ELSE a.due_at END,
        decision_id = CASE WHEN ${d.riskScore} > a.risk_score THEN ${d.decisionId}::uuid ELSE a.decision_id END,
        event_id = CASE WHEN ${d.riskScore} > a.risk_score THEN ${d.eventId}::uuid ELSE a.event_id END,
        risk_score = greatest(a.risk_score, ${d.riskScore}),
        last_event_at = greatest(a.last_event_at, ${d.occurredAt}),
        updated_at = now()
      FROM current_alert
      WHERE a.org_id = ${actor.orgId} AND a.id = current_alert.id
      RETURNING a.id, a.priority, a.occurrences, current_alert.priority AS was_priority),`;
  // The counter's row is locked only when a new alert is started.
  const numberSql = nextReferenceNumberSql(actor.orgId, 'alert', grouped ? sql`NOT EXISTS (SELECT 1 FROM joined)` : undefined);

  const decisionAdded = auditRowSql(
    actor,
    { action: 'alert.decision_added', targetType: 'alert', targetId: sql`joined.id`, changes: { decision_id: d.decisionId, decision: d.decision } },
    {
      changes: sql`jsonb_build_object('occurrences', joined.occurrences) || CASE WHEN joined.was_priority <> joined.priority
        THEN jsonb_build_object('priority', jsonb_build_object('from', joined.was_priority, 'to', joined.priority))
        ELSE '{}'::jsonb END`,
      from: sql`joined`,
    },
  );
  const raised = auditRowSql(
    actor,
    {
      action: 'alert.raised',
      targetType: 'alert',
      targetId: sql`raised.id`,
      changes: { priority, decision_id: d.decisionId, decision: d.decision, entity_id: d.entityId },
    },
    { changes: sql`jsonb_build_object('number', raised.number)`, from: sql`raised` },
  );

  return sql`
    WITH ${grouped ? join : sql``}
    alert_number AS (${numberSql}),
    raised AS (
      INSERT INTO alerts (org_id, number, entity_id, status, priority, occurrences, decision_id, event_id,
                          risk_score, last_event_at, due_at)
      SELECT ${actor.orgId}, alert_number.value, ${d.entityId}, 'open', ${priority}, 1, ${d.decisionId}, ${d.eventId},
             ${d.riskScore}, ${d.occurredAt}, now() + ${dueInMs} * interval '1 millisecond'
      FROM alert_number
      RETURNING id, number),
    alert_audit AS (
      INSERT INTO audit_log ${AUDIT_ROW_COLUMNS}
      ${grouped ? sql`${decisionAdded} UNION ALL ` : sql``}${raised})
    INSERT INTO decisions (org_id, id, event_id, decision, risk_score, reasons, decided_in_us, rule_errors, alert_id)
    SELECT ${actor.orgId}, ${d.decisionId}, ${d.eventId}, ${d.decision}, ${d.riskScore}, ${JSON.stringify(d.reasons)},
           ${d.decidedInUs}, ${JSON.stringify(d.ruleErrors)}, alert.id
    FROM (${grouped ? sql`SELECT id FROM joined UNION ALL ` : sql``}SELECT id FROM raised) AS alert
    RETURNING created_at, alert_id`;
}
