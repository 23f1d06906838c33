import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { storedDate } from '@/db/timestamps';
import { entities } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { buildGraph, NODE_CAP, type GraphRelation, type LaidOutGraph, type LinkGroup, type NodeFacts } from './graph-layout';
import { openAlertCount } from './open-alerts';
import { storableId } from './storable';

/** Links of one relation drawn at first: the root's, each of its devices' other users, each neighbour's in the next ring. */
export const ROOT_SHOWN = 12;
export const DEVICE_USERS_SHOWN = 6;
export const NEXT_RING_SHOWN = 3;
/** How many more links one "show more" of a collapsed group adds. */
export const MORE_STEP = 50;

export const GRAPH_RELATIONS = ['paid_by', 'paid', 'uses_device', 'device_user'] as const satisfies readonly GraphRelation[];

/** A collapsed group opened `steps` times. */
export interface GroupExpansion {
  relation: GraphRelation;
  from: string;
  steps: number;
}

export interface GraphRequest {
  /** Also draw the links of the root's neighbours (the next ring). */
  nextRing?: boolean;
  expanded?: GroupExpansion[];
}

interface GroupSpec {
  from: string;
  relation: GraphRelation;
  limit: number;
  /** A linked entity left out of the group (the root, already drawn beside a device it uses). */
  skip: string | null;
}

interface GroupRow extends Record<string, unknown> {
  i: number;
  total: number;
  other_id: string | null;
  first_seen: Date | string | null;
  last_seen: Date | string | null;
}

/**
 * Reads many groups of links in one statement: per group its count (an index-only scan of the
 * primary key) and its most recently seen `limit` links (entity_links_recent_idx), so a hub's
 * thousands of links are counted, never read.
 */
async function readGroups(db: Queryable, orgId: string, specs: GroupSpec[]): Promise<LinkGroup[]> {
  if (specs.length === 0) return [];
  const wanted = JSON.stringify(specs.map((s, i) => ({ i, from_id: s.from, relation: s.relation, n: s.limit, skip: s.skip })));
  const result = await db.execute<GroupRow>(sql`
    SELECT q.i, c.total, l.other_id, l.first_seen, l.last_seen
    FROM jsonb_to_recordset(${wanted}::jsonb) AS q(i int, from_id text, relation text, n int, skip text)
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS total FROM entity_links c
      WHERE c.org_id = ${orgId} AND c.entity_id = q.from_id AND c.relation = q.relation AND c.other_id IS DISTINCT FROM q.skip) c
    LEFT JOIN LATERAL (
      SELECT r.other_id, r.first_seen, r.last_seen FROM entity_links r
      WHERE r.org_id = ${orgId} AND r.entity_id = q.from_id AND r.relation = q.relation AND r.other_id IS DISTINCT FROM q.skip
      ORDER BY r.last_seen DESC, r.other_id
      LIMIT q.n) l ON true
    ORDER BY q.i, l.last_seen DESC, l.other_id`);
  const groups: LinkGroup[] = specs.map((s) => ({ from: s.from, relation: s.relation, total: 0, links: [] }));
  for (const r of result.rows) {
    const group = groups[Number(r.i)] as LinkGroup;
    group.total = Number(r.total);
    if (r.other_id !== null && r.first_seen !== null && r.last_seen !== null) {
      group.links.push({ otherId: r.other_id, firstSeen: storedDate(r.first_seen), lastSeen: storedDate(r.last_seen) });
    }
  }
  return groups.filter((g) => g.total > 0);
}

/** Kind, name and open alert count of the entities drawn, in one query. */
async function factsOf(db: Queryable, orgId: string, ids: string[]): Promise<Map<string, NodeFacts>> {
  const facts = new Map<string, NodeFacts>();
  if (ids.length === 0) return facts;
  const rows = await db
    .select({
      id: entities.id,
      kind: entities.kind,
      name: sql<string | null>`CASE WHEN jsonb_typeof(${entities.attributes}->'name') = 'string' THEN ${entities.attributes}->>'name' END`,
      openAlerts: openAlertCount(),
    })
    .from(entities)
    .where(and(eq(entities.orgId, orgId), inArray(entities.id, ids)));
  for (const r of rows) facts.set(r.id, { kind: r.kind, name: r.name, openAlerts: Number(r.openAlerts) });
  return facts;
}

/**
 * The link graph of an entity, laid out for drawing: its payers, payees and devices, each device's
 * other users (a shared device), and on request the next ring (the neighbours' own payers and
 * payees). Each group shows its most recent links and collapses the rest into a counted node, which
 * `expanded` opens `MORE_STEP` links at a time; the whole graph stays within NODE_CAP nodes. An id
 * no event named gives the entity alone.
 */
export async function entityGraph(db: Queryable, actor: Actor, entityId: string, request: GraphRequest = {}): Promise<LaidOutGraph> {
  if (!storableId(entityId)) return buildGraph(entityId, [], new Map());
  const steps = new Map((request.expanded ?? []).map((e) => [`${e.relation}:${e.from}`, e.steps]));
  const limitOf = (relation: GraphRelation, from: string, base: number) =>
    Math.min(NODE_CAP, base + Math.max(0, Math.min(10, steps.get(`${relation}:${from}`) ?? 0)) * MORE_STEP);

  const root = await readGroups(
    db,
    actor.orgId,
    GRAPH_RELATIONS.map((relation) => ({ from: entityId, relation, limit: limitOf(relation, entityId, ROOT_SHOWN), skip: null })),
  );
  const devices = root.filter((g) => g.relation === 'uses_device').flatMap((g) => g.links.map((l) => l.otherId));
  const neighbours = request.nextRing
    ? [...new Set(root.filter((g) => g.relation === 'paid' || g.relation === 'paid_by').flatMap((g) => g.links.map((l) => l.otherId)))]
    : [];
  const further = await readGroups(db, actor.orgId, [
    ...devices.map((device) => ({ from: device, relation: 'device_user' as const, limit: limitOf('device_user', device, DEVICE_USERS_SHOWN), skip: entityId })),
    ...neighbours.flatMap((n) =>
      (['paid_by', 'paid'] as const).map((relation) => ({ from: n, relation, limit: limitOf(relation, n, NEXT_RING_SHOWN), skip: entityId })),
    ),
  ]);
  const groups = [...root, ...further];
  const ids = new Set<string>([entityId]);
  for (const g of groups) for (const l of g.links) ids.add(l.otherId);
  return buildGraph(entityId, groups, await factsOf(db, actor.orgId, [...ids]));
}
