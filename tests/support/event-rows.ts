import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { events } from '@/db/schema';
import { emptyCounters, type Counters } from '@/lib/scoring/engine';

export interface EventRowInput {
  occurredAt: Date | string;
  type?: string;
  /** Whole units; null (the default) for an event without money. */
  amount?: number | null;
  currency?: string | null;
  rail?: string | null;
  sourceId?: string | null;
  destinationId?: string | null;
  /** Counters the event saw; missing names read 0. `null` stores no counters at all. */
  features?: Partial<Counters> | null;
  destFeatures?: Partial<Counters> | null;
}

const counters = (c: Partial<Counters> | null | undefined): Counters | null => (c === null ? null : { ...emptyCounters(), ...c });

/**
 * Stores event rows as ingest would have left them (with the counters each saw live), without scoring, so
 * a backtest has history whose counters the test chooses. Returns the ids in the order given.
 */
export async function insertEventRows(orgId: string, rows: EventRowInput[]): Promise<string[]> {
  const values = rows.map((r) => {
    const occurredAt = typeof r.occurredAt === 'string' ? new Date(r.occurredAt) : r.occurredAt;
    const amount = r.amount ?? null;
    const payload = {
      type: r.type ?? 'transfer',
      occurred_at: occurredAt.toISOString(),
      ...(amount !== null ? { amount: { value: amount, currency: r.currency ?? 'EUR' } } : {}),
    };
    return {
      orgId,
      id: randomUUID(),
      idempotencyKey: `fixture-${randomUUID()}`,
      type: r.type ?? 'transfer',
      occurredAt,
      amount: amount === null ? null : String(amount),
      currency: amount === null ? (r.currency ?? null) : (r.currency ?? 'EUR'),
      rail: r.rail ?? null,
      sourceId: r.sourceId ?? null,
      destinationId: r.destinationId ?? null,
      payload,
      mode: 'async' as const,
      features: counters(r.features),
      destFeatures: counters(r.destFeatures),
      submittedBy: 'test-fixture',
    };
  });
  for (let i = 0; i < values.length; i += 1000) {
    await getDb().insert(events).values(values.slice(i, i + 1000));
  }
  return values.map((v) => v.id);
}

/**
 * Stores `count` events in one statement: event i (0-based) occurs at `start + floor(i / perInstant) * stepMs`
 * (so several share an instant), has amount i and `txn_count_24h` i.
 */
export async function insertEventSeries(
  orgId: string,
  count: number,
  options: { start: Date; stepMs: number; perInstant?: number },
): Promise<void> {
  const perInstant = options.perInstant ?? 1;
  await getDb().execute(sql`
    INSERT INTO events (org_id, idempotency_key, type, occurred_at, amount, currency, source_id, destination_id,
                        payload, mode, features, dest_features, submitted_by)
    SELECT ${orgId}::uuid, 'series-' || gen_random_uuid(), 'transfer',
           ${options.start.toISOString()}::timestamptz + ((i / ${perInstant}::int) * ${options.stepMs}::int) * interval '1 millisecond',
           i, 'EUR', 'src-' || (i % 50), 'dst-' || (i % 70), '{}'::json, 'async',
           ${JSON.stringify(emptyCounters())}::jsonb || jsonb_build_object('txn_count_24h', i),
           ${JSON.stringify(emptyCounters())}::jsonb, 'test-fixture'
    FROM generate_series(0, ${count - 1}::int) AS i`);
}
