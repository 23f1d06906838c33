import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { auditRowSql } from '@/lib/audit/record';
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

export interface ScreeningAlertSql {
  /** CTEs `alert_number` (the organisation's next alert number) and `raised_alert` (the alert, RETURNING number). */
  ctes: SQL;
  /** The `alert.raised` audit entry as a SELECT row reading the number from `raised_alert`. */
  auditRow: SQL;
}

/**
 * Raises the alert of a `potential_match` screening, as parts of the statement that stores the
 * screening (lib/screening/store-screening.ts). A screening alert holds exactly one screening and is
 * never grouped with other alerts; its list fields (decision `review`, reasons per match, source and
 * event) are read from the screening row by lib/alerts/serialize.ts. `entity_id` is the reference, so
 * the entity's open alerts and the flow view include it. The organisation's alert counter stays locked
 * from the number to commit and every alert of the organisation waits for it, so the number, the alert
 * and its audit entry go in the one statement, which commits without a further round trip.
 */
export function screeningAlertSql(actor: Actor, s: ScreeningForAlert): ScreeningAlertSql {
  const { slaHighMs, slaMediumMs } = settings();
  const priority = s.sanctionsMatch ? 'high' : 'medium';
  const dueInMs = s.sanctionsMatch ? slaHighMs : slaMediumMs;
  const ctes = sql`
    alert_number AS (${nextReferenceNumberSql(actor.orgId, 'alert')}),
    raised_alert AS (
      INSERT INTO alerts (org_id, id, number, entity_id, status, priority, occurrences, screening_id, risk_score,
                          last_event_at, due_at)
      SELECT ${actor.orgId}, ${s.alertId}, alert_number.value, ${s.reference}, 'open', ${priority}, 1, ${s.screeningId},
             ${s.bestScore}, ${s.screenedAt}, now() + ${dueInMs} * interval '1 millisecond'
      FROM alert_number
      RETURNING number)`;
  const auditRow = auditRowSql(
    actor,
    {
      action: 'alert.raised',
      targetType: 'alert',
      targetId: s.alertId,
      changes: { priority, screening_id: s.screeningId, entity_id: s.reference },
    },
    { changes: sql`jsonb_build_object('number', raised_alert.number)`, from: sql`raised_alert` },
  );
  return { ctes, auditRow };
}
