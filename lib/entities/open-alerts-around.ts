import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { alerts } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';

/** At most this many are listed; the entity's own come first. */
export const AROUND_LIMIT = 50;

export interface AlertAround {
  id: string;
  number: number;
  entityId: string;
  status: string;
  priority: string;
  riskScore: number;
  lastEventAt: Date;
  /** True for an alert of a linked entity, false for the entity's own. */
  linked: boolean;
}

/**
 * The open and in-review alerts of an entity and of the entities linked to it (as its link graph
 * draws them): the entity's own first, then high priority, then the most recent event. One query on
 * alerts_org_entity_idx.
 */
export async function openAlertsAround(db: Queryable, actor: Actor, entityId: string, linkedIds: string[]): Promise<AlertAround[]> {
  const ids = [...new Set([entityId, ...linkedIds])];
  const rows = await db
    .select({
      id: alerts.id,
      number: alerts.number,
      entityId: alerts.entityId,
      status: alerts.status,
      priority: alerts.priority,
      riskScore: alerts.riskScore,
      lastEventAt: alerts.lastEventAt,
    })
    .from(alerts)
    .where(and(eq(alerts.orgId, actor.orgId), inArray(alerts.entityId, ids), inArray(alerts.status, ['open', 'in_review'])))
    .orderBy(sql`(${alerts.entityId} = ${entityId}) DESC`, sql`(${alerts.priority} = 'high') DESC`, desc(alerts.lastEventAt), asc(alerts.id))
    .limit(AROUND_LIMIT);
  return rows.map((r) => ({ ...r, entityId: r.entityId as string, linked: r.entityId !== entityId }));
}
