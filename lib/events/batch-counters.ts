import { addOwnContribution, DAY_MS, HOUR_MS, type CounterSubject, type EventCounters, type StoredWindow, type WindowRow } from './counters';

/** An event of the batch that a later one may count: a stored event, as it will be once committed. */
interface Earlier {
  orgId: string;
  source: string | null;
  destination: string | null;
  amount: number | null;
  at: number;
}

/** What the earlier events of a batch add to one entity's window ending at `t`. */
interface EntityDelta {
  sent: number;
  near: number;
  outCount: number;
  outValue: number;
  inCount: number;
  inValue: number;
  /** Destinations paid in the window that the stored window did not count yet. */
  newReceivers: Set<string>;
  newSenders: Set<string>;
  newSenders1h: Set<string>;
  /** The latest earlier payment of the entity (either side) at or before t. */
  last: number | null;
}

const pairKey = (orgId: string, entity: string, direction: 'out' | 'in', other: string) => `${orgId}\u0000${entity}\u0000${direction}\u0000${other}`;

/**
 * Thrown when an event's counters cannot be carried over from the earlier events of its batch: an
 * earlier event of the batch shares an entity, and the event's stored window was counted from the
 * events, or a counterparty of that earlier event paid or was paid again after the event's time. The
 * batch is then stored one event at a time.
 */
export class BatchNeedsOneByOne extends Error {
  constructor() {
    super('an out-of-order event shares an entity with an earlier event of its batch');
  }
}

/**
 * The counters of each event of a batch, in arrival order, as if the events had been stored one after
 * the other: each event's stored window (read for the whole batch at once, before any of it is
 * written) plus what the earlier events of the batch add to it, plus its own contribution. An earlier
 * event counts when it occurred in the later one's window, (t - 24h, t] (1 h for `in_senders_1h`);
 * a counterparty counts once, whether stored or earlier in the batch. The pairs (latest payment from
 * source to destination and into destination from source) are carried over the same way, for the
 * counter state the events write. Events marked `skip` (their idempotency key is taken) count for
 * nothing. Pure: the arithmetic is unit-tested against storing one by one.
 */
export function countersOfBatch(
  batch: readonly CounterSubject[],
  stored: readonly StoredWindow[],
  skip: readonly boolean[],
  low: number,
  high: number,
): EventCounters[] {
  // Latest stored payment per (entity, direction, counterparty), from every event's pair lookups.
  const storedPair = new Map<string, number | null>();
  batch.forEach(({ orgId, event }, k) => {
    const { sourceId: s, destinationId: d } = event;
    if (s === null || d === null) return;
    const pairs = (stored[k] as StoredWindow).pairs;
    storedPair.set(pairKey(orgId, s, 'out', d), pairs.sourceToDestination?.getTime() ?? null);
    storedPair.set(pairKey(orgId, d, 'in', s), pairs.destinationFromSource?.getTime() ?? null);
  });
  const earlier: Earlier[] = [];
  // Latest payment per pair so far: stored, then the batch's events in order.
  const pairLast = new Map(storedPair);

  return batch.map(({ orgId, event }, k) => {
    const s = stored[k] as StoredWindow;
    const t = event.occurredAt.getTime();
    const related = earlier.filter(
      (e) =>
        e.orgId === orgId &&
        [e.source, e.destination].some((x) => x !== null && (x === event.sourceId || x === event.destinationId)),
    );
    if (related.length > 0 && s.via === 'events') throw new BatchNeedsOneByOne();

    const deltaOf = (entity: string | null): EntityDelta | null => (entity === null ? null : entityDelta(orgId, entity, t, related, storedPair, low, high));
    const ds = deltaOf(event.sourceId);
    const dd = deltaOf(event.destinationId);
    const w: WindowRow = { ...s.window };
    if (ds) {
      w.s_txn += ds.sent;
      w.s_near += ds.near;
      w.s_out_cnt += ds.outCount;
      w.s_out_val += ds.outValue;
      w.s_out_receivers += ds.newReceivers.size;
      w.s_in_cnt += ds.inCount;
      w.s_in_val += ds.inValue;
      w.s_in_senders += ds.newSenders.size;
      w.s_in_senders_1h += ds.newSenders1h.size;
      w.s_last = latest(w.s_last, ds.last);
      if (event.destinationId !== null) w.s_out_has_d ||= ds.newReceivers.has(event.destinationId);
    }
    if (dd) {
      w.d_out_cnt += dd.outCount;
      w.d_out_val += dd.outValue;
      w.d_out_receivers += dd.newReceivers.size;
      w.d_in_cnt += dd.inCount;
      w.d_in_val += dd.inValue;
      w.d_in_senders += dd.newSenders.size;
      w.d_in_senders_1h += dd.newSenders1h.size;
      w.d_last = latest(w.d_last, dd.last);
      if (event.sourceId !== null) {
        w.d_in_has_s ||= dd.newSenders.has(event.sourceId);
        w.d_in_has_s_1h ||= dd.newSenders1h.has(event.sourceId);
      }
    }
    const { source, destination } = addOwnContribution(w, event, low, high);

    let pairs = s.pairs;
    if (event.sourceId !== null && event.destinationId !== null) {
      const out = pairKey(orgId, event.sourceId, 'out', event.destinationId);
      const into = pairKey(orgId, event.destinationId, 'in', event.sourceId);
      const at = (x: number | null | undefined) => (x === null || x === undefined ? null : new Date(x));
      pairs = { sourceToDestination: at(pairLast.get(out)), destinationFromSource: at(pairLast.get(into)) };
      if (event.amount !== null && !skip[k]) {
        pairLast.set(out, Math.max(pairLast.get(out) ?? -Infinity, t));
        pairLast.set(into, Math.max(pairLast.get(into) ?? -Infinity, t));
      }
    }
    if (!skip[k]) {
      earlier.push({ orgId, source: event.sourceId, destination: event.destinationId, amount: event.amount, at: t });
    }
    return { source, destination, pairs, via: s.via };
  });
}

const latest = (stored: Date | string | null, batch: number | null): Date | null => {
  const storedMs = stored === null ? null : new Date(stored).getTime();
  if (batch === null) return stored === null ? null : new Date(storedMs as number);
  return new Date(storedMs === null ? batch : Math.max(storedMs, batch));
};

function entityDelta(
  orgId: string,
  entity: string,
  t: number,
  related: readonly Earlier[],
  storedPair: Map<string, number | null>,
  low: number,
  high: number,
): EntityDelta {
  const since = t - DAY_MS;
  const lastHour = t - HOUR_MS;
  const d: EntityDelta = {
    sent: 0, near: 0, outCount: 0, outValue: 0, inCount: 0, inValue: 0,
    newReceivers: new Set(), newSenders: new Set(), newSenders1h: new Set(), last: null,
  };
  // A stored pair's latest payment at or before t says whether the stored window counted the
  // counterparty; a later one (the pair paid again after t) does not, and only storing one by one can tell.
  const storedSince = (direction: 'out' | 'in', other: string, from: number) => {
    const last = storedPair.get(pairKey(orgId, entity, direction, other));
    if (last !== undefined && last !== null && last > t) throw new BatchNeedsOneByOne();
    return last !== undefined && last !== null && last > from;
  };
  for (const e of related) {
    const isPayment = e.amount !== null;
    if (isPayment && (e.source === entity || e.destination === entity) && e.at <= t) d.last = Math.max(d.last ?? -Infinity, e.at);
    if (!(e.at > since && e.at <= t)) continue;
    if (e.source === entity) {
      d.sent += 1;
      if (isPayment) {
        const amount = e.amount as number;
        if (amount >= low && amount < high) d.near += 1;
        d.outCount += 1;
        d.outValue += amount;
        if (e.destination !== null && !storedSince('out', e.destination, since)) d.newReceivers.add(e.destination);
      }
    }
    if (e.destination === entity && isPayment) {
      d.inCount += 1;
      d.inValue += e.amount as number;
      if (e.source !== null) {
        if (!storedSince('in', e.source, since)) d.newSenders.add(e.source);
        if (e.at > lastHour && !storedSince('in', e.source, lastHour)) d.newSenders1h.add(e.source);
      }
    }
  }
  return d;
}
