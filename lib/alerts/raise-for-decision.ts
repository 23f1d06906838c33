import { sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit/record';
import { settings } from '@/lib/config';
import { nextReferenceNumber } from '@/lib/orgs/next-reference-number';

export interface DecisionForAlert {
  decisionId: string;
  eventId: string;
  decision: 'review' | 'block';
  riskScore: number;
  occurredAt: Date;
  /** The subject entity; null when the event named none (such decisions are never grouped). */
  entityId: string | null;
}

type AlertRow = {
  id: string;
  number: number;
  priority: 'medium' | 'high';
  occurrences: number;
  risk_score: number;
  due_at: Date;
};

/**
 * Puts a review or block decision on an alert, in the decision's transaction: it joins the entity's
 * `open` or `in_review` alert (occurrences rise; a block lifts medium to high and brings `due_at`
 * forward to the high SLA; the alert points at its highest-scoring decision) or starts a new one
 * (medium for review, high for block). The caller holds the entity's advisory lock, and the partial
 * unique index `alerts_one_open_per_entity` backs it, so two decisions cannot start two alerts.
 * Returns the alert id.
 */
export async function raiseAlertForDecision(tx: Queryable, actor: Actor, d: DecisionForAlert): Promise<string> {
  const { slaHighMs, slaMediumMs } = settings();
  const isBlock = d.decision === 'block';

  if (d.entityId !== null) {
    const joined = await tx.execute<AlertRow & { was_priority: string }>(sql`
      WITH current AS (
        SELECT id, priority FROM alerts
        WHERE org_id = ${actor.orgId} AND entity_id = ${d.entityId} AND screening_id IS NULL
          AND status IN ('open', 'in_review')
        FOR UPDATE)
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
      FROM current
      WHERE a.org_id = ${actor.orgId} AND a.id = current.id
      RETURNING a.id, a.number, a.priority, a.occurrences, a.risk_score, a.due_at, current.priority AS was_priority`);
    const row = joined.rows[0];
    if (row) {
      await recordAudit(tx, actor, {
        action: 'alert.decision_added',
        targetType: 'alert',
        targetId: row.id,
        changes: {
          decision_id: d.decisionId,
          decision: d.decision,
          occurrences: row.occurrences,
          ...(row.was_priority !== row.priority ? { priority: { from: row.was_priority, to: row.priority } } : {}),
        },
      });
      return row.id;
    }
  }

  const number = await nextReferenceNumber(tx, actor.orgId, 'alert');
  const priority = isBlock ? 'high' : 'medium';
  const dueInMs = isBlock ? slaHighMs : slaMediumMs;
  const created = await tx.execute<{ id: string }>(sql`
    INSERT INTO alerts (org_id, number, entity_id, status, priority, occurrences, decision_id, event_id,
                        risk_score, last_event_at, due_at)
    VALUES (${actor.orgId}, ${number}, ${d.entityId}, 'open', ${priority}, 1, ${d.decisionId}, ${d.eventId},
            ${d.riskScore}, ${d.occurredAt}, now() + ${dueInMs} * interval '1 millisecond')
    RETURNING id`);
  const id = created.rows[0]?.id as string;
  await recordAudit(tx, actor, {
    action: 'alert.raised',
    targetType: 'alert',
    targetId: id,
    changes: { number, priority, decision_id: d.decisionId, decision: d.decision, entity_id: d.entityId },
  });
  return id;
}
