import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { alerts, decisions, ruleBacktests } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import type { BacktestResult } from './backtest-rule';

/** A sample event of a backtest and the alert its live decision raised or joined, if any. */
export interface BacktestSample {
  eventId: string;
  alertId: string | null;
  alertNumber: number | null;
}

/** A backtest as the console shows it: the result, who ran it and when, and its samples with their alerts. */
export interface BacktestRun {
  result: BacktestResult;
  ranBy: string;
  ranAt: Date;
  samples: BacktestSample[];
}

/**
 * The alerts of the organisation's events (through each event's decision), in the order of `eventIds`;
 * an event whose decision raised no alert has none.
 */
export async function samplesWithAlerts(db: Queryable, actor: Actor, eventIds: readonly string[]): Promise<BacktestSample[]> {
  if (eventIds.length === 0) return [];
  const rows = await db
    .select({ eventId: decisions.eventId, alertId: decisions.alertId, number: alerts.number })
    .from(decisions)
    .leftJoin(alerts, and(eq(alerts.orgId, decisions.orgId), eq(alerts.id, decisions.alertId)))
    .where(and(eq(decisions.orgId, actor.orgId), inArray(decisions.eventId, [...eventIds])));
  const byEvent = new Map(rows.map((r) => [r.eventId, r]));
  return eventIds.map((eventId) => {
    const r = byEvent.get(eventId);
    return { eventId, alertId: r?.alertId ?? null, alertNumber: r?.number ?? null };
  });
}

/**
 * The latest stored backtest of each of these versions of the organisation (backtestRule keeps every
 * run), with its samples' alerts. Versions never backtested are absent.
 */
export async function latestBacktests(db: Queryable, actor: Actor, ruleIds: readonly string[]): Promise<Map<string, BacktestRun>> {
  const out = new Map<string, BacktestRun>();
  if (ruleIds.length === 0) return out;
  const rows = await db
    .selectDistinctOn([ruleBacktests.ruleId], {
      ruleId: ruleBacktests.ruleId,
      ranBy: ruleBacktests.ranBy,
      createdAt: ruleBacktests.createdAt,
      result: ruleBacktests.result,
    })
    .from(ruleBacktests)
    .where(and(eq(ruleBacktests.orgId, actor.orgId), inArray(ruleBacktests.ruleId, [...ruleIds])))
    .orderBy(ruleBacktests.ruleId, desc(ruleBacktests.createdAt), sql`${ruleBacktests.id} DESC`);
  for (const r of rows) {
    const result = r.result as BacktestResult;
    out.set(r.ruleId, { result, ranBy: r.ranBy, ranAt: r.createdAt, samples: await samplesWithAlerts(db, actor, result.sample_event_ids ?? []) });
  }
  return out;
}
