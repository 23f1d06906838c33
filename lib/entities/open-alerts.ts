import { sql, type SQL } from 'drizzle-orm';

/** Alert statuses that count as open on an entity (`open_alerts`, a link's `open_alert`). */
export const OPEN_ALERT_STATUSES = sql`('open', 'in_review')`;

/**
 * The number of open or in-review alerts of the `entities` row being selected (the table selected
 * under its own name), as a correlated subquery on alerts_org_entity_idx: one query for a whole page,
 * no query per row.
 */
export function openAlertCount(): SQL<number> {
  return sql<number>`(SELECT count(*)::int FROM alerts a
    WHERE a.org_id = entities.org_id AND a.entity_id = entities.id AND a.status IN ${OPEN_ALERT_STATUSES})`;
}
