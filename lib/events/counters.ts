import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { defineStatement } from '@/db/statement';
import { storedDate, toPostgresTimestamp } from '@/db/timestamps';
import type pg from 'pg';
import { settings } from '@/lib/config';
import { emptyCounters, type Counters } from '@/lib/scoring/engine';
import type { EventInput } from './event-input';

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

type WindowRow = {
  s_txn: number;
  s_near: number;
  s_out_cnt: number;
  s_out_val: number;
  s_out_receivers: number;
  s_out_has_d: boolean;
  s_in_cnt: number;
  s_in_val: number;
  s_in_senders: number;
  s_in_senders_1h: number;
  d_out_cnt: number;
  d_out_val: number;
  d_out_receivers: number;
  d_in_cnt: number;
  d_in_val: number;
  d_in_senders: number;
  d_in_senders_1h: number;
  d_in_has_s: boolean;
  d_in_has_s_1h: boolean;
  s_last: Date | null;
  d_last: Date | null;
};

// Latest-payment lookups are written as ORDER BY ... LIMIT 1 so that even a generic plan of the prepared
// statement reads them backwards from the index instead of aggregating the entity's whole history.
// The window query, built once: $1 org, $2 source, $3 destination, $4 t, $5 t - 24h, $6 t - 1h, $7 low, $8 high.
const WINDOW_SQL = `
  WITH
  s_out AS (
    SELECT count(*)::int AS txn,
           count(*) FILTER (WHERE amount >= $7 AND amount < $8)::int AS near,
           count(amount)::int AS cnt,
           coalesce(sum(amount), 0)::float8 AS val,
           count(DISTINCT destination_id) FILTER (WHERE amount IS NOT NULL)::int AS receivers,
           coalesce(bool_or(destination_id = $3) FILTER (WHERE amount IS NOT NULL), false) AS has_d
    FROM events WHERE org_id = $1 AND source_id = $2 AND occurred_at > $5 AND occurred_at <= $4),
  s_in AS (
    SELECT count(*)::int AS cnt, coalesce(sum(amount), 0)::float8 AS val,
           count(DISTINCT source_id)::int AS senders,
           count(DISTINCT source_id) FILTER (WHERE occurred_at > $6)::int AS senders_1h
    FROM events WHERE org_id = $1 AND destination_id = $2 AND amount IS NOT NULL
      AND occurred_at > $5 AND occurred_at <= $4),
  d_out AS (
    SELECT count(amount)::int AS cnt, coalesce(sum(amount), 0)::float8 AS val,
           count(DISTINCT destination_id) FILTER (WHERE amount IS NOT NULL)::int AS receivers
    FROM events WHERE org_id = $1 AND source_id = $3 AND occurred_at > $5 AND occurred_at <= $4),
  d_in AS (
    SELECT count(*)::int AS cnt, coalesce(sum(amount), 0)::float8 AS val,
           count(DISTINCT source_id)::int AS senders,
           count(DISTINCT source_id) FILTER (WHERE occurred_at > $6)::int AS senders_1h,
           coalesce(bool_or(source_id = $2), false) AS has_s,
           coalesce(bool_or(source_id = $2) FILTER (WHERE occurred_at > $6), false) AS has_s_1h
    FROM events WHERE org_id = $1 AND destination_id = $3 AND amount IS NOT NULL
      AND occurred_at > $5 AND occurred_at <= $4)
  SELECT s_out.txn AS s_txn, s_out.near AS s_near, s_out.cnt AS s_out_cnt, s_out.val AS s_out_val,
         s_out.receivers AS s_out_receivers, s_out.has_d AS s_out_has_d,
         s_in.cnt AS s_in_cnt, s_in.val AS s_in_val, s_in.senders AS s_in_senders, s_in.senders_1h AS s_in_senders_1h,
         d_out.cnt AS d_out_cnt, d_out.val AS d_out_val, d_out.receivers AS d_out_receivers,
         d_in.cnt AS d_in_cnt, d_in.val AS d_in_val, d_in.senders AS d_in_senders, d_in.senders_1h AS d_in_senders_1h,
         d_in.has_s AS d_in_has_s, d_in.has_s_1h AS d_in_has_s_1h,
         greatest(
           (SELECT occurred_at FROM events WHERE org_id = $1 AND source_id = $2 AND amount IS NOT NULL AND occurred_at <= $4
             ORDER BY occurred_at DESC LIMIT 1),
           (SELECT occurred_at FROM events WHERE org_id = $1 AND destination_id = $2 AND amount IS NOT NULL AND occurred_at <= $4
             ORDER BY occurred_at DESC LIMIT 1)
         ) AS s_last,
         greatest(
           (SELECT occurred_at FROM events WHERE org_id = $1 AND source_id = $3 AND amount IS NOT NULL AND occurred_at <= $4
             ORDER BY occurred_at DESC LIMIT 1),
           (SELECT occurred_at FROM events WHERE org_id = $1 AND destination_id = $3 AND amount IS NOT NULL AND occurred_at <= $4
             ORDER BY occurred_at DESC LIMIT 1)
         ) AS d_last
  FROM s_out, s_in, d_out, d_in`;

/** At most this many stored events of an entity after an event's time are corrected for; more, and it is counted from the events. */
export const LATE_EVENTS_CORRECTED = 100;

// The same counters from the incremental state (db/schema/counters.ts), for every event of a batch at
// once: hourly buckets from the first whole hour after t - 24h, the partial hour before it from the
// events themselves, and distinct counterparties from the hour histogram of their latest payment.
// Stored events that occurred after t (they arrived earlier) are in the state too: the buckets' latest
// times say whether an entity has any (s_late, d_late), and only then does LATE_WINDOWS look for what
// they add, to be taken off. With none, the buckets also give the entity's latest payment; the events
// are looked at for it only when the window holds none. Exact when the buckets were counted with the
// current near-threshold band. The pair lookups (the latest payment from source to destination and
// into destination from source) are read here too, under the locks. One row per event, in order (`i`).
const STORED_WINDOWS = defineStatement<CounterQuery>(
  ['orgIds', 'idempotencyKeys', 'sourceIds', 'destinationIds', 'at', 'dayBefore', 'hourBefore', 'firstWholeHour', 'low', 'high'],
  (q) => sql`
  SELECT q.i::int AS i, s_b.*, d_b.*, se_out.*, se_in.*, de_out.*, de_in.*, x.*,
         coalesce(s_b.sb_latest > q.t, false) AS s_late, coalesce(d_b.db_latest > q.t, false) AS d_late
  FROM unnest(${q.orgIds}::uuid[], ${q.idempotencyKeys}::text[], ${q.sourceIds}::text[], ${q.destinationIds}::text[],
              ${q.at}::timestamptz[], ${q.dayBefore}::timestamptz[], ${q.hourBefore}::timestamptz[],
              ${q.firstWholeHour}::timestamptz[])
       WITH ORDINALITY AS q(org, key, src, dst, t, since, last_hour, first_hour, i)
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(sent), 0)::int AS sb_sent, coalesce(sum(sent_near), 0)::int AS sb_near,
           coalesce(sum(out_count), 0)::int AS sb_out_cnt, coalesce(sum(out_value), 0)::float8 AS sb_out_val,
           coalesce(sum(in_count), 0)::int AS sb_in_cnt, coalesce(sum(in_value), 0)::float8 AS sb_in_val,
           coalesce(bool_and(near_low = ${q.low} AND near_high = ${q.high}), true) AS sb_band_ok,
           max(last_at) AS sb_latest, max(last_paid_at) AS sb_last_paid
    FROM counter_buckets WHERE org_id = q.org AND entity_id = q.src AND hour >= q.first_hour) s_b
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(out_count), 0)::int AS db_out_cnt, coalesce(sum(out_value), 0)::float8 AS db_out_val,
           coalesce(sum(in_count), 0)::int AS db_in_cnt, coalesce(sum(in_value), 0)::float8 AS db_in_val,
           coalesce(bool_and(near_low = ${q.low} AND near_high = ${q.high}), true) AS db_band_ok,
           max(last_at) AS db_latest, max(last_paid_at) AS db_last_paid
    FROM counter_buckets WHERE org_id = q.org AND entity_id = q.dst AND hour >= q.first_hour) d_b
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS se_sent, count(*) FILTER (WHERE amount >= ${q.low} AND amount < ${q.high})::int AS se_near,
           count(amount)::int AS se_out_cnt, coalesce(sum(amount), 0)::float8 AS se_out_val
    FROM events WHERE org_id = q.org AND source_id = q.src AND occurred_at > q.since AND occurred_at < q.first_hour) se_out
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS se_in_cnt, coalesce(sum(amount), 0)::float8 AS se_in_val
    FROM events WHERE org_id = q.org AND destination_id = q.src AND amount IS NOT NULL
      AND occurred_at > q.since AND occurred_at < q.first_hour) se_in
  CROSS JOIN LATERAL (
    SELECT count(amount)::int AS de_out_cnt, coalesce(sum(amount), 0)::float8 AS de_out_val
    FROM events WHERE org_id = q.org AND source_id = q.dst AND occurred_at > q.since AND occurred_at < q.first_hour) de_out
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS de_in_cnt, coalesce(sum(amount), 0)::float8 AS de_in_val
    FROM events WHERE org_id = q.org AND destination_id = q.dst AND amount IS NOT NULL
      AND occurred_at > q.since AND occurred_at < q.first_hour) de_in
  CROSS JOIN LATERAL (
    SELECT
      ${counterpartiesSql(sql`q.src`, 'out')} AS s_out_receivers,
      ${counterpartiesSql(sql`q.src`, 'in')} AS s_in_senders,
      ${sendersLastHourSql(sql`q.src`)} AS s_in_senders_1h,
      ${counterpartiesSql(sql`q.dst`, 'out')} AS d_out_receivers,
      ${counterpartiesSql(sql`q.dst`, 'in')} AS d_in_senders,
      ${sendersLastHourSql(sql`q.dst`)} AS d_in_senders_1h,
      ${latestPaymentSql(sql`q.src`, sql`s_b.sb_latest`, sql`s_b.sb_last_paid`)} AS s_last,
      ${latestPaymentSql(sql`q.dst`, sql`d_b.db_latest`, sql`d_b.db_last_paid`)} AS d_last,
      (SELECT last_at FROM counterparties
        WHERE org_id = q.org AND entity_id = q.src AND direction = 'out' AND counterparty_id = q.dst) AS s_out_d_last,
      (SELECT last_at FROM counterparties
        WHERE org_id = q.org AND entity_id = q.dst AND direction = 'in' AND counterparty_id = q.src) AS d_in_s_last,
      EXISTS (SELECT 1 FROM events WHERE org_id = q.org AND idempotency_key = q.key) AS key_taken) x
  ORDER BY q.i`,
);

// What the stored events that occurred after t add to the state (lateSideSql), for the events whose
// entities have such events (STORED_WINDOWS' s_late, d_late); and, where a stored pair's latest payment
// is after t (so says nothing of the window), whether the pair paid within it. One row per event, in order.
const LATE_WINDOWS = defineStatement<LateQuery>(
  ['orgIds', 'sourceIds', 'destinationIds', 'at', 'dayBefore', 'hourBefore', 'lookSourceToDestination', 'lookDestinationFromSource', 'low', 'high'],
  (q) => sql`
  SELECT q.i::int AS i, sl_out.*, sl_in.*, dl_out.*, dl_in.*,
    CASE WHEN q.look_sd THEN ${paidWithin(sql`q.src`, sql`q.dst`, sql`q.since`)} END AS sd_paid_24h,
    CASE WHEN q.look_ds THEN ${paidWithin(sql`q.src`, sql`q.dst`, sql`q.since`)} END AS ds_paid_24h,
    CASE WHEN q.look_ds THEN ${paidWithin(sql`q.src`, sql`q.dst`, sql`q.last_hour`)} END AS ds_paid_1h
  FROM unnest(${q.orgIds}::uuid[], ${q.sourceIds}::text[], ${q.destinationIds}::text[], ${q.at}::timestamptz[],
              ${q.dayBefore}::timestamptz[], ${q.hourBefore}::timestamptz[], ${q.lookSourceToDestination}::boolean[],
              ${q.lookDestinationFromSource}::boolean[])
       WITH ORDINALITY AS q(org, src, dst, t, since, last_hour, look_sd, look_ds, i)
  ${lateSideSql('sl_out', sql`q.src`, 'out', q)}
  ${lateSideSql('sl_in', sql`q.src`, 'in', q)}
  ${lateSideSql('dl_out', sql`q.dst`, 'out', q)}
  ${lateSideSql('dl_in', sql`q.dst`, 'in', q)}
  ORDER BY q.i`,
);

/**
 * An entity's latest payment (either direction) with occurred_at up to t: from its buckets when none
 * of its stored events occurred after t and the window holds one (the latest of all, then), else
 * looked up in the events (the CASE runs the lookups only then).
 */
function latestPaymentSql(entity: SQL, latest: SQL, lastPaid: SQL): SQL {
  return sql`CASE WHEN ${latest} <= q.t AND ${lastPaid} IS NOT NULL THEN ${lastPaid} ELSE greatest(
        (SELECT occurred_at FROM events WHERE org_id = q.org AND source_id = ${entity} AND amount IS NOT NULL AND occurred_at <= q.t
          ORDER BY occurred_at DESC LIMIT 1),
        (SELECT occurred_at FROM events WHERE org_id = q.org AND destination_id = ${entity} AND amount IS NOT NULL AND occurred_at <= q.t
          ORDER BY occurred_at DESC LIMIT 1)) END`;
}


/**
 * An entity's distinct counterparties in one direction over the window from the state: the hour
 * histogram of their latest payment from the first whole hour on, and those whose latest payment fell
 * in the partial hour before it.
 */
function counterpartiesSql(entity: SQL, direction: 'out' | 'in'): SQL {
  const d = sql.raw(`'${direction}'`);
  return sql`((SELECT coalesce(sum(parties), 0) FROM counterparty_hours
        WHERE org_id = q.org AND entity_id = ${entity} AND direction = ${d} AND hour >= q.first_hour)
      + (SELECT count(*) FROM counterparties
        WHERE org_id = q.org AND entity_id = ${entity} AND direction = ${d} AND last_at > q.since AND last_at < q.first_hour))`;
}

/** An entity's distinct senders whose latest payment is within the hour before the event's time. */
function sendersLastHourSql(entity: SQL): SQL {
  return sql`(SELECT count(*) FROM counterparties WHERE org_id = q.org AND entity_id = ${entity} AND direction = 'in' AND last_at > q.last_hour)`;
}

/** Whether `payer` paid `payee` with `occurred_at` in (from, q.t]: read on the payer's window index. */
function paidWithin(payer: SQL, payee: SQL, from: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM events p WHERE p.org_id = q.org AND p.source_id = ${payer} AND p.destination_id = ${payee}
    AND p.amount IS NOT NULL AND p.occurred_at > ${from} AND p.occurred_at <= q.t)`;
}

/**
 * The stored events of one entity (as source, \`out\`, or as destination of a payment, \`in\`) that
 * occurred after the event (they arrived earlier but occurred later), at most LATE_EVENTS_CORRECTED + 1,
 * with what they add to the incremental state that the event's window must not count: counts and
 * sums, and counterparties counted only because of them (no payment with the entity in the window).
 */
function lateSideSql(alias: string, entity: SQL, side: 'out' | 'in', band: { low: SQLWrapper; high: SQLWrapper }): SQL {
  const a = sql.raw(alias);
  const limit = LATE_EVENTS_CORRECTED + 1;
  if (side === 'out') {
    return sql`CROSS JOIN LATERAL (
      SELECT count(*)::int AS ${sql.raw(`${alias}_n`)},
             count(*) FILTER (WHERE l.amount >= ${band.low} AND l.amount < ${band.high})::int AS ${sql.raw(`${alias}_near`)},
             count(l.amount)::int AS ${sql.raw(`${alias}_cnt`)}, coalesce(sum(l.amount), 0)::float8 AS ${sql.raw(`${alias}_val`)},
             count(DISTINCT l.destination_id) FILTER (WHERE l.amount IS NOT NULL AND l.destination_id IS NOT NULL
               AND NOT ${paidWithin(entity, sql`l.destination_id`, sql`q.since`)})::int AS ${sql.raw(`${alias}_extra`)},
             0 AS ${sql.raw(`${alias}_extra_1h`)}
      FROM (SELECT amount, destination_id FROM events
            WHERE org_id = q.org AND source_id = ${entity} AND occurred_at > q.t LIMIT ${limit}) l) ${a}`;
  }
  return sql`CROSS JOIN LATERAL (
      SELECT count(*)::int AS ${sql.raw(`${alias}_n`)}, 0 AS ${sql.raw(`${alias}_near`)},
             count(*)::int AS ${sql.raw(`${alias}_cnt`)}, coalesce(sum(l.amount), 0)::float8 AS ${sql.raw(`${alias}_val`)},
             count(DISTINCT l.source_id) FILTER (WHERE l.source_id IS NOT NULL
               AND NOT ${paidWithin(sql`l.source_id`, entity, sql`q.since`)})::int AS ${sql.raw(`${alias}_extra`)},
             count(DISTINCT l.source_id) FILTER (WHERE l.source_id IS NOT NULL
               AND NOT ${paidWithin(sql`l.source_id`, entity, sql`q.last_hour`)})::int AS ${sql.raw(`${alias}_extra_1h`)}
      FROM (SELECT amount, source_id FROM events
            WHERE org_id = q.org AND destination_id = ${entity} AND amount IS NOT NULL AND occurred_at > q.t LIMIT ${limit}) l) ${a}`;
}

/** The parameters of `LATE_WINDOWS`: one array element per event looked at; times as timestamptz text. */
type LateQuery = {
  orgIds: string[];
  sourceIds: (string | null)[];
  destinationIds: (string | null)[];
  at: string[];
  dayBefore: string[];
  hourBefore: string[];
  lookSourceToDestination: boolean[];
  lookDestinationFromSource: boolean[];
  low: number;
  high: number;
};

/** The parameters of `STORED_WINDOWS`: one array element per event of the batch; times as timestamptz text. */
type CounterQuery = {
  orgIds: string[];
  idempotencyKeys: string[];
  sourceIds: (string | null)[];
  destinationIds: (string | null)[];
  at: string[];
  dayBefore: string[];
  hourBefore: string[];
  firstWholeHour: string[];
  low: number;
  high: number;
};

interface IncrementalRow {
  i: number;
  sb_sent: number; sb_near: number; sb_out_cnt: number; sb_out_val: number; sb_in_cnt: number; sb_in_val: number; sb_band_ok: boolean;
  db_out_cnt: number; db_out_val: number; db_in_cnt: number; db_in_val: number; db_band_ok: boolean;
  sb_latest: Date | null; sb_last_paid: Date | null; db_latest: Date | null; db_last_paid: Date | null;
  s_late: boolean; d_late: boolean;
  se_sent: number; se_near: number; se_out_cnt: number; se_out_val: number; se_in_cnt: number; se_in_val: number;
  de_out_cnt: number; de_out_val: number; de_in_cnt: number; de_in_val: number;
  s_out_receivers: string | number; s_in_senders: string | number; s_in_senders_1h: string | number;
  d_out_receivers: string | number; d_in_senders: string | number; d_in_senders_1h: string | number;
  s_last: Date | null; d_last: Date | null;
  s_out_d_last: Date | string | null; d_in_s_last: Date | string | null;
  key_taken: boolean;
}

/** What LATE_WINDOWS answers for one event: see `lateSideSql`. */
interface LateRow {
  i: number;
  sl_out_n: number; sl_out_near: number; sl_out_cnt: number; sl_out_val: number; sl_out_extra: number;
  sl_in_n: number; sl_in_cnt: number; sl_in_val: number; sl_in_extra: number; sl_in_extra_1h: number;
  dl_out_n: number; dl_out_cnt: number; dl_out_val: number; dl_out_extra: number;
  dl_in_n: number; dl_in_cnt: number; dl_in_val: number; dl_in_extra: number; dl_in_extra_1h: number;
  sd_paid_24h: boolean | null; ds_paid_24h: boolean | null; ds_paid_1h: boolean | null;
}

/** The start of the UTC hour holding `ms`. */
export const hourOf = (ms: number): number => Math.floor(ms / HOUR_MS) * HOUR_MS;

export interface EventCounters {
  source: Counters;
  destination: Counters;
  /** Latest payment before this event from source to destination, and into destination from source. */
  pairs: { sourceToDestination: Date | null; destinationFromSource: Date | null };
  /** Which query answered: the incremental state, or the events themselves. */
  via: 'state' | 'events';
}

/** An event whose counters are read, with its organisation. */
export interface CounterSubject {
  orgId: string;
  event: EventInput;
}

/** The latest payments between the event's two entities, as a parameterised point lookup. */
export function pairLookupSql(_client: pg.ClientBase, orgId: string, event: EventInput): pg.QueryConfig | null {
  if (event.sourceId === null || event.destinationId === null) return null;
  return {
    name: 'event-pair-lookup',
    text: `SELECT
    (SELECT last_at FROM counterparties WHERE org_id = $1 AND entity_id = $2 AND direction = 'out' AND counterparty_id = $3) AS s_out_d_last,
    (SELECT last_at FROM counterparties WHERE org_id = $1 AND entity_id = $3 AND direction = 'in' AND counterparty_id = $2) AS d_in_s_last`,
    values: [orgId, event.sourceId, event.destinationId],
  };
}

export function pairsFrom(row: { s_out_d_last: Date | string | null; d_in_s_last: Date | string | null } | undefined): EventCounters['pairs'] {
  return { sourceToDestination: toDate(row?.s_out_d_last ?? null), destinationFromSource: toDate(row?.d_in_s_last ?? null) };
}

/**
 * What storage holds for one event before its batch: the window of its source and destination over
 * the stored events (without the event itself, nor the events of its batch), the pair lookups, and
 * whether its idempotency key is taken already.
 */
export interface StoredWindow {
  window: WindowRow;
  pairs: EventCounters['pairs'];
  via: 'state' | 'events';
  keyTaken: boolean;
  /** Stored events of its entities occurred after it (they arrived earlier): stored pairs may be later than it. */
  late: boolean;
}

/** One event's stored window counted from the events themselves (the state cannot answer exactly). */
async function windowFromEvents(client: pg.ClientBase, subject: CounterSubject): Promise<WindowRow> {
  const { nearThresholdLow: low, nearThresholdHigh: high } = settings();
  const { orgId, event } = subject;
  const t = event.occurredAt.getTime();
  const window = [orgId, event.sourceId, event.destinationId, new Date(t), new Date(t - DAY_MS), new Date(t - HOUR_MS), low, high];
  const result = await client.query<WindowRow>({ name: 'event-counters-window', text: WINDOW_SQL, values: window });
  return result.rows[0] as WindowRow;
}

/**
 * The stored windows of every event of a batch (see `StoredWindow`): the window is `occurred_at` in
 * (t - 24h, t] (1 h for `in_senders_1h`). One statement for the batch; an event the incremental state
 * cannot answer exactly (one that occurred before a stored event of its entities, or after the
 * near-threshold band changed) is counted from the events in one more. Call it under the entities'
 * advisory locks, so that the stored events are exactly those that arrived before the batch.
 */
export async function readStoredWindows(client: pg.ClientBase, batch: readonly CounterSubject[]): Promise<StoredWindow[]> {
  if (batch.length === 0) return [];
  const { nearThresholdLow: low, nearThresholdHigh: high } = settings();
  const times = batch.map((w) => w.event.occurredAt.getTime());
  const query: CounterQuery = {
    orgIds: batch.map((w) => w.orgId),
    idempotencyKeys: batch.map((w) => w.event.idempotencyKey),
    sourceIds: batch.map((w) => w.event.sourceId),
    destinationIds: batch.map((w) => w.event.destinationId),
    at: times.map((t) => toPostgresTimestamp(new Date(t))),
    dayBefore: times.map((t) => toPostgresTimestamp(new Date(t - DAY_MS))),
    hourBefore: times.map((t) => toPostgresTimestamp(new Date(t - HOUR_MS))),
    firstWholeHour: times.map((t) => toPostgresTimestamp(new Date(hourOf(t - DAY_MS) + HOUR_MS))),
    low,
    high,
  };
  const { rows } = await client.query<IncrementalRow>(STORED_WINDOWS.bind(query));
  const pairsOfEach = rows.map(pairsFrom);
  const late = await readLateWindows(client, rows, pairsOfEach, query, times);
  const windows: StoredWindow[] = [];
  for (const [k, subject] of batch.entries()) {
    const r = rows[k] as IncrementalRow;
    const l = late.get(k) ?? NOTHING_LATE;
    const pairs = pairsOfEach[k] as EventCounters['pairs'];
    const lateCounts = [l.sl_out_n, l.sl_in_n, l.dl_out_n, l.dl_in_n];
    if (!bandOk(r) || lateCounts.some((n) => n > LATE_EVENTS_CORRECTED)) {
      windows.push({ window: await windowFromEvents(client, subject), pairs, via: 'events', keyTaken: r.key_taken, late: true });
      continue;
    }
    const t = times[k] as number;
    const since = t - DAY_MS;
    const lastHour = t - HOUR_MS;
    // A stored pair's latest payment after t says nothing of the window: then the statement looked.
    const paidSince = (last: Date | null, from: number, looked: boolean | null) =>
      last !== null && (last.getTime() <= t ? last.getTime() > from : looked === true);
    // The state counts every stored event from the first whole hour on, also those that occurred
    // after t (they arrived earlier): their counts, sums and the counterparties only they brought are
    // taken off again.
    const window: WindowRow = {
      s_txn: r.sb_sent + r.se_sent - l.sl_out_n,
      s_near: r.sb_near + r.se_near - l.sl_out_near,
      s_out_cnt: r.sb_out_cnt + r.se_out_cnt - l.sl_out_cnt,
      s_out_val: r.sb_out_val + r.se_out_val - l.sl_out_val,
      s_in_cnt: r.sb_in_cnt + r.se_in_cnt - l.sl_in_cnt,
      s_in_val: r.sb_in_val + r.se_in_val - l.sl_in_val,
      d_out_cnt: r.db_out_cnt + r.de_out_cnt - l.dl_out_cnt,
      d_out_val: r.db_out_val + r.de_out_val - l.dl_out_val,
      d_in_cnt: r.db_in_cnt + r.de_in_cnt - l.dl_in_cnt,
      d_in_val: r.db_in_val + r.de_in_val - l.dl_in_val,
      s_out_receivers: Number(r.s_out_receivers) - l.sl_out_extra,
      s_in_senders: Number(r.s_in_senders) - l.sl_in_extra,
      s_in_senders_1h: Number(r.s_in_senders_1h) - l.sl_in_extra_1h,
      d_out_receivers: Number(r.d_out_receivers) - l.dl_out_extra,
      d_in_senders: Number(r.d_in_senders) - l.dl_in_extra,
      d_in_senders_1h: Number(r.d_in_senders_1h) - l.dl_in_extra_1h,
      s_out_has_d: paidSince(pairs.sourceToDestination, since, l.sd_paid_24h),
      d_in_has_s: paidSince(pairs.destinationFromSource, since, l.ds_paid_24h),
      d_in_has_s_1h: paidSince(pairs.destinationFromSource, lastHour, l.ds_paid_1h),
      s_last: r.s_last,
      d_last: r.d_last,
    };
    windows.push({ window, pairs, via: 'state', keyTaken: r.key_taken, late: lateCounts.some((n) => n > 0) });
  }
  return windows;
}

const bandOk = (r: IncrementalRow): boolean => r.sb_band_ok && r.db_band_ok;

/** An event none of whose entities' stored events occurred after it: nothing to take off. */
const NOTHING_LATE: LateRow = {
  i: 0,
  sl_out_n: 0, sl_out_near: 0, sl_out_cnt: 0, sl_out_val: 0, sl_out_extra: 0,
  sl_in_n: 0, sl_in_cnt: 0, sl_in_val: 0, sl_in_extra: 0, sl_in_extra_1h: 0,
  dl_out_n: 0, dl_out_cnt: 0, dl_out_val: 0, dl_out_extra: 0,
  dl_in_n: 0, dl_in_cnt: 0, dl_in_val: 0, dl_in_extra: 0, dl_in_extra_1h: 0,
  sd_paid_24h: null, ds_paid_24h: null, ds_paid_1h: null,
};

/**
 * LATE_WINDOWS for the events of the batch whose entities have stored events that occurred after them
 * (and whose buckets are of the current band: the others are counted from the events anyway), by
 * their index in the batch; none read when there is no such event.
 */
async function readLateWindows(
  client: pg.ClientBase,
  rows: IncrementalRow[],
  pairsOfEach: EventCounters['pairs'][],
  query: CounterQuery,
  times: number[],
): Promise<Map<number, LateRow>> {
  const picked = rows.map((r, k) => (bandOk(r) && (r.s_late || r.d_late) ? k : -1)).filter((k) => k >= 0);
  if (picked.length === 0) return new Map();
  // A stored pair's latest payment after t says nothing of the window: then the statement looks.
  const after = (k: number, last: Date | null) => last !== null && last.getTime() > (times[k] as number);
  const late: LateQuery = {
    orgIds: picked.map((k) => query.orgIds[k] as string),
    sourceIds: picked.map((k) => query.sourceIds[k] as string | null),
    destinationIds: picked.map((k) => query.destinationIds[k] as string | null),
    at: picked.map((k) => query.at[k] as string),
    dayBefore: picked.map((k) => query.dayBefore[k] as string),
    hourBefore: picked.map((k) => query.hourBefore[k] as string),
    lookSourceToDestination: picked.map((k) => after(k, (pairsOfEach[k] as EventCounters['pairs']).sourceToDestination)),
    lookDestinationFromSource: picked.map((k) => after(k, (pairsOfEach[k] as EventCounters['pairs']).destinationFromSource)),
    low: query.low,
    high: query.high,
  };
  const { rows: found } = await client.query<LateRow>(LATE_WINDOWS.bind(late));
  return new Map(found.map((l, n) => [picked[n] as number, l]));
}

/**
 * The counters of one event over the stored events, its own contribution added (see
 * `readStoredWindows`); with `forceEvents`, counted from the events themselves whatever the state
 * says, with the pairs given.
 */
export async function computeCounters(
  client: pg.ClientBase,
  orgId: string,
  event: EventInput,
  pairs: EventCounters['pairs'],
  forceEvents = false,
): Promise<EventCounters> {
  const { nearThresholdLow: low, nearThresholdHigh: high } = settings();
  if (forceEvents) {
    const window = await windowFromEvents(client, { orgId, event });
    return { ...addOwnContribution(window, event, low, high), pairs, via: 'events' };
  }
  const [stored] = (await readStoredWindows(client, [{ orgId, event }])) as [StoredWindow];
  return { ...addOwnContribution(stored.window, event, low, high), pairs: stored.pairs, via: stored.via };
}

const toDate = (v: Date | string | null): Date | null => (v === null ? null : storedDate(v));

/** Adds this event to the window read from storage. Pure, so the arithmetic is unit-tested. */
export function addOwnContribution(w: WindowRow, event: EventInput, low: number, high: number): { source: Counters; destination: Counters } {
  const t = event.occurredAt.getTime();
  const S = event.sourceId;
  const D = event.destinationId;
  const a = event.amount;
  const isPayment = a !== null;
  const source = emptyCounters();
  const destination = emptyCounters();
  const dormancy = (last: Date | null, c: Counters) => {
    if (last) {
      c.dormant_days = Math.floor((t - last.getTime()) / DAY_MS);
      c.seen_before = 1;
    }
  };

  if (S !== null) {
    source.txn_count_24h = w.s_txn + 1;
    source.near_threshold_count_24h = w.s_near + (isPayment && a >= low && a < high ? 1 : 0);
    source.out_count_24h = w.s_out_cnt + (isPayment ? 1 : 0);
    source.out_value_24h = Math.floor(w.s_out_val + (a ?? 0));
    source.out_receivers_24h = w.s_out_receivers + (isPayment && D !== null && !w.s_out_has_d ? 1 : 0);
    source.in_count_24h = w.s_in_cnt;
    source.in_value_24h = Math.floor(w.s_in_val);
    source.in_senders_24h = w.s_in_senders;
    source.in_senders_1h = w.s_in_senders_1h;
    dormancy(toDate(w.s_last), source);
  }
  if (D !== null) {
    // txn_count_24h and near_threshold_count_24h are the sender's counters: 0 in dest_features.
    destination.out_count_24h = w.d_out_cnt;
    destination.out_value_24h = Math.floor(w.d_out_val);
    destination.out_receivers_24h = w.d_out_receivers;
    destination.in_count_24h = w.d_in_cnt + (isPayment ? 1 : 0);
    destination.in_value_24h = Math.floor(w.d_in_val + (a ?? 0));
    destination.in_senders_24h = w.d_in_senders + (isPayment && S !== null && !w.d_in_has_s ? 1 : 0);
    destination.in_senders_1h = w.d_in_senders_1h + (isPayment && S !== null && !w.d_in_has_s_1h ? 1 : 0);
    dormancy(toDate(w.d_last), destination);
  }
  if (S !== null && S === D) {
    // A payment to oneself is both out and in for the one entity.
    source.in_count_24h = destination.in_count_24h;
    source.in_value_24h = destination.in_value_24h;
    source.in_senders_24h = destination.in_senders_24h;
    source.in_senders_1h = destination.in_senders_1h;
    destination.out_count_24h = source.out_count_24h;
    destination.out_value_24h = source.out_value_24h;
    destination.out_receivers_24h = source.out_receivers_24h;
  }
  return { source, destination };
}
export type { WindowRow };
