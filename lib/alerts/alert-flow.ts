import { storedDate } from '@/db/timestamps';
import { sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { NotFoundError } from '@/lib/errors';
import { ALERT_NOT_FOUND } from './get-alert';

const DAY_MS = 86_400_000;

export interface AlertFlow {
  entityId: string | null;
  currency: string | null;
  since: Date;
  until: Date;
  hours: { hour: Date; in: number; out: number }[];
}

/**
 * Hourly money in and out of the alert's subject entity over the 24 hours up to the alert's latest
 * event (`(last_event_at - 24h, last_event_at]`), only hours where money moved: money out is the
 * events it sent, money in the events it received. One statement: the alert (organisation check
 * included) and both sides of its entity's events, each read on its own window index.
 */
export async function alertFlow(db: Queryable, actor: Actor, alertId: string): Promise<AlertFlow> {
  authorize(actor, 'work');
  const result = await db.execute<{
    entity_id: string | null;
    last_event_at: Date | string;
    hour: Date | string | null;
    money_in: string | null;
    money_out: string | null;
    currency: string | null;
  }>(sql`
    WITH a AS (
      SELECT entity_id, last_event_at FROM alerts WHERE org_id = ${actor.orgId} AND id = ${alertId}),
    moves AS (
      SELECT e.occurred_at, e.amount, e.currency, 'out' AS side
      FROM a JOIN events e ON e.org_id = ${actor.orgId} AND e.source_id = a.entity_id
      WHERE e.amount IS NOT NULL
        AND e.occurred_at > a.last_event_at - interval '24 hours' AND e.occurred_at <= a.last_event_at
      UNION ALL
      SELECT e.occurred_at, e.amount, e.currency, 'in' AS side
      FROM a JOIN events e ON e.org_id = ${actor.orgId} AND e.destination_id = a.entity_id
      WHERE e.amount IS NOT NULL
        AND e.occurred_at > a.last_event_at - interval '24 hours' AND e.occurred_at <= a.last_event_at),
    hours AS (
      SELECT date_trunc('hour', occurred_at) AS hour,
             coalesce(sum(amount) FILTER (WHERE side = 'in'), 0) AS money_in,
             coalesce(sum(amount) FILTER (WHERE side = 'out'), 0) AS money_out,
             min(currency) AS currency
      FROM moves
      GROUP BY 1
      HAVING sum(amount) > 0)
    SELECT a.entity_id, a.last_event_at, h.hour, h.money_in::text AS money_in, h.money_out::text AS money_out, h.currency
    FROM a LEFT JOIN hours h ON true
    ORDER BY h.hour`);
  const first = result.rows[0];
  if (!first) throw new NotFoundError(ALERT_NOT_FOUND);
  const until = new Date(first.last_event_at);
  const hours = result.rows
    .filter((r) => r.hour !== null)
    .map((r) => ({ hour: storedDate(r.hour as Date | string), in: Number(r.money_in), out: Number(r.money_out) }));
  return {
    entityId: first.entity_id,
    currency: result.rows.find((r) => r.currency !== null)?.currency ?? null,
    since: new Date(until.getTime() - DAY_MS),
    until,
    hours,
  };
}

export function serializeFlow(f: AlertFlow) {
  return {
    ...(f.entityId !== null ? { entity_id: f.entityId } : {}),
    ...(f.currency !== null ? { currency: f.currency } : {}),
    since: f.since.toISOString(),
    until: f.until.toISOString(),
    hours: f.hours.map((h) => ({ hour: h.hour.toISOString(), in: h.in, out: h.out })),
  };
}
