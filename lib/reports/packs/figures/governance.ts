import { sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { endOf, rowOf, rowsOf, startOf, type FigurePeriod, type SectionFigures } from './snapshot';

/** The audit log's volume in the period: entries, by kind of actor, and the ten most frequent actions. */
export async function governanceFigures(db: Queryable, p: FigurePeriod): Promise<SectionFigures> {
  const inPeriod = sql`org_id = ${p.orgId} AND at >= ${startOf(p)} AND at < ${endOf(p)}`;
  const totals = await rowOf(
    db,
    sql`SELECT count(*)::int AS audit_entries, count(*) FILTER (WHERE actor_kind = 'person')::int AS by_people,
      count(*) FILTER (WHERE actor_kind = 'key')::int AS by_api_keys, count(*) FILTER (WHERE actor_kind = 'system')::int AS by_system
    FROM audit_log WHERE ${inPeriod}`,
  );
  const topActions = await rowsOf(db, sql`SELECT action, count(*)::int AS entries FROM audit_log WHERE ${inPeriod} GROUP BY action ORDER BY entries DESC, action LIMIT 10`);
  return { ...totals, top_actions: topActions };
}

/** Data quality of the period: events received, events without an amount, and decisions whose rules failed to run. */
export async function dataQualityFigures(db: Queryable, p: FigurePeriod): Promise<SectionFigures> {
  const s = startOf(p);
  const e = endOf(p);
  const ev = await rowOf(
    db,
    sql`SELECT count(*)::int AS events, count(*) FILTER (WHERE amount IS NULL)::int AS events_without_amount
    FROM events WHERE org_id = ${p.orgId} AND occurred_at >= ${s} AND occurred_at < ${e}`,
  );
  const errors = await rowOf(
    db,
    sql`SELECT count(*)::int AS decisions_with_rule_errors FROM decisions
    WHERE org_id = ${p.orgId} AND created_at >= ${s} AND created_at < ${e} AND rule_errors <> '[]'::jsonb`,
  );
  return { ...ev, ...errors };
}
