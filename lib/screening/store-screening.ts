import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { executePrepared } from '@/db/prepared';
import { screeningAlertSql } from '@/lib/alerts/raise-for-screening';
import type { Actor } from '@/lib/auth/actor';
import { AUDIT_ROW_COLUMNS, auditRowSql, type AuditChange } from '@/lib/audit/record';
import type { Match } from './matcher';
import type { ListDescriptor, ScreeningRow, ScreeningSubject } from './serialize';

export interface ScreeningToStore {
  id: string;
  reference: string | null;
  threshold: number;
  subject: ScreeningSubject;
  matches: readonly Match[];
  near: readonly Match[];
  lists: readonly ListDescriptor[];
  /** Chosen by the caller when `matches` is not empty: the screening names its alert. */
  alertId: string | null;
  screenedAt: Date;
}

/**
 * Stores a screening as answered, its `screening.created` audit entry and, for a potential match, its
 * alert with `alert.raised`, all in one prepared statement. It takes the database, not a transaction:
 * the statement is its own transaction, with no BEGIN/COMMIT round trips, and it holds the
 * organisation's alert counter only while PostgreSQL runs it, never while this process is busy with
 * other requests. Returns the stored row.
 */
export async function storeScreening(db: Database, actor: Actor, s: ScreeningToStore): Promise<ScreeningRow> {
  const potential = s.matches.length > 0;
  if (potential !== (s.alertId !== null)) throw new Error('a screening has an alert exactly when it has matches');
  const row: ScreeningRow = {
    orgId: actor.orgId,
    id: s.id,
    reference: s.reference,
    status: potential ? 'potential_match' : 'clear',
    threshold: s.threshold,
    subject: s.subject,
    matches: s.matches,
    near: s.near,
    lists: s.lists,
    review: potential ? 'open' : 'none',
    alertId: s.alertId,
    createdBy: actor.actorId,
    createdAt: s.screenedAt,
  };
  const created: AuditChange = {
    action: 'screening.created',
    targetType: 'screening',
    targetId: s.id,
    changes: {
      status: row.status,
      threshold: s.threshold,
      reference: s.reference,
      matches: s.matches.length,
      near: s.near.length,
      lists: s.lists.map((l) => `${l.code}@${l.version}`),
      ...(s.alertId ? { alert_id: s.alertId } : {}),
    },
  };
  const alert = s.alertId
    ? screeningAlertSql(actor, {
        alertId: s.alertId,
        screeningId: s.id,
        reference: s.reference,
        bestScore: Math.max(...s.matches.map((m) => m.score)),
        sanctionsMatch: s.matches.some((m) => m.category === 'sanctions'),
        screenedAt: s.screenedAt,
      })
    : null;
  // Both audit rows are written by one statement, usually within the same millisecond of `at`.
  await executePrepared(
    db,
    sql`
    WITH stored_screening AS (
      INSERT INTO screenings (org_id, id, reference, status, threshold, subject, matches, near, lists, review, alert_id,
                              created_by, created_at)
      VALUES (${row.orgId}, ${row.id}, ${row.reference}, ${row.status}, ${row.threshold}, ${JSON.stringify(row.subject)},
              ${JSON.stringify(row.matches)}, ${JSON.stringify(row.near)}, ${JSON.stringify(row.lists)}, ${row.review},
              ${row.alertId}, ${row.createdBy}, ${row.createdAt})
    )${alert ? sql`, ${alert.ctes}` : sql``}
    INSERT INTO audit_log ${AUDIT_ROW_COLUMNS}
    ${auditRowSql(actor, created)}${alert ? sql` UNION ALL ${alert.auditRow}` : sql``}`,
  );
  return row;
}
