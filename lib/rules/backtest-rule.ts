import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Database, Queryable } from '@/db/client';
import { ruleBacktests, ruleVersions } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { InvalidInputError, NotFoundError } from '@/lib/errors';
import {
  compileRuleVersion,
  emptyCounters,
  RuleCompileError,
  toActivation,
  type CompiledRuleVersion,
  type CounterName,
  type Counters,
} from '@/lib/scoring/engine';
import { RULE_NOT_FOUND } from './activate-rule';
import { counterReads, mergeCounterReads, type CounterReads } from './counter-reads';
import type { RuleVersionRow } from './serialize';
import { MAX_EVENTS, MAX_EVENTS_MESSAGE } from './schemas';

export { MAX_EVENTS, MAX_EVENTS_MESSAGE };

export const SINCE_BEFORE_UNTIL_MESSAGE = 'since must be before until';
export const WINDOW_MESSAGE = 'window is capped at 31 days';

const DAY_MS = 86_400_000;
export const DEFAULT_WINDOW_MS = 7 * DAY_MS;
export const MAX_WINDOW_MS = 31 * DAY_MS;
export const DEFAULT_MAX_EVENTS = 50_000;
export const SAMPLE_SIZE = 20;
/** Events fetched per round trip: enough to keep round trips rare, few enough that 100,000 are never held at once. */
export const BATCH_SIZE = 5_000;

export interface BacktestInput {
  since?: Date;
  until?: Date;
  maxEvents?: number;
}

/** The backtest response of the interface; the comparison fields are present only with a baseline. */
export interface BacktestResult {
  rule_id: string;
  key: string;
  version: number;
  since: string;
  until: string;
  events_evaluated: number;
  truncated: boolean;
  would_flag: number;
  eval_errors: number;
  baseline_version?: number;
  baseline_would_flag?: number;
  newly_flagged?: number;
  no_longer_flagged?: number;
  sample_event_ids: string[];
}

/** The window and limit with the interface's defaults, or the interface's 400. */
export function backtestWindow(input: BacktestInput, now = new Date()): { since: Date; until: Date; maxEvents: number } {
  const until = input.until ?? now;
  const since = input.since ?? new Date(until.getTime() - DEFAULT_WINDOW_MS);
  const maxEvents = input.maxEvents ?? DEFAULT_MAX_EVENTS;
  if (!Number.isInteger(maxEvents) || maxEvents < 1 || maxEvents > MAX_EVENTS) throw new InvalidInputError(MAX_EVENTS_MESSAGE);
  if (!(since.getTime() < until.getTime())) throw new InvalidInputError(SINCE_BEFORE_UNTIL_MESSAGE);
  if (until.getTime() - since.getTime() > MAX_WINDOW_MS) throw new InvalidInputError(WINDOW_MESSAGE);
  return { since, until, maxEvents };
}

/**
 * A stored version compiled when it was drafted, so this fails only if the engine changed since: the tested
 * version then answers the compiler's 400, and a baseline that no longer compiles (it scores nothing live
 * either: the rule set leaves it out) is left out of the comparison.
 */
function compile(r: RuleVersionRow): CompiledRuleVersion {
  try {
    return compileRuleVersion({ id: r.id, key: r.key, version: r.version, expr: r.expr, weight: r.weight, detail: r.detail, subject: r.subject });
  } catch (err) {
    if (err instanceof RuleCompileError) throw new InvalidInputError(err.message);
    throw err;
  }
}

function compileBaseline(r: RuleVersionRow | undefined): { row: RuleVersionRow; rule: CompiledRuleVersion } | undefined {
  if (!r) return undefined;
  try {
    return { row: r, rule: compile(r) };
  } catch (err) {
    if (err instanceof InvalidInputError) return undefined;
    throw err;
  }
}

/** 1 fired, 0 did not, -1 failed at run time (counted, and read as not fired for the comparison). */
function outcome(rule: CompiledRuleVersion, activation: ReturnType<typeof toActivation>): 1 | 0 | -1 {
  try {
    return rule.program(activation) === true ? 1 : 0;
  } catch {
    return -1;
  }
}

const CURSOR = 'rule_backtest_events';

/** The select list for one counter map: the whole stored map, or only the counters the rules read. */
function counterColumns(column: 'features' | 'dest_features', prefix: string, reads: CounterName[] | 'all'): SQL {
  if (reads === 'all') return sql.raw(`${column} AS ${prefix}`);
  if (reads.length === 0) return sql.raw(`NULL AS ${prefix}`);
  // Names come from the engine's fixed list, never from the caller.
  return sql.raw(reads.map((n) => `coalesce(trunc((${column}->>'${n}')::numeric), 0)::int8 AS ${prefix}_${n}`).join(', '));
}

type ReplayRow = Record<string, unknown> & {
  id: string;
  type: string;
  amount: string | null;
  currency: string | null;
  rail: string | null;
  source_id: string | null;
  destination_id: string | null;
};

/** Builds a full counter map from a row: the stored map, or the counters read (others 0). */
function countersOf(row: ReplayRow, prefix: string, reads: CounterName[] | 'all', none: Counters): Counters {
  if (reads === 'all') return (row[prefix] as Counters | null) ?? none;
  if (reads.length === 0) return none;
  const out = { ...none };
  for (let i = 0; i < reads.length; i++) out[reads[i]!] = row[`${prefix}_${reads[i]!}`] as number;
  return out;
}

/**
 * Stored events of the window, oldest first by (occurred_at, id), at most `limit`: one ordered query read
 * through a cursor in batches, so a long window is never held in memory at once.
 */
async function* replayEvents(
  tx: Queryable,
  orgId: string,
  window: { since: Date; until: Date },
  limit: number,
  reads: CounterReads,
): AsyncGenerator<ReplayRow[]> {
  await tx.execute(sql`
    DECLARE ${sql.raw(CURSOR)} NO SCROLL CURSOR FOR
    SELECT id, type, amount, currency, rail, source_id, destination_id,
           ${counterColumns('features', 'f', reads.features)}, ${counterColumns('dest_features', 'd', reads.dest_features)}
    FROM events
    WHERE org_id = ${orgId} AND occurred_at >= ${window.since.toISOString()}::timestamptz
      AND occurred_at <= ${window.until.toISOString()}::timestamptz
    ORDER BY occurred_at, id
    LIMIT ${limit}`);
  try {
    for (;;) {
      const batch = await tx.execute<ReplayRow>(sql.raw(`FETCH ${BATCH_SIZE} FROM ${CURSOR}`));
      if (batch.rows.length === 0) return;
      yield batch.rows;
      if (batch.rows.length < BATCH_SIZE) return;
    }
  } finally {
    await tx.execute(sql.raw(`CLOSE ${CURSOR}`));
  }
}

/**
 * Replays the organisation's stored events of a window through one rule version (any status), each with
 * the counters it saw when it arrived (`features`, `dest_features`) and its own fields, oldest first up
 * to `max_events`. When the version is not the active one and another version of its key is, every event
 * also runs through that active version and the result says what would change. Decisions and alerts are
 * untouched; the run is kept in `rule_backtests` and written to the audit log.
 *
 * The window is `since <= occurred_at <= until`. The events are read in one repeatable-read snapshot
 * through one cursor, fetching only the counters the expressions read (see `counterReads`).
 */
export async function backtestRule(db: Database, actor: Actor, ruleId: string, input: BacktestInput = {}): Promise<BacktestResult> {
  authorize(actor, 'work');
  const { since, until, maxEvents } = backtestWindow(input);
  return db.transaction(
    async (tx) => {
      const [rule] = await tx
        .select()
        .from(ruleVersions)
        .where(and(eq(ruleVersions.orgId, actor.orgId), eq(ruleVersions.id, ruleId)));
      if (!rule) throw new NotFoundError(RULE_NOT_FOUND);
      const [baselineRow] =
        rule.status === 'active'
          ? []
          : await tx
              .select()
              .from(ruleVersions)
              .where(
                and(
                  eq(ruleVersions.orgId, actor.orgId),
                  eq(ruleVersions.key, rule.key),
                  eq(ruleVersions.status, 'active'),
                  ne(ruleVersions.id, rule.id),
                ),
              );
      const tested = compile(rule);
      const compared = compileBaseline(baselineRow);
      const baseline = compared?.rule;

      const reads = mergeCounterReads([counterReads(tested.expr), ...(baseline ? [counterReads(baseline.expr)] : [])]);
      let evaluated = 0;
      let truncated = false;
      let wouldFlag = 0;
      let evalErrors = 0;
      let baselineWouldFlag = 0;
      let newlyFlagged = 0;
      let noLongerFlagged = 0;
      const samples: string[] = [];
      const none: Counters = emptyCounters();

      // One row past the limit says whether max_events cut the window.
      for await (const batch of replayEvents(tx, actor.orgId, { since, until }, maxEvents + 1, reads)) {
        for (let i = 0; i < batch.length; i++) {
          if (evaluated === maxEvents) {
            truncated = true;
            break;
          }
          const e = batch[i]!;
          evaluated++;
          const activation = toActivation({
            type: e.type,
            amount: e.amount === null ? 0 : Number(e.amount),
            currency: e.currency ?? '',
            rail: e.rail ?? '',
            source_id: e.source_id ?? '',
            destination_id: e.destination_id ?? '',
            // Every stored event has its counters; one without reads them all as 0.
            features: countersOf(e, 'f', reads.features, none),
            dest_features: countersOf(e, 'd', reads.dest_features, none),
          });
          const now = outcome(tested, activation);
          if (now === -1) evalErrors++;
          else if (now === 1) wouldFlag++;
          if (baseline) {
            const before = outcome(baseline, activation);
            if (before === 1) baselineWouldFlag++;
            if (now === 1 && before !== 1) {
              newlyFlagged++;
              if (samples.length < SAMPLE_SIZE) samples.push(e.id);
            } else if (now !== 1 && before === 1) {
              noLongerFlagged++;
            }
          } else if (now === 1 && samples.length < SAMPLE_SIZE) {
            samples.push(e.id);
          }
        }
        if (truncated) break;
      }

      const result: BacktestResult = {
        rule_id: rule.id,
        key: rule.key,
        version: rule.version,
        since: since.toISOString(),
        until: until.toISOString(),
        events_evaluated: evaluated,
        truncated,
        would_flag: wouldFlag,
        eval_errors: evalErrors,
        ...(compared
          ? {
              baseline_version: compared.row.version,
              baseline_would_flag: baselineWouldFlag,
              newly_flagged: newlyFlagged,
              no_longer_flagged: noLongerFlagged,
            }
          : {}),
        sample_event_ids: samples,
      };
      const [run] = await tx
        .insert(ruleBacktests)
        .values({ orgId: actor.orgId, ruleId: rule.id, ranBy: actor.actorId, result })
        .returning({ id: ruleBacktests.id });
      const { sample_event_ids: _samples, ...figures } = result;
      await recordAudit(tx, actor, {
        action: 'rule.backtested',
        targetType: 'rule_version',
        targetId: rule.id,
        changes: { backtest_id: run?.id, status: rule.status, ...figures },
      });
      return result;
    },
    { isolationLevel: 'repeatable read' },
  );
}
