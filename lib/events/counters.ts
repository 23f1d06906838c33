import { storedDate } from '@/db/timestamps';
import type pg from 'pg';
import { settings } from '@/lib/config';
import { emptyCounters, type Counters } from '@/lib/scoring/engine';
import type { EventInput } from './event-input';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

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

// The same counters from the incremental state (db/schema/counters.ts): hourly buckets from the first
// whole hour after t - 24h, the partial hour before it from the events themselves, and distinct
// counterparties from the hour histogram of their latest payment. Exact when no stored event of either
// entity occurred after t and the buckets were counted with the current near-threshold band; the
// query says whether that holds. The two pairs' latest payments are read with the locks (see
// ingest-event.ts): as point lookups planned for their values they always use the primary key.
// $1 org, $2 source, $3 destination, $4 t, $5 t - 24h, $6 t - 1h, $7 low, $8 high, $9 first whole hour.
const INCREMENTAL_SQL = `
  WITH
  s_b AS (
    SELECT coalesce(sum(sent), 0)::int AS sent, coalesce(sum(sent_near), 0)::int AS near,
           coalesce(sum(out_count), 0)::int AS out_cnt, coalesce(sum(out_value), 0)::float8 AS out_val,
           coalesce(sum(in_count), 0)::int AS in_cnt, coalesce(sum(in_value), 0)::float8 AS in_val,
           coalesce(bool_and(near_low = $7 AND near_high = $8), true) AS band_ok
    FROM counter_buckets WHERE org_id = $1 AND entity_id = $2 AND hour >= $9),
  d_b AS (
    SELECT coalesce(sum(out_count), 0)::int AS out_cnt, coalesce(sum(out_value), 0)::float8 AS out_val,
           coalesce(sum(in_count), 0)::int AS in_cnt, coalesce(sum(in_value), 0)::float8 AS in_val
    FROM counter_buckets WHERE org_id = $1 AND entity_id = $3 AND hour >= $9),
  s_edge_out AS (
    SELECT count(*)::int AS sent, count(*) FILTER (WHERE amount >= $7 AND amount < $8)::int AS near,
           count(amount)::int AS out_cnt, coalesce(sum(amount), 0)::float8 AS out_val
    FROM events WHERE org_id = $1 AND source_id = $2 AND occurred_at > $5 AND occurred_at < $9),
  s_edge_in AS (
    SELECT count(*)::int AS in_cnt, coalesce(sum(amount), 0)::float8 AS in_val
    FROM events WHERE org_id = $1 AND destination_id = $2 AND amount IS NOT NULL AND occurred_at > $5 AND occurred_at < $9),
  d_edge_out AS (
    SELECT count(amount)::int AS out_cnt, coalesce(sum(amount), 0)::float8 AS out_val
    FROM events WHERE org_id = $1 AND source_id = $3 AND occurred_at > $5 AND occurred_at < $9),
  d_edge_in AS (
    SELECT count(*)::int AS in_cnt, coalesce(sum(amount), 0)::float8 AS in_val
    FROM events WHERE org_id = $1 AND destination_id = $3 AND amount IS NOT NULL AND occurred_at > $5 AND occurred_at < $9)
  SELECT
    s_b.sent + s_edge_out.sent AS s_txn,
    s_b.near + s_edge_out.near AS s_near,
    s_b.out_cnt + s_edge_out.out_cnt AS s_out_cnt,
    s_b.out_val + s_edge_out.out_val AS s_out_val,
    s_b.in_cnt + s_edge_in.in_cnt AS s_in_cnt,
    s_b.in_val + s_edge_in.in_val AS s_in_val,
    d_b.out_cnt + d_edge_out.out_cnt AS d_out_cnt,
    d_b.out_val + d_edge_out.out_val AS d_out_val,
    d_b.in_cnt + d_edge_in.in_cnt AS d_in_cnt,
    d_b.in_val + d_edge_in.in_val AS d_in_val,
    (SELECT coalesce(sum(parties), 0) FROM counterparty_hours WHERE org_id = $1 AND entity_id = $2 AND direction = 'out' AND hour >= $9)
      + (SELECT count(*) FROM counterparties WHERE org_id = $1 AND entity_id = $2 AND direction = 'out' AND last_at > $5 AND last_at < $9)
      AS s_out_receivers,
    (SELECT coalesce(sum(parties), 0) FROM counterparty_hours WHERE org_id = $1 AND entity_id = $2 AND direction = 'in' AND hour >= $9)
      + (SELECT count(*) FROM counterparties WHERE org_id = $1 AND entity_id = $2 AND direction = 'in' AND last_at > $5 AND last_at < $9)
      AS s_in_senders,
    (SELECT count(*) FROM counterparties WHERE org_id = $1 AND entity_id = $2 AND direction = 'in' AND last_at > $6) AS s_in_senders_1h,
    (SELECT coalesce(sum(parties), 0) FROM counterparty_hours WHERE org_id = $1 AND entity_id = $3 AND direction = 'out' AND hour >= $9)
      + (SELECT count(*) FROM counterparties WHERE org_id = $1 AND entity_id = $3 AND direction = 'out' AND last_at > $5 AND last_at < $9)
      AS d_out_receivers,
    (SELECT coalesce(sum(parties), 0) FROM counterparty_hours WHERE org_id = $1 AND entity_id = $3 AND direction = 'in' AND hour >= $9)
      + (SELECT count(*) FROM counterparties WHERE org_id = $1 AND entity_id = $3 AND direction = 'in' AND last_at > $5 AND last_at < $9)
      AS d_in_senders,
    (SELECT count(*) FROM counterparties WHERE org_id = $1 AND entity_id = $3 AND direction = 'in' AND last_at > $6) AS d_in_senders_1h,
    s_b.band_ok AND (SELECT coalesce(bool_and(near_low = $7 AND near_high = $8), true)
                     FROM counter_buckets WHERE org_id = $1 AND entity_id = $3 AND hour >= $9) AS band_ok,
    coalesce((SELECT last_seen_at <= $4 FROM entities WHERE org_id = $1 AND id = $2), true)
      AND coalesce((SELECT last_seen_at <= $4 FROM entities WHERE org_id = $1 AND id = $3), true) AS in_order,
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
  FROM s_b, d_b, s_edge_out, s_edge_in, d_edge_out, d_edge_in`;

type IncrementalRow = Omit<WindowRow, 's_out_has_d' | 'd_in_has_s' | 'd_in_has_s_1h'> & {
  band_ok: boolean;
  in_order: boolean;
};

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

/** The latest payments between the event's two entities, read as point lookups (with the locks). */
export function pairLookupSql(client: pg.ClientBase, orgId: string, event: EventInput): string | null {
  if (event.sourceId === null || event.destinationId === null) return null;
  const [o, src, dst] = [orgId, event.sourceId, event.destinationId].map((v) => client.escapeLiteral(v));
  return `SELECT
    (SELECT last_at FROM counterparties WHERE org_id = ${o} AND entity_id = ${src} AND direction = 'out' AND counterparty_id = ${dst}) AS s_out_d_last,
    (SELECT last_at FROM counterparties WHERE org_id = ${o} AND entity_id = ${dst} AND direction = 'in' AND counterparty_id = ${src}) AS d_in_s_last`;
}

export function pairsFrom(row: { s_out_d_last: Date | string | null; d_in_s_last: Date | string | null } | undefined): EventCounters['pairs'] {
  return { sourceToDestination: toDate(row?.s_out_d_last ?? null), destinationFromSource: toDate(row?.d_in_s_last ?? null) };
}

/**
 * The counters of an event's source and destination over the events stored before it, then this
 * event's own contribution added: the window is `occurred_at` in (t - 24h, t] (1 h for
 * `in_senders_1h`), over events that had arrived before this one, this event included.
 * Call it under the entities' advisory locks, so that "arrived before" is exact. One round trip when
 * the incremental state can answer exactly, two when it falls back to counting the events.
 */
export async function computeCounters(
  client: pg.ClientBase,
  orgId: string,
  event: EventInput,
  pairs: EventCounters['pairs'],
  forceEvents = false,
): Promise<EventCounters> {
  const { nearThresholdLow: low, nearThresholdHigh: high } = settings();
  const t = event.occurredAt.getTime();
  const window = [orgId, event.sourceId, event.destinationId, new Date(t), new Date(t - DAY_MS), new Date(t - HOUR_MS), low, high];
  const state = await client.query<IncrementalRow>({
    name: 'event-counters-state',
    text: INCREMENTAL_SQL,
    values: [...window, new Date(hourOf(t - DAY_MS) + HOUR_MS)],
  });
  const r = state.rows[0] as IncrementalRow;
  if (r.in_order && r.band_ok && !forceEvents) {
    const since = t - DAY_MS;
    const lastHour = t - HOUR_MS;
    const row: WindowRow = {
      ...r,
      s_out_receivers: Number(r.s_out_receivers),
      s_in_senders: Number(r.s_in_senders),
      s_in_senders_1h: Number(r.s_in_senders_1h),
      d_out_receivers: Number(r.d_out_receivers),
      d_in_senders: Number(r.d_in_senders),
      d_in_senders_1h: Number(r.d_in_senders_1h),
      s_out_has_d: pairs.sourceToDestination !== null && pairs.sourceToDestination.getTime() > since,
      d_in_has_s: pairs.destinationFromSource !== null && pairs.destinationFromSource.getTime() > since,
      d_in_has_s_1h: pairs.destinationFromSource !== null && pairs.destinationFromSource.getTime() > lastHour,
    };
    return { ...addOwnContribution(row, event, low, high), pairs, via: 'state' };
  }
  const result = await client.query<WindowRow>({ name: 'event-counters-window', text: WINDOW_SQL, values: window });
  return { ...addOwnContribution(result.rows[0] as WindowRow, event, low, high), pairs, via: 'events' };
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
