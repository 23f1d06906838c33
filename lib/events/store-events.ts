import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { defineStatement } from '@/db/statement';
import { toPostgresTimestamp } from '@/db/timestamps';
import type { Actor } from '@/lib/auth/actor';
import { settings } from '@/lib/config';
import type { DecisionRow } from '@/lib/decisions/serialize';
import { hourOf, type EventCounters } from './counters';
import type { EventInput } from './event-input';

export type IngestMode = 'sync' | 'async';

/** A decision made on an event before it is stored. */
export interface ScoredDecision {
  id: string;
  decision: 'allow' | 'review' | 'block';
  riskScore: number;
  reasons: DecisionRow['reasons'];
  ruleErrors: DecisionRow['ruleErrors'];
  decidedInUs: number;
}

/** One event of a batch as it is written: its counters, and (sync) its decision. */
export interface EventToStore {
  actor: Actor;
  event: EventInput;
  mode: IngestMode;
  eventId: string;
  counters: EventCounters;
  /** Stored by this statement when set; a review or block decision is stored with its alert instead. */
  decision: ScoredDecision | null;
}

/** What the statement stored: the events it inserted (a taken idempotency key inserts nothing). */
export interface StoredEvent {
  receivedAt: Date;
  /** `created_at` of the decision stored with it, if any. */
  decidedAt: Date | null;
}

// The columns of each part of the statement, one array per column, each row naming its event (the
// rows of an event whose idempotency key was already taken are dropped by joining to `ev`).
interface EventColumns {
  org: string[]; id: string[]; key: string[]; type: string[]; occurredAt: Date[]; amount: (number | null)[];
  currency: (string | null)[]; rail: (string | null)[]; source: (string | null)[]; destination: (string | null)[];
  device: (string | null)[]; payload: string[]; mode: IngestMode[]; features: string[]; destFeatures: string[]; submittedBy: string[];
}
interface PlaceholderColumns { event: string[]; org: string[]; entity: string[]; seenAt: Date[] }
interface LinkColumns { event: string[]; org: string[]; entity: string[]; relation: string[]; other: string[]; at: Date[] }
interface BucketColumns {
  event: string[]; org: string[]; entity: string[]; hour: Date[]; sent: number[]; near: number[];
  outCount: number[]; outValue: string[]; inCount: number[]; inValue: string[]; at: Date[];
}
interface PairColumns { event: string[]; org: string[]; entity: string[]; direction: ('out' | 'in')[]; counterparty: string[]; at: Date[] }
interface PairHourColumns { event: string[]; org: string[]; entity: string[]; direction: ('out' | 'in')[]; hour: Date[]; parties: number[] }
interface DecisionColumns {
  event: string[]; org: string[]; id: string[]; decision: string[]; riskScore: number[]; reasons: string[]; decidedInUs: number[]; ruleErrors: string[];
}

interface BatchColumns {
  events: EventColumns;
  placeholders: PlaceholderColumns;
  links: LinkColumns;
  buckets: BucketColumns;
  pairs: PairColumns;
  pairHours: PairHourColumns;
  decisions: DecisionColumns;
  nearLow: number;
  nearHigh: number;
}

/** The named parameters of STORE_EVENTS: one array per column of each part; times as timestamptz text. */
type StoreParams = {
  ev_org: string[];
  ev_id: string[];
  ev_key: string[];
  ev_type: string[];
  ev_occurredAt: string[];
  ev_amount: (number | null)[];
  ev_currency: (string | null)[];
  ev_rail: (string | null)[];
  ev_source: (string | null)[];
  ev_destination: (string | null)[];
  ev_device: (string | null)[];
  ev_payload: string[];
  ev_mode: IngestMode[];
  ev_features: string[];
  ev_destFeatures: string[];
  ev_submittedBy: string[];
  ph_event: string[];
  ph_org: string[];
  ph_entity: string[];
  ph_seenAt: string[];
  ln_event: string[];
  ln_org: string[];
  ln_entity: string[];
  ln_relation: string[];
  ln_other: string[];
  ln_at: string[];
  bk_event: string[];
  bk_org: string[];
  bk_entity: string[];
  bk_hour: string[];
  bk_sent: number[];
  bk_near: number[];
  bk_outCount: number[];
  bk_outValue: string[];
  bk_inCount: number[];
  bk_inValue: string[];
  bk_at: string[];
  pr_event: string[];
  pr_org: string[];
  pr_entity: string[];
  pr_direction: ('out' | 'in')[];
  pr_counterparty: string[];
  pr_at: string[];
  ph2_event: string[];
  ph2_org: string[];
  ph2_entity: string[];
  ph2_direction: ('out' | 'in')[];
  ph2_hour: string[];
  ph2_parties: number[];
  dc_event: string[];
  dc_org: string[];
  dc_id: string[];
  dc_decision: string[];
  dc_riskScore: number[];
  dc_reasons: string[];
  dc_decidedInUs: number[];
  dc_ruleErrors: string[];
  nearLow: number;
  nearHigh: number;
};

const STORE_PARAM_NAMES: (keyof StoreParams)[] = [
  'ev_org', 'ev_id', 'ev_key', 'ev_type', 'ev_occurredAt', 'ev_amount',
  'ev_currency', 'ev_rail', 'ev_source', 'ev_destination', 'ev_device', 'ev_payload',
  'ev_mode', 'ev_features', 'ev_destFeatures', 'ev_submittedBy', 'ph_event', 'ph_org',
  'ph_entity', 'ph_seenAt', 'ln_event', 'ln_org', 'ln_entity', 'ln_relation',
  'ln_other', 'ln_at', 'bk_event', 'bk_org', 'bk_entity', 'bk_hour',
  'bk_sent', 'bk_near', 'bk_outCount', 'bk_outValue', 'bk_inCount', 'bk_inValue', 'bk_at',
  'pr_event', 'pr_org', 'pr_entity', 'pr_direction', 'pr_counterparty', 'pr_at',
  'ph2_event', 'ph2_org', 'ph2_entity', 'ph2_direction', 'ph2_hour', 'ph2_parties',
  'dc_event', 'dc_org', 'dc_id', 'dc_decision', 'dc_riskScore', 'dc_reasons',
  'dc_decidedInUs', 'dc_ruleErrors', 'nearLow', 'nearHigh',
];

/** The statement's parameters from the columns built for a batch. */
function paramsOf(c: BatchColumns): StoreParams {
  const at = (dates: Date[]) => dates.map(toPostgresTimestamp);
  return {
    ev_org: c.events.org,
    ev_id: c.events.id,
    ev_key: c.events.key,
    ev_type: c.events.type,
    ev_occurredAt: at(c.events.occurredAt),
    ev_amount: c.events.amount,
    ev_currency: c.events.currency,
    ev_rail: c.events.rail,
    ev_source: c.events.source,
    ev_destination: c.events.destination,
    ev_device: c.events.device,
    ev_payload: c.events.payload,
    ev_mode: c.events.mode,
    ev_features: c.events.features,
    ev_destFeatures: c.events.destFeatures,
    ev_submittedBy: c.events.submittedBy,
    ph_event: c.placeholders.event,
    ph_org: c.placeholders.org,
    ph_entity: c.placeholders.entity,
    ph_seenAt: at(c.placeholders.seenAt),
    ln_event: c.links.event,
    ln_org: c.links.org,
    ln_entity: c.links.entity,
    ln_relation: c.links.relation,
    ln_other: c.links.other,
    ln_at: at(c.links.at),
    bk_event: c.buckets.event,
    bk_org: c.buckets.org,
    bk_entity: c.buckets.entity,
    bk_hour: at(c.buckets.hour),
    bk_sent: c.buckets.sent,
    bk_near: c.buckets.near,
    bk_outCount: c.buckets.outCount,
    bk_outValue: c.buckets.outValue,
    bk_inCount: c.buckets.inCount,
    bk_inValue: c.buckets.inValue,
    bk_at: at(c.buckets.at),
    pr_event: c.pairs.event,
    pr_org: c.pairs.org,
    pr_entity: c.pairs.entity,
    pr_direction: c.pairs.direction,
    pr_counterparty: c.pairs.counterparty,
    pr_at: at(c.pairs.at),
    ph2_event: c.pairHours.event,
    ph2_org: c.pairHours.org,
    ph2_entity: c.pairHours.entity,
    ph2_direction: c.pairHours.direction,
    ph2_hour: at(c.pairHours.hour),
    ph2_parties: c.pairHours.parties,
    dc_event: c.decisions.event,
    dc_org: c.decisions.org,
    dc_id: c.decisions.id,
    dc_decision: c.decisions.decision,
    dc_riskScore: c.decisions.riskScore,
    dc_reasons: c.decisions.reasons,
    dc_decidedInUs: c.decisions.decidedInUs,
    dc_ruleErrors: c.decisions.ruleErrors,
    nearLow: c.nearLow,
    nearHigh: c.nearHigh,
  };
}

/**
 * The events of a batch with everything they add, as one statement: the events (in the batch's
 * order, so `seq` and `received_at` follow arrival), entity placeholders and links, the incremental
 * counter state (db/schema/counters.ts) and the decisions stored without an alert. An event whose
 * idempotency key was taken meanwhile (by another instance; keys stored before the batch read its
 * counters are replays and not sent) fails the statement on the unique index `events_idempotency_key`,
 * so the batch, whose later events counted that one, commits nothing. Events of a batch may share entities
 * (and devices): rows are aggregated per key, since one upsert may touch a row only once (counts
 * and histogram changes added, latest times kept), and taken in key order.
 */
const STORE_EVENTS = defineStatement<StoreParams>(STORE_PARAM_NAMES, (c) => sql`
  WITH ev AS (
    INSERT INTO events (org_id, id, idempotency_key, type, occurred_at, received_at, amount, currency, rail, source_id,
                        destination_id, device_id, payload, mode, features, dest_features, submitted_by)
    SELECT w.org, w.id, w.key, w.type, w.occurred_at, clock_timestamp(), w.amount, w.currency, w.rail, w.source,
           w.destination, w.device, w.payload::json, w.mode, w.features::jsonb, w.dest_features::jsonb, w.submitted_by
    FROM unnest(${c.ev_org}::uuid[], ${c.ev_id}::uuid[], ${c.ev_key}::text[], ${c.ev_type}::text[], ${c.ev_occurredAt}::timestamptz[],
                ${c.ev_amount}::numeric[], ${c.ev_currency}::text[], ${c.ev_rail}::text[], ${c.ev_source}::text[],
                ${c.ev_destination}::text[], ${c.ev_device}::text[], ${c.ev_payload}::text[], ${c.ev_mode}::text[],
                ${c.ev_features}::text[], ${c.ev_destFeatures}::text[], ${c.ev_submittedBy}::text[])
         WITH ORDINALITY AS w(org, id, key, type, occurred_at, amount, currency, rail, source, destination, device, payload,
                              mode, features, dest_features, submitted_by, i)
    ORDER BY w.i
    RETURNING id, received_at),
  placeholders AS (
    INSERT INTO entities (org_id, id, last_seen_at)
    SELECT x.org, x.entity, max(x.seen_at)
    FROM unnest(${c.ph_event}::uuid[], ${c.ph_org}::uuid[], ${c.ph_entity}::text[], ${c.ph_seenAt}::timestamptz[])
         AS x(event, org, entity, seen_at)
    WHERE x.event IN (SELECT id FROM ev)
    GROUP BY x.org, x.entity ORDER BY x.org, x.entity
    ON CONFLICT (org_id, id) DO UPDATE SET last_seen_at = greatest(entities.last_seen_at, excluded.last_seen_at)),
  edges AS (
    INSERT INTO entity_links (org_id, entity_id, relation, other_id, first_seen, last_seen)
    SELECT x.org, x.entity, x.relation, x.other, min(x.at), max(x.at)
    FROM unnest(${c.ln_event}::uuid[], ${c.ln_org}::uuid[], ${c.ln_entity}::text[], ${c.ln_relation}::text[], ${c.ln_other}::text[],
                ${c.ln_at}::timestamptz[]) AS x(event, org, entity, relation, other, at)
    WHERE x.event IN (SELECT id FROM ev)
    GROUP BY x.org, x.entity, x.relation, x.other ORDER BY x.org, x.entity, x.relation, x.other
    ON CONFLICT (org_id, entity_id, relation, other_id) DO UPDATE
      SET first_seen = least(entity_links.first_seen, excluded.first_seen),
          last_seen = greatest(entity_links.last_seen, excluded.last_seen)),
  buckets AS (
    INSERT INTO counter_buckets (org_id, entity_id, hour, sent, sent_near, out_count, out_value, in_count, in_value, near_low, near_high,
                                 last_at, last_paid_at)
    SELECT x.org, x.entity, x.hour, sum(x.sent), sum(x.near), sum(x.out_count), sum(x.out_value), sum(x.in_count), sum(x.in_value),
           ${c.nearLow}, ${c.nearHigh}, max(x.at), max(x.at) FILTER (WHERE x.out_count + x.in_count > 0)
    FROM unnest(${c.bk_event}::uuid[], ${c.bk_org}::uuid[], ${c.bk_entity}::text[], ${c.bk_hour}::timestamptz[], ${c.bk_sent}::int[],
                ${c.bk_near}::int[], ${c.bk_outCount}::int[], ${c.bk_outValue}::numeric[], ${c.bk_inCount}::int[], ${c.bk_inValue}::numeric[],
                ${c.bk_at}::timestamptz[])
         AS x(event, org, entity, hour, sent, near, out_count, out_value, in_count, in_value, at)
    WHERE x.event IN (SELECT id FROM ev)
    GROUP BY x.org, x.entity, x.hour ORDER BY x.org, x.entity, x.hour
    ON CONFLICT (org_id, entity_id, hour) DO UPDATE SET
      sent = counter_buckets.sent + excluded.sent,
      sent_near = counter_buckets.sent_near + excluded.sent_near,
      out_count = counter_buckets.out_count + excluded.out_count,
      out_value = counter_buckets.out_value + excluded.out_value,
      in_count = counter_buckets.in_count + excluded.in_count,
      in_value = counter_buckets.in_value + excluded.in_value,
      last_at = greatest(counter_buckets.last_at, excluded.last_at),
      last_paid_at = greatest(counter_buckets.last_paid_at, excluded.last_paid_at),
      near_low = CASE WHEN counter_buckets.near_low = excluded.near_low AND counter_buckets.near_high = excluded.near_high
                      THEN counter_buckets.near_low END,
      near_high = CASE WHEN counter_buckets.near_low = excluded.near_low AND counter_buckets.near_high = excluded.near_high
                       THEN counter_buckets.near_high END),
  pairs AS (
    INSERT INTO counterparties (org_id, entity_id, direction, counterparty_id, last_at)
    SELECT x.org, x.entity, x.direction, x.counterparty, max(x.at)
    FROM unnest(${c.pr_event}::uuid[], ${c.pr_org}::uuid[], ${c.pr_entity}::text[], ${c.pr_direction}::text[],
                ${c.pr_counterparty}::text[], ${c.pr_at}::timestamptz[]) AS x(event, org, entity, direction, counterparty, at)
    WHERE x.event IN (SELECT id FROM ev)
    GROUP BY x.org, x.entity, x.direction, x.counterparty ORDER BY x.org, x.entity, x.direction, x.counterparty
    ON CONFLICT (org_id, entity_id, direction, counterparty_id) DO UPDATE SET last_at = greatest(counterparties.last_at, excluded.last_at)),
  pair_hours AS (
    INSERT INTO counterparty_hours (org_id, entity_id, direction, hour, parties)
    SELECT x.org, x.entity, x.direction, x.hour, sum(x.parties)
    FROM unnest(${c.ph2_event}::uuid[], ${c.ph2_org}::uuid[], ${c.ph2_entity}::text[], ${c.ph2_direction}::text[],
                ${c.ph2_hour}::timestamptz[], ${c.ph2_parties}::int[]) AS x(event, org, entity, direction, hour, parties)
    WHERE x.event IN (SELECT id FROM ev)
    GROUP BY x.org, x.entity, x.direction, x.hour ORDER BY x.org, x.entity, x.direction, x.hour
    ON CONFLICT (org_id, entity_id, direction, hour) DO UPDATE SET parties = counterparty_hours.parties + excluded.parties),
  dec AS (
    INSERT INTO decisions (org_id, id, event_id, decision, risk_score, reasons, decided_in_us, rule_errors)
    SELECT x.org, x.id, x.event, x.decision, x.risk_score, x.reasons::jsonb, x.decided_in_us, x.rule_errors::jsonb
    FROM unnest(${c.dc_event}::uuid[], ${c.dc_org}::uuid[], ${c.dc_id}::uuid[], ${c.dc_decision}::text[], ${c.dc_riskScore}::int[],
                ${c.dc_reasons}::text[], ${c.dc_decidedInUs}::int[], ${c.dc_ruleErrors}::text[])
         AS x(event, org, id, decision, risk_score, reasons, decided_in_us, rule_errors)
    WHERE x.event IN (SELECT id FROM ev)
    RETURNING event_id, created_at)
  SELECT ev.id, ev.received_at, dec.created_at AS decided_at FROM ev LEFT JOIN dec ON dec.event_id = ev.id`);

/** Empty column arrays of every part of the statement. */
function emptyColumns(): BatchColumns {
  const { nearThresholdLow, nearThresholdHigh } = settings();
  return {
    events: {
      org: [], id: [], key: [], type: [], occurredAt: [], amount: [], currency: [], rail: [], source: [], destination: [],
      device: [], payload: [], mode: [], features: [], destFeatures: [], submittedBy: [],
    },
    placeholders: { event: [], org: [], entity: [], seenAt: [] },
    links: { event: [], org: [], entity: [], relation: [], other: [], at: [] },
    buckets: { event: [], org: [], entity: [], hour: [], sent: [], near: [], outCount: [], outValue: [], inCount: [], inValue: [], at: [] },
    pairs: { event: [], org: [], entity: [], direction: [], counterparty: [], at: [] },
    pairHours: { event: [], org: [], entity: [], direction: [], hour: [], parties: [] },
    decisions: { event: [], org: [], id: [], decision: [], riskScore: [], reasons: [], decidedInUs: [], ruleErrors: [] },
    nearLow: nearThresholdLow,
    nearHigh: nearThresholdHigh,
  };
}

/** The entities an event names or uses (source, destination, device), each once, in a fixed order. */
export function entitiesOf(event: EventInput): string[] {
  return [...new Set([event.sourceId, event.destinationId, event.deviceId].filter((x): x is string => x !== null))].sort();
}

/** The links an event adds: who paid whom, and who uses which device. */
function linksOf(event: EventInput): [string, string, string][] {
  const links: [string, string, string][] = [];
  if (event.sourceId !== null && event.destinationId !== null && event.amount !== null) {
    links.push([event.sourceId, 'paid', event.destinationId], [event.destinationId, 'paid_by', event.sourceId]);
  }
  if (event.sourceId !== null && event.deviceId !== null) {
    links.push([event.sourceId, 'uses_device', event.deviceId], [event.deviceId, 'device_user', event.sourceId]);
  }
  return links;
}

/** Adds one event's rows to the statement's columns. */
function addEvent(c: BatchColumns, item: EventToStore): void {
  const { actor, event, eventId, counters } = item;
  const org = actor.orgId;
  const e = c.events;
  e.org.push(org);
  e.id.push(eventId);
  e.key.push(event.idempotencyKey);
  e.type.push(event.type);
  e.occurredAt.push(event.occurredAt);
  e.amount.push(event.amount);
  e.currency.push(event.currency);
  e.rail.push(event.rail);
  e.source.push(event.sourceId);
  e.destination.push(event.destinationId);
  e.device.push(event.deviceId);
  e.payload.push(event.payloadText ?? JSON.stringify(event.payload));
  e.mode.push(item.mode);
  e.features.push(JSON.stringify(counters.source));
  e.destFeatures.push(JSON.stringify(counters.destination));
  e.submittedBy.push(actor.actorId);

  for (const entity of entitiesOf(event)) {
    c.placeholders.event.push(eventId);
    c.placeholders.org.push(org);
    c.placeholders.entity.push(entity);
    c.placeholders.seenAt.push(event.occurredAt);
  }
  for (const [entity, relation, other] of linksOf(event)) {
    c.links.event.push(eventId);
    c.links.org.push(org);
    c.links.entity.push(entity);
    c.links.relation.push(relation);
    c.links.other.push(other);
    c.links.at.push(event.occurredAt);
  }
  addCounterState(c, org, eventId, event, counters.pairs);

  const d = item.decision;
  if (d) {
    c.decisions.event.push(eventId);
    c.decisions.org.push(org);
    c.decisions.id.push(d.id);
    c.decisions.decision.push(d.decision);
    c.decisions.riskScore.push(d.riskScore);
    c.decisions.reasons.push(JSON.stringify(d.reasons));
    c.decisions.decidedInUs.push(d.decidedInUs);
    c.decisions.ruleErrors.push(JSON.stringify(d.ruleErrors));
  }
}

/** The incremental counter state one event adds (see db/schema/counters.ts). */
function addCounterState(c: BatchColumns, org: string, eventId: string, event: EventInput, pairs: EventCounters['pairs']): void {
  const t = event.occurredAt.getTime();
  const hour = new Date(hourOf(t));
  const isPayment = event.amount !== null;
  const amount = event.amount ?? 0;
  const bucket = (entity: string, sent: number, near: number, outCount: number, outValue: number, inCount: number, inValue: number) => {
    const b = c.buckets;
    b.event.push(eventId);
    b.org.push(org);
    b.entity.push(entity);
    b.hour.push(hour);
    b.sent.push(sent);
    b.near.push(near);
    b.outCount.push(outCount);
    b.outValue.push(String(outValue));
    b.inCount.push(inCount);
    b.inValue.push(String(inValue));
    b.at.push(event.occurredAt);
  };
  if (event.sourceId !== null) {
    const near = isPayment && amount >= c.nearLow && amount < c.nearHigh ? 1 : 0;
    bucket(event.sourceId, 1, near, isPayment ? 1 : 0, amount, 0, 0);
  }
  if (event.destinationId !== null && isPayment) bucket(event.destinationId, 0, 0, 0, 0, 1, amount);

  if (event.sourceId === null || event.destinationId === null || !isPayment) return;
  const sides: [string, 'out' | 'in', string, Date | null][] = [
    [event.sourceId, 'out', event.destinationId, pairs.sourceToDestination],
    [event.destinationId, 'in', event.sourceId, pairs.destinationFromSource],
  ];
  const pairHour = (entity: string, direction: 'out' | 'in', at: Date, parties: number) => {
    const h = c.pairHours;
    h.event.push(eventId);
    h.org.push(org);
    h.entity.push(entity);
    h.direction.push(direction);
    h.hour.push(at);
    h.parties.push(parties);
  };
  for (const [entity, direction, other, previous] of sides) {
    c.pairs.event.push(eventId);
    c.pairs.org.push(org);
    c.pairs.entity.push(entity);
    c.pairs.direction.push(direction);
    c.pairs.counterparty.push(other);
    c.pairs.at.push(event.occurredAt);
    // The histogram counts each counterparty once, in the hour of its latest payment.
    if (previous === null) {
      pairHour(entity, direction, hour, 1);
    } else if (t > previous.getTime() && hourOf(previous.getTime()) !== hour.getTime()) {
      pairHour(entity, direction, new Date(hourOf(previous.getTime())), -1);
      pairHour(entity, direction, hour, 1);
    }
  }
}

/**
 * The statement that writes the events of a batch, to run in the caller's transaction (under the
 * entities' advisory locks); its answer goes to `storedEventsOf`.
 */
export function storeEventsStatement(batch: readonly EventToStore[]): pg.QueryConfig {
  const columns = emptyColumns();
  for (const item of batch) addEvent(columns, item);
  return STORE_EVENTS.bind(paramsOf(columns));
}

/** The events the statement inserted, by event id. */
export function storedEventsOf(answer: pg.QueryResult): Map<string, StoredEvent> {
  const rows = answer.rows as { id: string; received_at: Date; decided_at: Date | null }[];
  return new Map(rows.map((r) => [r.id, { receivedAt: r.received_at, decidedAt: r.decided_at }]));
}
