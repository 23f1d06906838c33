import { sql, type SQL } from 'drizzle-orm';
import { preparedQuery } from '@/db/prepared';
import { storedDate } from '@/db/timestamps';
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

// The same counters from the incremental state (db/schema/counters.ts), for every event of a wave at
// once: hourly buckets from the first whole hour after t - 24h, the partial hour before it from the
// events themselves, and distinct counterparties from the hour histogram of their latest payment.
// Exact when no stored event of either entity occurred after t and the buckets were counted with the
// current near-threshold band; each row says whether that holds. The pair lookups (the latest payment
// from source to destination and into destination from source) are read here too, under the locks.
// One row per event, in the wave's order (`i`).
function incrementalSql(q: CounterQuery): SQL {
  const at = (dates: Date[]) => sql.param(dates);
  return sql`
  SELECT q.i::int AS i, s_b.*, d_b.*, se_out.*, se_in.*, de_out.*, de_in.*, x.*
  FROM unnest(${sql.param(q.orgIds)}::uuid[], ${sql.param(q.idempotencyKeys)}::text[], ${sql.param(q.sourceIds)}::text[], ${sql.param(q.destinationIds)}::text[],
              ${at(q.at)}::timestamptz[], ${at(q.dayBefore)}::timestamptz[], ${at(q.hourBefore)}::timestamptz[],
              ${at(q.firstWholeHour)}::timestamptz[])
       WITH ORDINALITY AS q(org, key, src, dst, t, since, last_hour, first_hour, i)
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(sent), 0)::int AS sb_sent, coalesce(sum(sent_near), 0)::int AS sb_near,
           coalesce(sum(out_count), 0)::int AS sb_out_cnt, coalesce(sum(out_value), 0)::float8 AS sb_out_val,
           coalesce(sum(in_count), 0)::int AS sb_in_cnt, coalesce(sum(in_value), 0)::float8 AS sb_in_val,
           coalesce(bool_and(near_low = ${q.low} AND near_high = ${q.high}), true) AS sb_band_ok
    FROM counter_buckets WHERE org_id = q.org AND entity_id = q.src AND hour >= q.first_hour) s_b
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(out_count), 0)::int AS db_out_cnt, coalesce(sum(out_value), 0)::float8 AS db_out_val,
           coalesce(sum(in_count), 0)::int AS db_in_cnt, coalesce(sum(in_value), 0)::float8 AS db_in_val,
           coalesce(bool_and(near_low = ${q.low} AND near_high = ${q.high}), true) AS db_band_ok
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
      (SELECT coalesce(sum(parties), 0) FROM counterparty_hours
        WHERE org_id = q.org AND entity_id = q.src AND direction = 'out' AND hour >= q.first_hour)
        + (SELECT count(*) FROM counterparties
            WHERE org_id = q.org AND entity_id = q.src AND direction = 'out' AND last_at > q.since AND last_at < q.first_hour)
        AS s_out_receivers,
      (SELECT coalesce(sum(parties), 0) FROM counterparty_hours
        WHERE org_id = q.org AND entity_id = q.src AND direction = 'in' AND hour >= q.first_hour)
        + (SELECT count(*) FROM counterparties
            WHERE org_id = q.org AND entity_id = q.src AND direction = 'in' AND last_at > q.since AND last_at < q.first_hour)
        AS s_in_senders,
      (SELECT count(*) FROM counterparties WHERE org_id = q.org AND entity_id = q.src AND direction = 'in' AND last_at > q.last_hour)
        AS s_in_senders_1h,
      (SELECT coalesce(sum(parties), 0) FROM counterparty_hours
        WHERE org_id = q.org AND entity_id = q.dst AND direction = 'out' AND hour >= q.first_hour)
        + (SELECT count(*) FROM counterparties
            WHERE org_id = q.org AND entity_id = q.dst AND direction = 'out' AND last_at > q.since AND last_at < q.first_hour)
        AS d_out_receivers,
      (SELECT coalesce(sum(parties), 0) FROM counterparty_hours
        WHERE org_id = q.org AND entity_id = q.dst AND direction = 'in' AND hour >= q.first_hour)
        + (SELECT count(*) FROM counterparties
            WHERE org_id = q.org AND entity_id = q.dst AND direction = 'in' AND last_at > q.since AND last_at < q.first_hour)
        AS d_in_senders,
      (SELECT count(*) FROM counterparties WHERE org_id = q.org AND entity_id = q.dst AND direction = 'in' AND last_at > q.last_hour)
        AS d_in_senders_1h,
      coalesce((SELECT last_seen_at <= q.t FROM entities WHERE org_id = q.org AND id = q.src), true)
        AND coalesce((SELECT last_seen_at <= q.t FROM entities WHERE org_id = q.org AND id = q.dst), true) AS in_order,
      greatest(
        (SELECT occurred_at FROM events WHERE org_id = q.org AND source_id = q.src AND amount IS NOT NULL AND occurred_at <= q.t
          ORDER BY occurred_at DESC LIMIT 1),
        (SELECT occurred_at FROM events WHERE org_id = q.org AND destination_id = q.src AND amount IS NOT NULL AND occurred_at <= q.t
          ORDER BY occurred_at DESC LIMIT 1)) AS s_last,
      greatest(
        (SELECT occurred_at FROM events WHERE org_id = q.org AND source_id = q.dst AND amount IS NOT NULL AND occurred_at <= q.t
          ORDER BY occurred_at DESC LIMIT 1),
        (SELECT occurred_at FROM events WHERE org_id = q.org AND destination_id = q.dst AND amount IS NOT NULL AND occurred_at <= q.t
          ORDER BY occurred_at DESC LIMIT 1)) AS d_last,
      (SELECT last_at FROM counterparties
        WHERE org_id = q.org AND entity_id = q.src AND direction = 'out' AND counterparty_id = q.dst) AS s_out_d_last,
      (SELECT last_at FROM counterparties
        WHERE org_id = q.org AND entity_id = q.dst AND direction = 'in' AND counterparty_id = q.src) AS d_in_s_last,
      EXISTS (SELECT 1 FROM events WHERE org_id = q.org AND idempotency_key = q.key) AS key_taken) x
  ORDER BY q.i`;
}

/** The counter reads of a wave, as typed columns of one statement (see `incrementalSql`). */
interface CounterQuery {
  orgIds: string[];
  idempotencyKeys: string[];
  sourceIds: (string | null)[];
  destinationIds: (string | null)[];
  at: Date[];
  dayBefore: Date[];
  hourBefore: Date[];
  firstWholeHour: Date[];
  low: number;
  high: number;
}

interface IncrementalRow {
  i: number;
  sb_sent: number; sb_near: number; sb_out_cnt: number; sb_out_val: number; sb_in_cnt: number; sb_in_val: number; sb_band_ok: boolean;
  db_out_cnt: number; db_out_val: number; db_in_cnt: number; db_in_val: number; db_band_ok: boolean;
  se_sent: number; se_near: number; se_out_cnt: number; se_out_val: number; se_in_cnt: number; se_in_val: number;
  de_out_cnt: number; de_out_val: number; de_in_cnt: number; de_in_val: number;
  s_out_receivers: string | number; s_in_senders: string | number; s_in_senders_1h: string | number;
  d_out_receivers: string | number; d_in_senders: string | number; d_in_senders_1h: string | number;
  in_order: boolean;
  s_last: Date | null; d_last: Date | null;
  s_out_d_last: Date | string | null; d_in_s_last: Date | string | null;
  key_taken: boolean;
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
    at: times.map((t) => new Date(t)),
    dayBefore: times.map((t) => new Date(t - DAY_MS)),
    hourBefore: times.map((t) => new Date(t - HOUR_MS)),
    firstWholeHour: times.map((t) => new Date(hourOf(t - DAY_MS) + HOUR_MS)),
    low,
    high,
  };
  const { rows } = await client.query<IncrementalRow>(preparedQuery(incrementalSql(query)));
  const windows: StoredWindow[] = [];
  for (const [k, subject] of batch.entries()) {
    const r = rows[k] as IncrementalRow;
    const pairs = pairsFrom(r);
    if (!(r.in_order && r.sb_band_ok && r.db_band_ok)) {
      windows.push({ window: await windowFromEvents(client, subject), pairs, via: 'events', keyTaken: r.key_taken });
      continue;
    }
    const t = times[k] as number;
    const since = t - DAY_MS;
    const lastHour = t - HOUR_MS;
    const window: WindowRow = {
      s_txn: r.sb_sent + r.se_sent,
      s_near: r.sb_near + r.se_near,
      s_out_cnt: r.sb_out_cnt + r.se_out_cnt,
      s_out_val: r.sb_out_val + r.se_out_val,
      s_in_cnt: r.sb_in_cnt + r.se_in_cnt,
      s_in_val: r.sb_in_val + r.se_in_val,
      d_out_cnt: r.db_out_cnt + r.de_out_cnt,
      d_out_val: r.db_out_val + r.de_out_val,
      d_in_cnt: r.db_in_cnt + r.de_in_cnt,
      d_in_val: r.db_in_val + r.de_in_val,
      s_out_receivers: Number(r.s_out_receivers),
      s_in_senders: Number(r.s_in_senders),
      s_in_senders_1h: Number(r.s_in_senders_1h),
      d_out_receivers: Number(r.d_out_receivers),
      d_in_senders: Number(r.d_in_senders),
      d_in_senders_1h: Number(r.d_in_senders_1h),
      s_out_has_d: pairs.sourceToDestination !== null && pairs.sourceToDestination.getTime() > since,
      d_in_has_s: pairs.destinationFromSource !== null && pairs.destinationFromSource.getTime() > since,
      d_in_has_s_1h: pairs.destinationFromSource !== null && pairs.destinationFromSource.getTime() > lastHour,
      s_last: r.s_last,
      d_last: r.d_last,
    };
    windows.push({ window, pairs, via: 'state', keyTaken: r.key_taken });
  }
  return windows;
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
