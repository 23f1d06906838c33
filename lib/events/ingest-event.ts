import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type pg from 'pg';
import { getDb, getPool, type Queryable } from '@/db/client';
import { preparedQuery } from '@/db/prepared';
import { decisions, events } from '@/db/schema';
import { decisionOnAlertSql, decisionOnOtherAlertSql, type DecisionForAlert } from '@/lib/alerts/raise-for-decision';
import type { Actor } from '@/lib/auth/actor';
import { settings } from '@/lib/config';
import { recordDecision } from '@/lib/metrics';
import type { DecisionRow } from '@/lib/decisions/serialize';
import { activeRuleSet } from '@/lib/rules/active-rule-set';
import { decide, evaluateRules, type FiredRule, type ScoringInput } from '@/lib/scoring/engine';
import { computeCounters, hourOf, pairLookupSql, pairsFrom, type EventCounters } from './counters';
import type { EventInput } from './event-input';

export type IngestMode = 'sync' | 'async';

export type IngestResult =
  | { mode: 'sync'; decision: DecisionRow; replay: boolean }
  | { mode: 'async'; eventId: string; receivedAt: Date; replay: boolean };

/** A 64-bit advisory lock key per (organisation, entity). */
export function entityLockKey(orgId: string, entityId: string): bigint {
  return createHash('sha256').update(`${orgId}\u0000${entityId}`).digest().readBigInt64BE(0);
}

/**
 * `BEGIN` and the entities' advisory locks in one round trip. The keys are integers computed here, so
 * they can be written into the statement; they are taken in ascending order, so two events naming the
 * same two entities cannot deadlock.
 */
function beginAndLock(orgId: string, entityIds: string[]): string {
  const keys = [...new Set(entityIds.map((id) => entityLockKey(orgId, id)))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (keys.length === 0) return 'BEGIN';
  return `BEGIN; SELECT ${keys.map((k) => `pg_advisory_xact_lock(${k.toString()})`).join(', ')}`;
}

type PairRow = { s_out_d_last: Date | null; d_in_s_last: Date | null };

/**
 * BEGIN, the locks, and (after them, so under them) the pair lookups the counters need, in one round
 * trip of the simple protocol: the lock keys are integers and the lookup's strings are escaped literals.
 */
async function beginLockAndReadPairs(client: pg.PoolClient, orgId: string, event: EventInput, named: string[]) {
  const lookup = pairLookupSql(client, orgId, event);
  const text = lookup ? `${beginAndLock(orgId, named)}; ${lookup}` : beginAndLock(orgId, named);
  const results = (await client.query(text)) as unknown as pg.QueryResult<PairRow> | pg.QueryResult<PairRow>[];
  const last = Array.isArray(results) ? results[results.length - 1] : results;
  return pairsFrom(lookup ? last?.rows[0] : undefined);
}

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

async function findOriginal(db: Queryable, orgId: string, idempotencyKey: string): Promise<IngestResult | null> {
  const [row] = await db
    .select({ id: events.id, mode: events.mode, receivedAt: events.receivedAt, decision: decisions })
    .from(events)
    .leftJoin(decisions, and(eq(decisions.orgId, events.orgId), eq(decisions.eventId, events.id)))
    .where(and(eq(events.orgId, orgId), eq(events.idempotencyKey, idempotencyKey)));
  if (!row) return null;
  if (row.mode === 'sync' && row.decision) return { mode: 'sync', decision: row.decision, replay: true };
  return { mode: 'async', eventId: row.id, receivedAt: row.receivedAt, replay: true };
}

// The event, its placeholders and links, and (for a decision raising no alert) the decision, in one
// statement. Every part selects FROM ev, so when the idempotency key is taken nothing else is written.
// $1 org, $2 event id, $3 key, $4 type, $5 occurred_at, $6 amount, $7 currency, $8 rail, $9 source,
// $10 destination, $11 device, $12 payload, $13 mode, $14 features, $15 dest_features, $16 submitted_by,
// $17 entity ids, $18..$20 link columns, $21 write decision?, $22 decision id, $23 decision, $24 score,
// $25 reasons, $26 engine µs, $27 rule errors, $28..$37 counter buckets, $38..$41 counterparties,
// $42..$45 counterparty hour deltas.
const WRITE_SQL = `
  WITH ev AS (
    INSERT INTO events (org_id, id, idempotency_key, type, occurred_at, amount, currency, rail, source_id,
                        destination_id, device_id, payload, mode, features, dest_features, submitted_by)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
    ON CONFLICT (org_id, idempotency_key) DO NOTHING
    RETURNING id, received_at),
  placeholders AS (
    INSERT INTO entities (org_id, id, last_seen_at)
    SELECT $1, e.id, $5::timestamptz FROM ev, unnest($17::text[]) AS e(id)
    ON CONFLICT (org_id, id) DO UPDATE SET last_seen_at = greatest(entities.last_seen_at, excluded.last_seen_at)),
  edges AS (
    INSERT INTO entity_links (org_id, entity_id, relation, other_id, first_seen, last_seen)
    SELECT $1, l.entity_id, l.relation, l.other_id, $5::timestamptz, $5::timestamptz
    FROM ev, unnest($18::text[], $19::text[], $20::text[]) AS l(entity_id, relation, other_id)
    ON CONFLICT (org_id, entity_id, relation, other_id) DO UPDATE
      SET first_seen = least(entity_links.first_seen, excluded.first_seen),
          last_seen = greatest(entity_links.last_seen, excluded.last_seen)),
  buckets AS (
    INSERT INTO counter_buckets (org_id, entity_id, hour, sent, sent_near, out_count, out_value, in_count, in_value, near_low, near_high)
    SELECT $1, b.e, b.h, b.s, b.n, b.oc, b.ov, b.ic, b.iv, $36, $37
    FROM ev, unnest($28::text[], $29::timestamptz[], $30::int[], $31::int[], $32::int[], $33::numeric[], $34::int[], $35::numeric[])
      AS b(e, h, s, n, oc, ov, ic, iv)
    ON CONFLICT (org_id, entity_id, hour) DO UPDATE SET
      sent = counter_buckets.sent + excluded.sent,
      sent_near = counter_buckets.sent_near + excluded.sent_near,
      out_count = counter_buckets.out_count + excluded.out_count,
      out_value = counter_buckets.out_value + excluded.out_value,
      in_count = counter_buckets.in_count + excluded.in_count,
      in_value = counter_buckets.in_value + excluded.in_value,
      near_low = CASE WHEN counter_buckets.near_low = excluded.near_low AND counter_buckets.near_high = excluded.near_high
                      THEN counter_buckets.near_low END,
      near_high = CASE WHEN counter_buckets.near_low = excluded.near_low AND counter_buckets.near_high = excluded.near_high
                       THEN counter_buckets.near_high END),
  pairs AS (
    INSERT INTO counterparties (org_id, entity_id, direction, counterparty_id, last_at)
    SELECT $1, p.e, p.d, p.c, p.a FROM ev, unnest($38::text[], $39::text[], $40::text[], $41::timestamptz[]) AS p(e, d, c, a)
    ON CONFLICT (org_id, entity_id, direction, counterparty_id) DO UPDATE SET last_at = greatest(counterparties.last_at, excluded.last_at)),
  pair_hours AS (
    INSERT INTO counterparty_hours (org_id, entity_id, direction, hour, parties)
    SELECT $1, x.e, x.d, x.h, x.n FROM ev, unnest($42::text[], $43::text[], $44::timestamptz[], $45::int[]) AS x(e, d, h, n)
    ON CONFLICT (org_id, entity_id, direction, hour) DO UPDATE SET parties = counterparty_hours.parties + excluded.parties),
  dec AS (
    INSERT INTO decisions (org_id, id, event_id, decision, risk_score, reasons, decided_in_us, rule_errors)
    SELECT $1, $22, ev.id, $23, $24, $25, $26, $27 FROM ev WHERE $21::boolean
    RETURNING created_at)
  SELECT ev.id, ev.received_at, (SELECT created_at FROM dec) AS decided_at FROM ev`;

interface Scored {
  id: string;
  decision: 'allow' | 'review' | 'block';
  riskScore: number;
  reasons: DecisionRow['reasons'];
  ruleErrors: DecisionRow['ruleErrors'];
  decidedInUs: number;
  fired: FiredRule[];
}

function score(rules: Parameters<typeof evaluateRules>[0], event: EventInput, counters: ScoringInput['features'][]): Scored {
  const input: ScoringInput = {
    type: event.type,
    amount: event.amount ?? 0,
    currency: event.currency ?? '',
    rail: event.rail ?? '',
    source_id: event.sourceId ?? '',
    destination_id: event.destinationId ?? '',
    features: counters[0] as ScoringInput['features'],
    dest_features: counters[1] as ScoringInput['features'],
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

function linksOf(event: EventInput): [string[], string[], string[]] {
  const links: [string, string, string][] = [];
  if (event.sourceId !== null && event.destinationId !== null && event.amount !== null) {
    links.push([event.sourceId, 'paid', event.destinationId], [event.destinationId, 'paid_by', event.sourceId]);
  }
  if (event.sourceId !== null && event.deviceId !== null) {
    links.push([event.sourceId, 'uses_device', event.deviceId], [event.deviceId, 'device_user', event.sourceId]);
  }
  // Unique and in a fixed order: one upsert may touch a row once, and a fixed order avoids deadlocks.
  const unique = [...new Map(links.map((l) => [l.join('\u0000'), l])).values()].sort((a, b) => (a.join('\u0000') < b.join('\u0000') ? -1 : 1));
  return [unique.map((l) => l[0]), unique.map((l) => l[1]), unique.map((l) => l[2])];
}

/** The incremental counter state this event adds (see db/schema/counters.ts), as statement parameters. */
function counterStateOf(event: EventInput, pairs: EventCounters['pairs']): unknown[] {
  const { nearThresholdLow: low, nearThresholdHigh: high } = settings();
  const t = event.occurredAt.getTime();
  const hour = new Date(hourOf(t));
  const isPayment = event.amount !== null;
  const amount = event.amount ?? 0;
  type Bucket = { sent: number; near: number; outCount: number; outValue: number; inCount: number; inValue: number };
  const buckets = new Map<string, Bucket>();
  const bucket = (id: string) => {
    let b = buckets.get(id);
    if (!b) buckets.set(id, (b = { sent: 0, near: 0, outCount: 0, outValue: 0, inCount: 0, inValue: 0 }));
    return b;
  };
  if (event.sourceId !== null) {
    const b = bucket(event.sourceId);
    b.sent += 1;
    b.near += isPayment && amount >= low && amount < high ? 1 : 0;
    b.outCount += isPayment ? 1 : 0;
    b.outValue += amount;
  }
  if (event.destinationId !== null && isPayment) {
    const b = bucket(event.destinationId);
    b.inCount += 1;
    b.inValue += amount;
  }
  const ids = [...buckets.keys()].sort();
  const rows = ids.map((id) => buckets.get(id) as Bucket);

  const pairRows: [string, 'out' | 'in', string][] = [];
  const hourRows: [string, 'out' | 'in', Date, number][] = [];
  if (event.sourceId !== null && event.destinationId !== null && isPayment) {
    const sides: [string, 'out' | 'in', string, Date | null][] = [
      [event.sourceId, 'out', event.destinationId, pairs.sourceToDestination],
      [event.destinationId, 'in', event.sourceId, pairs.destinationFromSource],
    ];
    for (const [entity, direction, other, previous] of sides) {
      pairRows.push([entity, direction, other]);
      // The histogram counts each counterparty once, in the hour of its latest payment.
      if (previous === null) {
        hourRows.push([entity, direction, hour, 1]);
      } else if (t > previous.getTime() && hourOf(previous.getTime()) !== hour.getTime()) {
        hourRows.push([entity, direction, new Date(hourOf(previous.getTime())), -1], [entity, direction, hour, 1]);
      }
    }
  }
  return [
    ids, ids.map(() => hour), rows.map((r) => r.sent), rows.map((r) => r.near), rows.map((r) => r.outCount),
    rows.map((r) => String(r.outValue)), rows.map((r) => r.inCount), rows.map((r) => String(r.inValue)), low, high,
    pairRows.map((p) => p[0]), pairRows.map((p) => p[1]), pairRows.map((p) => p[2]), pairRows.map(() => event.occurredAt),
    hourRows.map((h) => h[0]), hourRows.map((h) => h[1]), hourRows.map((h) => h[2]), hourRows.map((h) => h[3]),
  ];
}

/**
 * Stores an event and, in sync mode, scores it, in one transaction of four round trips: BEGIN with the
 * advisory locks of the entities it names; their counters over the events that arrived before it; the
 * event with those counters, placeholders, links and decision in one statement; COMMIT. A review or
 * block decision is put on an alert, with its audit entry, in one more statement of the same
 * transaction (and, when rules of both subjects fired, on the other entity's alert in another). The
 * same idempotency key in the organisation returns the original answer: the unique index on
 * (org_id, idempotency_key) decides, also between concurrent requests.
 */
export async function ingestEvent(actor: Actor, event: EventInput, mode: IngestMode): Promise<IngestResult> {
  const pool = getPool();
  // Loaded before the transaction, so no entity lock is held while rules compile.
  const ruleSet = mode === 'sync' ? await activeRuleSet(getDb(), actor.orgId) : undefined;
  const named = [event.sourceId, event.destinationId].filter((x): x is string => x !== null);
  const entityIds = [...new Set([...named, ...(event.deviceId !== null ? [event.deviceId] : [])])].sort();
  const [linkFrom, linkRelation, linkTo] = linksOf(event);

  const client: pg.PoolClient = await pool.connect();
  let replay = false;
  try {
    const pairs = await beginLockAndReadPairs(client, actor.orgId, event, named);
    const counters = await computeCounters(client, actor.orgId, event, pairs);
    const scored = ruleSet ? score(ruleSet.rules, event, [counters.source, counters.destination]) : undefined;
    const raisesAlert = scored !== undefined && scored.decision !== 'allow';
    const eventId = randomUUID();
    const written = await client.query<{ id: string; received_at: Date; decided_at: Date | null }>({
      name: 'event-write',
      text: WRITE_SQL,
      values: [
        actor.orgId, eventId, event.idempotencyKey, event.type, event.occurredAt, event.amount, event.currency, event.rail,
        event.sourceId, event.destinationId, event.deviceId, event.payloadText ?? JSON.stringify(event.payload), mode,
        JSON.stringify(counters.source), JSON.stringify(counters.destination), actor.actorId,
        entityIds, linkFrom, linkRelation, linkTo,
        scored !== undefined && !raisesAlert, scored?.id ?? null, scored?.decision ?? null, scored?.riskScore ?? null,
        JSON.stringify(scored?.reasons ?? []), scored?.decidedInUs ?? null, JSON.stringify(scored?.ruleErrors ?? []),
        ...counterStateOf(event, counters.pairs),
      ],
    });
    const row = written.rows[0];
    if (!row) {
      replay = true;
      await client.query('ROLLBACK');
    } else if (!scored) {
      await client.query('COMMIT');
      return { mode: 'async', eventId, receivedAt: row.received_at, replay: false };
    } else {
      let alertId: string | null = null;
      let createdAt = row.decided_at;
      if (raisesAlert) {
        const subjects = alertSubjects(scored.fired, event);
        const forAlert: DecisionForAlert = {
          decisionId: scored.id,
          eventId,
          decision: scored.decision as 'review' | 'block',
          riskScore: scored.riskScore,
          occurredAt: event.occurredAt,
          entityId: subjects.decision,
          reasons: scored.reasons,
          ruleErrors: scored.ruleErrors,
          decidedInUs: scored.decidedInUs,
        };
        const stored = await client.query<{ created_at: Date; alert_id: string }>(preparedQuery(decisionOnAlertSql(actor, forAlert)));
        alertId = stored.rows[0]?.alert_id ?? null;
        createdAt = stored.rows[0]?.created_at ?? null;
        if (alertId === null) throw new Error('the decision was stored without its alert');
        // Rules of both subjects fired: the other entity's alert counts the event too (both entities are locked).
        if (subjects.other !== null) {
          const other = await client.query<{ id: string }>(preparedQuery(decisionOnOtherAlertSql(actor, forAlert, subjects.other)));
          if (other.rows.length !== 1) throw new Error("the other entity's alert was neither joined nor started");
        }
      }
      await client.query('COMMIT');
      recordDecision(scored);
      const decision: DecisionRow = {
        orgId: actor.orgId,
        id: scored.id,
        eventId,
        decision: scored.decision,
        riskScore: scored.riskScore,
        reasons: scored.reasons,
        decidedInUs: scored.decidedInUs,
        ruleErrors: scored.ruleErrors,
        alertId,
        createdAt: createdAt ?? new Date(),
      };
      return { mode: 'sync', decision, replay: false };
    }
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
  // The key was taken by an earlier (or concurrent, now committed) request: answer as it was answered.
  const original = replay ? await findOriginal(getDb(), actor.orgId, event.idempotencyKey) : null;
  if (!original) throw new Error('idempotency key conflict without a stored event');
  return original;
}
