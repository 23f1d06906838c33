import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type pg from 'pg';
import type { Queryable } from '@/db/client';
import { isUniqueViolation } from '@/db/errors';
import { sendBehind, sendEachInOrder } from '@/db/pipeline';
import { decisions, events } from '@/db/schema';
import { alertOfDecision, decisionOnAlertsStatements, type DecisionForAlert } from '@/lib/alerts/raise-for-decision';
import type { Actor } from '@/lib/auth/actor';
import { settings } from '@/lib/config';
import type { DecisionRow } from '@/lib/decisions/serialize';
import { describeError, log } from '@/lib/log';
import { recordDecision, recordIngestBatch, type IngestBatchStages } from '@/lib/metrics';
import { decide, evaluateRules, type CompiledRuleVersion, type FiredRule, type ScoringInput } from '@/lib/scoring/engine';
import { BatchNeedsOneByOne, countersOfBatch } from './batch-counters';
import { readStoredWindows, type EventCounters } from './counters';
import type { EventInput } from './event-input';
import { storedEventsOf, storeEventsStatement, type EventToStore, type IngestMode, type ScoredDecision, type StoredEvent } from './store-events';

export type { IngestMode } from './store-events';

export type IngestResult =
  | { mode: 'sync'; decision: DecisionRow; replay: boolean }
  | { mode: 'async'; eventId: string; receivedAt: Date; replay: boolean };

/** An event waiting to be stored: in sync mode with the organisation's active rules, loaded beforehand. */
export interface IngestItem {
  actor: Actor;
  event: EventInput;
  mode: IngestMode;
  rules?: readonly CompiledRuleVersion[];
}

/** A 64-bit advisory lock key per (organisation, entity). */
export function entityLockKey(orgId: string, entityId: string): bigint {
  return createHash('sha256').update(`${orgId}\u0000${entityId}`).digest().readBigInt64BE(0);
}

/** The entities an event is locked on: the ones it names (source, destination). */
export const lockedEntitiesOf = (event: EventInput): string[] =>
  [event.sourceId, event.destinationId].filter((x): x is string => x !== null);

/**
 * The entities whose alerts a review or block decision goes on. `decision`: the side whose fired
 * rules weigh more (source on a tie), whose alert the decision names. `other`: the other side's
 * entity when its rules fired too and it is a different, named entity; its alert lists the event
 * among its occurrences.
 */
function alertSubjects(fired: FiredRule[], event: EventInput): { decision: string | null; other: string | null } {
  let source = 0;
  let destination = 0;
  for (const f of fired) {
    if (f.subject === 'destination') destination += f.weight;
    else source += f.weight;
  }
  const destinationLeads = destination > source && event.destinationId !== null;
  const decision = destinationLeads ? event.destinationId : event.sourceId;
  const other = destinationLeads ? event.sourceId : event.destinationId;
  const otherFired = destinationLeads ? source > 0 : destination > 0;
  return { decision, other: otherFired && other !== null && other !== decision ? other : null };
}

function score(rules: readonly CompiledRuleVersion[], event: EventInput, counters: EventCounters): ScoredDecision & { fired: FiredRule[] } {
  const input: ScoringInput = {
    type: event.type,
    amount: event.amount ?? 0,
    currency: event.currency ?? '',
    rail: event.rail ?? '',
    source_id: event.sourceId ?? '',
    destination_id: event.destinationId ?? '',
    features: counters.source as ScoringInput['features'],
    dest_features: counters.destination as ScoringInput['features'],
  };
  // decided_in_ms is the engine's time: rule evaluation and the decision, not storage.
  const started = performance.now();
  const evaluation = evaluateRules(rules, input);
  const outcome = decide(evaluation.fired, { block: settings().blockScore, review: settings().reviewScore });
  const decidedInUs = Math.max(0, Math.round((performance.now() - started) * 1000));
  return {
    id: randomUUID(),
    decision: outcome.decision,
    riskScore: outcome.risk_score,
    reasons: evaluation.fired.map((f) => ({ rule: f.rule, version: f.version, detail: f.detail, weight: f.weight })),
    ruleErrors: evaluation.errors.map((e) => ({ rule: e.rule, version: e.version, message: e.message })),
    decidedInUs,
    fired: evaluation.fired,
  };
}

/** What became of one event of the batch inside its transaction; answered once the batch commits. */
type Staged =
  | { kind: 'stored'; result: IngestResult; decision?: ScoredDecision }
  | { kind: 'replay' };

/** The open transaction of a batch: its connection, and its last statements sent with the COMMIT. */
interface LockedTransaction {
  client: pg.PoolClient;
  /**
   * Sends `statements` and COMMIT right behind them (db/pipeline.ts: one round trip on a pipelined
   * connection) and answers each statement. When one fails, PostgreSQL aborts the transaction and
   * answers the COMMIT with a rollback, so nothing is committed; the caller throws the failure that is
   * the cause. `commitFailure` is null once the COMMIT committed, else why it did not (its own error, such
   * as a lost connection, or the rollback it answered with). Records the write (sending to the last
   * statement's answer) and commit (from there to the COMMIT's answer) stages.
   */
  commitBehind(statements: readonly (string | pg.QueryConfig)[]): Promise<{ answers: PromiseSettledResult<pg.QueryResult>[]; commitFailure: unknown }>;
}

/**
 * Runs `work` in one transaction holding the advisory locks of the given keys, taken in ascending
 * order (so two batches, also of two instances, cannot deadlock on them). `work`'s first statement is
 * sent right behind BEGIN and the locks (db/pipeline.ts), so it runs after the locks are held. `work`
 * sends its last statements with the COMMIT (`commitBehind`); if it returns without doing so the
 * transaction commits then, and it rolls back when `work` throws.
 */
async function inLockedTransaction<T>(
  pool: pg.Pool,
  keys: bigint[],
  stages: IngestBatchStages,
  work: (tx: LockedTransaction) => Promise<T>,
): Promise<T> {
  const sorted = [...new Set(keys)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((k) => BigInt.asIntN(64, k).toString());
  const client = await pool.connect();
  let commitSent = false;
  const tx: LockedTransaction = {
    client,
    async commitBehind(statements) {
      commitSent = true;
      const writing = performance.now();
      const each = sendEachInOrder(client, [...statements, 'COMMIT']);
      const answers = await Promise.all(each.slice(0, -1));
      const committing = performance.now();
      stages.writeMs = committing - writing;
      const commit = (await each.at(-1)) as PromiseSettledResult<pg.QueryResult>;
      stages.commitMs = performance.now() - committing;
      if (commit.status === 'rejected') return { answers, commitFailure: commit.reason };
      return { answers, commitFailure: commit.value.command === 'COMMIT' ? null : new Error('the ingest batch was rolled back at its COMMIT') };
    },
  };
  try {
    // BEGIN, generic plans (the batch statements take arrays, and planning each call anew would cost
    // as much as running it), and the locks, as one simple query. The keys are bigints computed here,
    // never request data, so they are written as numbers.
    const locks = sorted.length > 0 ? `; SELECT count(pg_advisory_xact_lock(k)) FROM unnest(ARRAY[${sorted.join(',')}]::bigint[]) AS k` : '';
    try {
      const result = await sendBehind(client, `BEGIN; SET LOCAL plan_cache_mode = force_generic_plan${locks}`, () => work(tx));
      if (!commitSent) {
        const committing = performance.now();
        await client.query('COMMIT');
        stages.commitMs = performance.now() - committing;
      }
      return result;
    } catch (err) {
      // After a failure behind the COMMIT there is no transaction left, and this only warns.
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  } finally {
    client.release();
  }
}

/**
 * An idempotency key taken while the batch read its counters (by another instance, committed while
 * the batch's insert waited on it): see `stageBatch`.
 */
class KeyTakenMeanwhile extends Error {
  constructor() {
    super('an idempotency key of the batch was taken while it was being stored');
  }
}

/**
 * Scores, stores and alerts the events of a batch in the open transaction, in arrival order: the
 * stored windows of all its events in one statement, each event's counters carried over from the
 * earlier events of the batch (lib/events/batch-counters.ts), the decisions, all events with their
 * state in one statement, then the alerts of review and block decisions one event after the other; the
 * statements after the counters' read are sent back to back with the COMMIT (db/pipeline.ts).
 */
async function stageBatch(tx: LockedTransaction, items: readonly IngestItem[], stages: IngestBatchStages): Promise<Staged[]> {
  const { client } = tx;
  const { nearThresholdLow: low, nearThresholdHigh: high } = settings();
  const subjects = items.map((i) => ({ orgId: i.actor.orgId, event: i.event }));
  // Sent right behind BEGIN and the locks: the round trip includes waiting for them.
  const started = performance.now();
  const stored = await readStoredWindows(client, subjects);
  stages.countersMs = performance.now() - started;
  // A key stored before, or sent twice in the batch, is a replay: it stores and counts nothing.
  const seen = new Set<string>();
  const skip = items.map((item, k) => {
    const key = `${item.actor.orgId}\u0000${item.event.idempotencyKey}`;
    const replay = (stored[k] as { keyTaken: boolean }).keyTaken || seen.has(key);
    seen.add(key);
    return replay;
  });
  const counters = countersOfBatch(subjects, stored, skip, low, high);

  type ToStore = EventToStore & { scored?: ReturnType<typeof score> };
  const toStore: (ToStore | null)[] = items.map((item, k) => {
    if (skip[k]) return null;
    const c = counters[k] as EventCounters;
    const scored = item.mode === 'sync' ? score(item.rules ?? [], item.event, c) : undefined;
    return {
      actor: item.actor,
      event: item.event,
      mode: item.mode,
      eventId: randomUUID(),
      counters: c,
      // A review or block decision is stored with its alert (below); an allow decision with the event.
      decision: scored && scored.decision === 'allow' ? scored : null,
      scored,
    };
  });
  const written = toStore.filter((x): x is ToStore => x !== null);
  if (written.length === 0) return toStore.map(() => ({ kind: 'replay' }));

  // The events with their state, then the alerts of their review and block decisions in arrival order,
  // sent back to back (db/pipeline.ts): none needs another's answer.
  const onAlerts = written.map((item) => {
    const scored = item.scored;
    if (!scored || scored.decision === 'allow') return null;
    const subjectsOfAlert = alertSubjects(scored.fired, item.event);
    const decision: DecisionForAlert = {
      decisionId: scored.id,
      eventId: item.eventId,
      decision: scored.decision,
      riskScore: scored.riskScore,
      occurredAt: item.event.occurredAt,
      entityId: subjectsOfAlert.decision,
      reasons: scored.reasons,
      ruleErrors: scored.ruleErrors,
      decidedInUs: scored.decidedInUs,
    };
    return decisionOnAlertsStatements(item.actor, decision, subjectsOfAlert.other);
  });
  const { answers, commitFailure } = await tx.commitBehind([storeEventsStatement(written), ...onAlerts.flatMap((x) => x ?? [])]);
  const [storedAnswer, ...alertAnswers] = answers as [PromiseSettledResult<pg.QueryResult>, ...PromiseSettledResult<pg.QueryResult>[]];
  if (storedAnswer.status === 'rejected') {
    // Later events counted every written one: if another instance took a key meanwhile, the insert
    // fails on it, nothing commits, and the batch is counted again one by one.
    if (isUniqueViolation(storedAnswer.reason, 'events_idempotency_key')) throw new KeyTakenMeanwhile();
    throw storedAnswer.reason;
  }
  const alertFailure = alertAnswers.find((a) => a.status === 'rejected');
  if (alertFailure) throw alertFailure.reason;
  if (commitFailure !== null) throw commitFailure;
  const inserted = storedEventsOf(storedAnswer.value);
  const alertResults = alertAnswers.map((a) => (a as PromiseFulfilledResult<pg.QueryResult>).value);

  const staged: Staged[] = [];
  let alertAt = 0;
  let writtenAt = 0;
  for (const item of toStore) {
    if (item === null) {
      staged.push({ kind: 'replay' });
      continue;
    }
    const statements = onAlerts[writtenAt++];
    const row = inserted.get(item.eventId) as StoredEvent;
    const scored = item.scored;
    if (!scored) {
      staged.push({ kind: 'stored', result: { mode: 'async', eventId: item.eventId, receivedAt: row.receivedAt, replay: false } });
      continue;
    }
    let alertId: string | null = null;
    let createdAt = row.decidedAt;
    if (statements) {
      const onAlert = alertOfDecision(alertResults.slice(alertAt, alertAt + statements.length));
      alertAt += statements.length;
      alertId = onAlert.alertId;
      createdAt = onAlert.createdAt;
    }
    const decision: DecisionRow = {
      orgId: item.actor.orgId,
      id: scored.id,
      eventId: item.eventId,
      decision: scored.decision,
      riskScore: scored.riskScore,
      reasons: scored.reasons,
      decidedInUs: scored.decidedInUs,
      ruleErrors: scored.ruleErrors,
      alertId,
      createdAt: createdAt ?? new Date(),
    };
    staged.push({ kind: 'stored', result: { mode: 'sync', decision, replay: false }, decision: scored });
  }
  return staged;
}

/** The answer first given for an idempotency key, read after the batch that found it taken committed. */
export async function findOriginal(db: Queryable, orgId: string, idempotencyKey: string): Promise<IngestResult | null> {
  const [row] = await db
    .select({ id: events.id, mode: events.mode, receivedAt: events.receivedAt, decision: decisions })
    .from(events)
    .leftJoin(decisions, and(eq(decisions.orgId, events.orgId), eq(decisions.eventId, events.id)))
    .where(and(eq(events.orgId, orgId), eq(events.idempotencyKey, idempotencyKey)));
  if (!row) return null;
  if (row.mode === 'sync' && row.decision) return { mode: 'sync', decision: row.decision, replay: true };
  return { mode: 'async', eventId: row.id, receivedAt: row.receivedAt, replay: true };
}

/**
 * Stores a batch of events in one transaction (group commit): the advisory locks of every entity the
 * batch names, the batch's counters in one statement, its decisions, its events with their state in
 * one more, its alerts (see `stageBatch`), and one COMMIT for all. Only then is any
 * event answered, so an answered event is durable. An event whose idempotency key was taken answers as
 * the stored one did. When the batch fails (one event's bad payload, a deadlock with another
 * instance, an out-of-order event among events of its entities), it is rolled back and each event is retried in a transaction of its own, in order, so one
 * event's failure fails only that event. Returns each event's answer or error, in the batch's order.
 */
export async function commitBatch(
  pool: pg.Pool,
  db: Queryable,
  items: readonly IngestItem[],
): Promise<(IngestResult | Error)[]> {
  const keys = items.flatMap((i) => lockedEntitiesOf(i.event).map((id) => entityLockKey(i.actor.orgId, id)));
  let staged: Staged[];
  const stages: IngestBatchStages = { countersMs: 0, writeMs: 0, commitMs: 0 };
  try {
    staged = await inLockedTransaction(pool, keys, stages, (tx) => stageBatch(tx, items, stages));
  } catch (err) {
    if (items.length === 1) {
      // Alone, an event whose key was taken meanwhile is simply a replay the next try finds.
      if (err instanceof KeyTakenMeanwhile) return commitBatch(pool, db, items);
      return [err instanceof Error ? err : new Error(String(err))];
    }
    if (!(err instanceof BatchNeedsOneByOne || err instanceof KeyTakenMeanwhile)) {
      log('warn', 'an ingest batch failed; storing its events one by one', { events: items.length, ...describeError(err) });
    }
    const one: (IngestResult | Error)[] = [];
    for (const item of items) one.push(...(await commitBatch(pool, db, [item])));
    return one;
  }
  recordIngestBatch(items.length, stages);
  const answers: (IngestResult | Error)[] = [];
  for (const [k, s] of staged.entries()) {
    const item = items[k] as IngestItem;
    if (s.kind === 'stored') {
      if (s.decision) recordDecision(s.decision);
      answers.push(s.result);
      continue;
    }
    // The key was taken by an earlier (or concurrent, now committed) request: answer as it was answered.
    const original = await findOriginal(db, item.actor.orgId, item.event.idempotencyKey);
    answers.push(original ?? new Error('idempotency key conflict without a stored event'));
  }
  return answers;
}
