import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { AUDIT_ROW_COLUMNS, auditRowSql } from '@/lib/audit/record';
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

/** The alert row a screening raises: CTEs `alert_number` and `raised_alert` (RETURNING number), and its audit row. */
function raisedAlertSql(
  actor: Actor,
  s: { alertId: string; screeningId: string; reference: string | null; score: number; high: boolean; screenedAt: Date },
  audit: { changes?: Record<string, unknown>; numberOnlyWhen?: SQL },
): ScreeningAlertSql {
  const { slaHighMs, slaMediumMs } = settings();
  const priority = s.high ? 'high' : 'medium';
  const dueInMs = s.high ? slaHighMs : slaMediumMs;
  const ctes = sql`
    alert_number AS (${nextReferenceNumberSql(actor.orgId, 'alert', audit.numberOnlyWhen)}),
    raised_alert AS (
      INSERT INTO alerts (org_id, id, number, entity_id, status, priority, occurrences, screening_id, risk_score,
                          last_event_at, due_at)
      SELECT ${actor.orgId}, ${s.alertId}, alert_number.value, ${s.reference}, 'open', ${priority}, 1, ${s.screeningId},
             ${s.score}, ${s.screenedAt}, now() + ${dueInMs} * interval '1 millisecond'
      FROM alert_number
      RETURNING number)`;
  const auditRow = auditRowSql(
    actor,
    {
      action: 'alert.raised',
      targetType: 'alert',
      targetId: s.alertId,
      changes: { priority, screening_id: s.screeningId, entity_id: s.reference, ...audit.changes },
    },
    { changes: sql`jsonb_build_object('number', raised_alert.number)`, from: sql`raised_alert` },
  );
  return { ctes, auditRow };
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
  return raisedAlertSql(
    actor,
    { alertId: s.alertId, screeningId: s.screeningId, reference: s.reference, score: s.bestScore, high: s.sanctionsMatch, screenedAt: s.screenedAt },
    {},
  );
}

export interface ConfirmedMatchForAlert {
  screeningId: string;
  reference: string | null;
  /** The match or near miss confirmed as a true match. */
  confirmed: { list: string; entry_ref: string; score: number };
  /** When the screening ran. */
  screenedAt: Date;
  /** The id the alert gets if the screening has none yet. */
  alertId: string;
}

/**
 * A true match confirmed on a screening that has no alert (a near miss confirmed on a clear
 * screening) raises a high screening alert, so a confirmed true match always reaches the queue. One
 * statement, in the transaction that records the decision: the screening is linked to the alert by a
 * conditional update (only while it names no alert), and only then is the alert numbered and written
 * with its `alert.raised` entry, which names the confirmed entry. A later confirmation finds the link
 * and raises nothing. The alert's reasons and risk score show the confirmed near misses
 * (lib/alerts/alert-view.ts). Returns the alert's `id`, or no row when the screening had an alert.
 */
export function confirmedMatchAlertSql(actor: Actor, c: ConfirmedMatchForAlert): SQL {
  const alert = raisedAlertSql(
    actor,
    { alertId: c.alertId, screeningId: c.screeningId, reference: c.reference, score: c.confirmed.score, high: true, screenedAt: c.screenedAt },
    { changes: { confirmed: { list: c.confirmed.list, entry_ref: c.confirmed.entry_ref } }, numberOnlyWhen: sql`EXISTS (SELECT 1 FROM linked)` },
  );
  return sql`
    WITH linked AS (
      UPDATE screenings SET alert_id = ${c.alertId}
      WHERE org_id = ${actor.orgId} AND id = ${c.screeningId} AND alert_id IS NULL
      RETURNING alert_id),
    ${alert.ctes},
    alert_audit AS (
      INSERT INTO audit_log ${AUDIT_ROW_COLUMNS}
      ${alert.auditRow})
    SELECT alert_id AS id FROM linked`;
}
