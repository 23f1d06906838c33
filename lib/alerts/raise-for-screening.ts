import { sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { recordAudit, type AuditChange } from '@/lib/audit/record';
import { settings } from '@/lib/config';
import { nextReferenceNumberSql } from '@/lib/orgs/next-reference-number';

export interface ScreeningForAlert {
  screeningId: string;
  /** The caller's reference (usually an entity id); null when the screening had none. */
  reference: string | null;
  /** The best match's score. */
  bestScore: number;
  /** Any match on a list of category `sanctions`: the alert is high, else medium. */
  sanctionsMatch: boolean;
  /** When the screening ran. */
  screenedAt: Date;
  /** The alert's id, chosen by the caller so the screening row can name it before the alert exists. */
  alertId: string;
}

/** The screening's own audit entry, written in one statement with the alert's (after the alert number). */
type AlsoRecord = readonly AuditChange[];

/**
 * Raises the alert of a `potential_match` screening, in the screening's transaction. A screening
 * alert holds exactly one screening and is never grouped with other alerts; its list fields
 * (decision `review`, reasons per match, source and event) are read from the screening row by
 * lib/alerts/serialize.ts. `entity_id` is the reference, so the entity's open alerts and the flow
 * view include it. Raise it last in the transaction: the organisation's alert counter stays locked
 * from here to commit, and every alert of the organisation waits for it. Returns the alert id.
 */
export async function raiseAlertForScreening(tx: Queryable, actor: Actor, s: ScreeningForAlert, alsoRecord: AlsoRecord = []): Promise<string> {
  const { slaHighMs, slaMediumMs } = settings();
  const priority = s.sanctionsMatch ? 'high' : 'medium';
  const dueInMs = s.sanctionsMatch ? slaHighMs : slaMediumMs;
  // The number and the alert in one statement: the counter row stays locked until commit.
  const created = await tx.execute<{ number: number }>(sql`
    WITH n AS (${nextReferenceNumberSql(actor.orgId, 'alert')})
    INSERT INTO alerts (org_id, id, number, entity_id, status, priority, occurrences, screening_id, risk_score,
                        last_event_at, due_at)
    SELECT ${actor.orgId}, ${s.alertId}, n.value, ${s.reference}, 'open', ${priority}, 1, ${s.screeningId}, ${s.bestScore},
           ${s.screenedAt}, now() + ${dueInMs} * interval '1 millisecond'
    FROM n
    RETURNING number`);
  const number = Number(created.rows[0]?.number);
  await recordAudit(tx, actor, [
    ...alsoRecord,
    {
      action: 'alert.raised',
      targetType: 'alert',
      targetId: s.alertId,
      changes: { number, priority, screening_id: s.screeningId, entity_id: s.reference },
    },
  ]);
  return s.alertId;
}
