import { sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { endOf, rowsOf, startOf, type FigurePeriod, type SectionFigures } from './snapshot';

const personName = (id: ReturnType<typeof sql>) =>
  sql`coalesce((SELECT pe.name FROM people pe WHERE pe.org_id = v.org_id AND pe.id::text = ${id}), ${id})`;

/**
 * Every rule version activated in the period, in order, with its author and approver (their names when they are
 * people of the organisation) and the last backtest run before its activation (none: null).
 */
export async function ruleChangeFigures(db: Queryable, p: FigurePeriod): Promise<SectionFigures> {
  const activated = await rowsOf(
    db,
    sql`SELECT v.key AS rule, v.version, v.activated_at, ${personName(sql`v.created_by`)} AS author,
      ${personName(sql`v.approved_by`)} AS approver, b.id::text AS backtest_run, b.created_at AS backtest_at
    FROM rule_versions v
    LEFT JOIN LATERAL (
      SELECT rb.id, rb.created_at FROM rule_backtests rb
      WHERE rb.org_id = v.org_id AND rb.rule_id = v.id AND rb.created_at <= v.activated_at
      ORDER BY rb.created_at DESC LIMIT 1
    ) b ON true
    WHERE v.org_id = ${p.orgId} AND v.activated_at >= ${startOf(p)} AND v.activated_at < ${endOf(p)}
    ORDER BY v.activated_at, v.key, v.version`,
  );
  return { versions_activated: activated.length, activated };
}

/** The rules in force at the period's end, for the risk assessment: how many watch each side of an event. */
export async function rulesInForceFigures(db: Queryable, p: FigurePeriod): Promise<SectionFigures> {
  const bySubject = await rowsOf(
    db,
    sql`SELECT v.subject, count(*)::int AS rules FROM rule_versions v
    WHERE v.org_id = ${p.orgId} AND v.activated_at < ${endOf(p)} AND (v.retired_at IS NULL OR v.retired_at >= ${endOf(p)})
    GROUP BY v.subject ORDER BY v.subject`,
  );
  return { rules_in_force: bySubject.reduce((n, r) => n + Number(r.rules), 0), rules_by_subject: bySubject };
}
