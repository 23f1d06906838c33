import { storedDate } from '@/db/timestamps';
import { sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { OPEN_ALERT_STATUSES } from './open-alerts';
import { storableId } from './storable';
import type { EntityLink } from './serialize';

/** Interface limit: an entity's links answer at most this many. */
export const LINKS_LIMIT = 50;

interface LinkRow extends Record<string, unknown> {
  relation: EntityLink['relation'];
  other_id: string;
  via: string | null;
  first_seen: Date | string;
  last_seen: Date | string;
  kind: string | null;
  name: string | null;
  alert_id: string | null;
  alert_number: number | null;
  alert_priority: string | null;
}

const asDate = storedDate;

/**
 * The entity's links, most recently seen first, at most 50, in one query over `entity_links` (the
 * edges event ingest maintains), never over events:
 *
 * - `paid`, `paid_by`, `uses_device`, `device_user`: the entity's own edges, read newest first from
 *   entity_links_recent_idx.
 * - `shares_device`: for each device the entity used (its `uses_device` edges), the device's other
 *   users (the device's `device_user` edges), one link per (user, device) with `via` = the device.
 *   Each pair of uses (ours, theirs) shows the sharing at the later of the two times, so
 *   `first_seen` = the later of the two first uses (when both had used the device) and `last_seen` =
 *   the later of the two last uses (the latest use of the shared device by either).
 *   Per device only the 50 best candidates are read: users last seen at or after our own last use
 *   sort by their own last use (recent index), the others all sort at our last use and then by id
 *   (primary key order), so the cost follows the number of devices, not of users or events.
 *
 * Ties are broken by relation, then linked id, then `via`, so pages are deterministic. The linked
 * entity's `kind` and `name` (when `name` is a string) and its open or in-review alert (high
 * priority first, then the newest) are joined to the 50 links only.
 */
export async function listEntityLinks(db: Queryable, actor: Actor, entityId: string): Promise<EntityLink[]> {
  if (!storableId(entityId)) return [];
  const org = actor.orgId;
  const result = await db.execute<LinkRow>(sql`
    WITH direct AS (
      SELECT l.relation, l.other_id, NULL::text AS via, l.first_seen, l.last_seen
      FROM entity_links l
      WHERE l.org_id = ${org} AND l.entity_id = ${entityId}
      ORDER BY l.last_seen DESC NULLS LAST, l.relation, l.other_id
      LIMIT ${LINKS_LIMIT}),
    devices AS (
      SELECT l.other_id AS device_id, l.first_seen, l.last_seen
      FROM entity_links l
      WHERE l.org_id = ${org} AND l.entity_id = ${entityId} AND l.relation = 'uses_device'),
    shared AS (
      SELECT 'shares_device'::text AS relation, u.other_id, d.device_id AS via,
             greatest(d.first_seen, u.first_seen) AS first_seen, greatest(d.last_seen, u.last_seen) AS last_seen
      FROM devices d
      CROSS JOIN LATERAL (
        (SELECT r.other_id, r.first_seen, r.last_seen
         FROM entity_links r
         WHERE r.org_id = ${org} AND r.entity_id = d.device_id AND r.relation = 'device_user'
           AND r.other_id <> ${entityId} AND r.last_seen >= d.last_seen
         ORDER BY r.last_seen DESC NULLS LAST, r.other_id
         LIMIT ${LINKS_LIMIT})
        UNION ALL
        (SELECT r.other_id, r.first_seen, r.last_seen
         FROM entity_links r
         WHERE r.org_id = ${org} AND r.entity_id = d.device_id AND r.relation = 'device_user'
           AND r.other_id <> ${entityId} AND r.last_seen < d.last_seen
         ORDER BY r.other_id
         LIMIT ${LINKS_LIMIT})) u),
    picked AS (
      SELECT * FROM direct
      UNION ALL
      SELECT * FROM shared
      ORDER BY last_seen DESC, relation, other_id, via NULLS FIRST
      LIMIT ${LINKS_LIMIT})
    SELECT p.relation, p.other_id, p.via, p.first_seen, p.last_seen, e.kind,
           CASE WHEN jsonb_typeof(e.attributes->'name') = 'string' THEN e.attributes->>'name' END AS name,
           a.id AS alert_id, a.number AS alert_number, a.priority AS alert_priority
    FROM picked p
    LEFT JOIN entities e ON e.org_id = ${org} AND e.id = p.other_id
    LEFT JOIN LATERAL (
      SELECT x.id, x.number, x.priority
      FROM alerts x
      WHERE x.org_id = ${org} AND x.entity_id = p.other_id AND x.status IN ${OPEN_ALERT_STATUSES}
      ORDER BY (x.priority = 'high') DESC, x.created_at DESC, x.id
      LIMIT 1) a ON true
    ORDER BY p.last_seen DESC, p.relation, p.other_id, p.via NULLS FIRST`);
  return result.rows.map((r) => ({
    entityId: r.other_id,
    kind: r.kind,
    name: r.name,
    relation: r.relation,
    via: r.via,
    firstSeen: asDate(r.first_seen),
    lastSeen: asDate(r.last_seen),
    openAlert:
      r.alert_id !== null ? { id: r.alert_id, number: Number(r.alert_number), priority: r.alert_priority as string } : null,
  }));
}
