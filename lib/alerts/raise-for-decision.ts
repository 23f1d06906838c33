import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { preparedQuery } from '@/db/prepared';
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
  /**
   * The entity of the decision's alert: the side whose fired rules weigh more (the source on a tie);
   * null when the event named none (such decisions are never grouped).
   */
  entityId: string | null;
  /** The rest of the decision row, stored with the alert's id. */
  reasons: unknown;
  ruleErrors: unknown;
  decidedInUs: number;
}

/**
 * The join or start of one alert for a review or block decision, as CTEs: `joined` (the entity's
 * `open` or `in_review` alert, when there is one and the decision is grouped), `alert_number`,
 * `raised` (a new alert, when none was joined) and `alert_audit` (`alert.decision_added` or
 * `alert.raised`). Joining raises occurrences, a block lifts medium to high and brings `due_at`
 * forward to the high SLA, and the alert points at its highest-scoring decision. A new alert is
 * medium for review and high for block, numbered from the organisation's counter (touched only when
 * no alert is joined). The partial unique index `alerts_one_open_per_entity` backs the caller's
 * advisory lock, so two decisions cannot start two alerts for one entity.
 */
function alertForDecisionCtes(actor: Actor, d: DecisionForAlert, entityId: string | null): SQL {
  const { slaHighMs, slaMediumMs } = settings();
  const isBlock = d.decision === 'block';
  const priority = isBlock ? 'high' : 'medium';
  const dueInMs = isBlock ? slaHighMs : slaMediumMs;
  const grouped = entityId !== null;

  // The statuses are bound values, not literals: the statement's generic plan then cannot match the
  // partial indexes on open alerts, and reads the entity's alerts by (org_id, entity_id). With literals,
  // statistics taken while the table held few alerts made PostgreSQL scan all the organisation's open
  // alerts through the assignee queue's index instead, a cost growing with every open alert.
  const join = sql`
    current_alert AS (
      SELECT id, priority FROM alerts
      WHERE org_id = ${actor.orgId} AND entity_id = ${entityId} AND screening_id IS NULL
        AND status IN (${'open'}, ${'in_review'})
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
      changes: { priority, decision_id: d.decisionId, decision: d.decision, entity_id: entityId },
    },
    { changes: sql`jsonb_build_object('number', raised.number)`, from: sql`raised` },
  );

  return sql`
    ${grouped ? join : sql``}
    alert_number AS (${numberSql}),
    raised AS (
      INSERT INTO alerts (org_id, number, entity_id, status, priority, occurrences, decision_id, event_id,
                          risk_score, last_event_at, due_at)
      SELECT ${actor.orgId}, alert_number.value, ${entityId}, 'open', ${priority}, 1, ${d.decisionId}, ${d.eventId},
             ${d.riskScore}, ${d.occurredAt}, now() + ${dueInMs} * interval '1 millisecond'
      FROM alert_number
      RETURNING id, number),
    alert_audit AS (
      INSERT INTO audit_log ${AUDIT_ROW_COLUMNS}
      ${grouped ? sql`${decisionAdded} UNION ALL ` : sql``}${raised})`;
}

/** The id of the alert the CTEs joined or started. */
const alertIdSql = (grouped: boolean): SQL => sql`${grouped ? sql`SELECT id FROM joined UNION ALL ` : sql``}SELECT id FROM raised`;

/**
 * Puts a review or block decision on the alert of its subject entity (see `alertForDecisionCtes`) and
 * stores the decision with that alert's id, as one statement to run in the event's transaction
 * (under the entity's advisory lock, taken by the caller). The audit entry goes in the same
 * statement. One statement instead of three or four keeps the time under the entity's lock and the
 * alert counter short. Returns `created_at` and `alert_id` of the decision.
 */
export function decisionOnAlertSql(actor: Actor, d: DecisionForAlert): SQL {
  return sql`
    WITH ${alertForDecisionCtes(actor, d, d.entityId)}
    INSERT INTO decisions (org_id, id, event_id, decision, risk_score, reasons, decided_in_us, rule_errors, alert_id)
    SELECT ${actor.orgId}, ${d.decisionId}, ${d.eventId}, ${d.decision}, ${d.riskScore}, ${JSON.stringify(d.reasons)},
           ${d.decidedInUs}, ${JSON.stringify(d.ruleErrors)}, alert.id
    FROM (${alertIdSql(d.entityId !== null)}) AS alert
    RETURNING created_at, alert_id`;
}

/**
 * Puts the same decision on the alert of the event's other entity, when rules of both subjects fired
 * (the decision itself names the alert of the side whose fired rules weigh more). That alert is
 * joined or started exactly as the decision's own: the event's one decision sets its priority, its
 * occurrences and `last_event_at` count the event, and its audit entry (`alert.decision_added` or
 * `alert.raised`) names the decision, which is how the alert lists the event among its occurrences.
 * A second statement of the event's transaction, run only in this rare two-sided case, under the
 * advisory locks of both entities. Returns `alert_id`.
 */
function decisionOnOtherAlertSql(actor: Actor, d: DecisionForAlert, entityId: string): SQL {
  return sql`
    WITH ${alertForDecisionCtes(actor, d, entityId)}
    ${alertIdSql(true)}`;
}

/**
 * The statements that store a review or block decision on the alert of its subject entity, joining
 * that entity's open alert or raising a new one with its number and audit entry, and, when rules of
 * both subjects fired (`otherEntityId`), count the event on the other entity's alert too. To be run in
 * this order in the event's transaction, under the advisory locks of both entities; their answers go to
 * `alertOfDecision`. The caller may send them back to back with other statements (db/pipeline.ts): none
 * needs an answer before the next is sent.
 */
export function decisionOnAlertsStatements(actor: Actor, d: DecisionForAlert, otherEntityId: string | null): pg.QueryConfig[] {
  const statements = [preparedQuery(decisionOnAlertSql(actor, d))];
  if (otherEntityId !== null) statements.push(preparedQuery(decisionOnOtherAlertSql(actor, d, otherEntityId)));
  return statements;
}

/** The decision's alert and `created_at`, from the answers of `decisionOnAlertsStatements`, in order. */
export function alertOfDecision(answers: readonly pg.QueryResult[]): { alertId: string; createdAt: Date } {
  const row = (answers[0] as pg.QueryResult<{ created_at: Date; alert_id: string }> | undefined)?.rows[0];
  if (!row?.alert_id) throw new Error('the decision was stored without its alert');
  const other = answers[1];
  if (other !== undefined && other.rows.length !== 1) throw new Error("the other entity's alert was neither joined nor started");
  return { alertId: row.alert_id, createdAt: row.created_at };
}
