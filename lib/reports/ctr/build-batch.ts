import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Queryable } from '@/db/client';
import { ctrBatches } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { settings } from '@/lib/config';
import { InvalidInputError } from '@/lib/errors';
import { nextReferenceNumberSql } from '@/lib/orgs/next-reference-number';
import { parseInput } from '@/lib/validation';
import { ctrCreateInput, DAY_NOT_OVER_MESSAGE } from './schemas';
import type { CtrBatchRow } from './serialize';

/** Event types that are cash whatever their rail (DESIGN, "CTR batches"), besides every event on rail `cash`. */
export const CASH_IN_TYPES = ['cash_in', 'cash_deposit'] as const;
export const CASH_OUT_TYPES = ['cash_out', 'cash_withdrawal'] as const;
const CASH_TYPES = [...CASH_IN_TYPES, ...CASH_OUT_TYPES];

const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** The UTC day before `now`'s, as YYYY-MM-DD. */
export function previousUtcDay(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1)).toISOString().slice(0, 10);
}

/**
 * Inserts the batch's rows in one statement and answers how many. Set-based: one range read of the day's events on
 * (org_id, occurred_at), no loop over events or entities.
 *
 * Cash events: a money event (amount and currency present) of the day with `rail` `cash` or a cash type. Its sides,
 * and the direction of each, seen from the entity's account at the institution:
 * - `cash_in` / `cash_deposit`: cash paid in, direction `in`, for the destination (the account credited), or for
 *   the source when the event names no destination (the depositor);
 * - `cash_out` / `cash_withdrawal`: cash taken out, direction `out`, for the source (the account debited, the side
 *   the built-in large-cash-out rule watches), or for the destination when the event names no source;
 * - any other type on rail `cash`: a payment in cash, `out` for the source and `in` for the destination, a side each.
 *
 * An entity reaches the threshold when its cash in, or its cash out, over the day in one currency sums to
 * SERVICE_CTR_THRESHOLD or more. Currencies are never added together (there is no rate to add them with): a day of
 * 6,000 EUR and 6,000 USD in reaches nothing, a day of 10,000 EUR and 50 USD in reaches it in EUR. An entity that
 * reaches it puts every cash side of its day on the batch, in and out, in every currency, so the report shows its
 * whole cash day. `customer_id` is the entity's `customer_id` attribute now.
 */
async function insertRows(db: Queryable, batch: CtrBatchRow, threshold: number): Promise<number> {
  const from = `${batch.date}T00:00:00.000Z`;
  const { rows } = await db.execute<{ n: number }>(sql`
    WITH cash AS (
      SELECT e.id, e.occurred_at, e.amount, upper(e.currency) AS currency, e.type, e.source_id, e.destination_id
      FROM events e
      WHERE e.org_id = ${batch.orgId}
        AND e.occurred_at >= ${from}::timestamptz AND e.occurred_at < ${from}::timestamptz + interval '1 day'
        AND e.amount IS NOT NULL AND e.currency IS NOT NULL
        AND (e.rail = 'cash' OR e.type IN (${list(CASH_TYPES)}))
    ),
    sides AS (
      SELECT c.id AS event_id, c.occurred_at, c.amount, c.currency, s.entity_id, s.direction
      FROM cash c
      CROSS JOIN LATERAL (
        SELECT coalesce(c.destination_id, c.source_id), 'in' WHERE c.type IN (${list(CASH_IN_TYPES)})
        UNION ALL SELECT coalesce(c.source_id, c.destination_id), 'out' WHERE c.type IN (${list(CASH_OUT_TYPES)})
        UNION ALL SELECT c.source_id, 'out' WHERE c.type NOT IN (${list(CASH_TYPES)})
        UNION ALL SELECT c.destination_id, 'in' WHERE c.type NOT IN (${list(CASH_TYPES)})
      ) AS s(entity_id, direction)
      WHERE s.entity_id IS NOT NULL
    ),
    reaching AS (
      SELECT DISTINCT entity_id FROM sides GROUP BY entity_id, direction, currency HAVING sum(amount) >= ${threshold}
    ),
    inserted AS (
      INSERT INTO ctr_rows (org_id, batch_id, event_id, occurred_at, entity_id, direction, amount, currency, customer_id)
      SELECT ${batch.orgId}::uuid, ${batch.id}::uuid, s.event_id, s.occurred_at, s.entity_id, s.direction, s.amount, s.currency,
        nullif(btrim(en.attributes->>'customer_id'), '')
      FROM sides s
      JOIN reaching r ON r.entity_id = s.entity_id
      LEFT JOIN entities en ON en.org_id = ${batch.orgId} AND en.id = s.entity_id
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM inserted`);
  return Number(rows[0]?.n ?? 0);
}

class AlreadyBuilt extends Error {}

export interface BuildOptions {
  /** The clock deciding which days are over; default the system's. */
  now?: () => Date;
}

/**
 * POST /v1/reports/ctr and the nightly build: the batch of a UTC day that is over (400 for today, a future day or a
 * date that is not YYYY-MM-DD), built once. In one transaction: the next CTR number (taken only while the day has no
 * batch), the batch row inserted `ON CONFLICT (org_id, date) DO NOTHING`, its rows in one INSERT ... SELECT, and the
 * audit entry `ctr.built`. The unique index decides between racing builds: the loser's transaction is rolled back
 * (giving its number back) and it answers the winner's batch with `created` false.
 */
export async function buildCtrBatch(
  db: Database,
  actor: Actor,
  input: z.input<typeof ctrCreateInput>,
  options: BuildOptions = {},
): Promise<{ batch: CtrBatchRow; created: boolean }> {
  authorize(actor, 'work');
  const { date } = parseInput(ctrCreateInput, input);
  const now = (options.now ?? (() => new Date()))();
  if (date >= now.toISOString().slice(0, 10)) throw new InvalidInputError(DAY_NOT_OVER_MESSAGE, 'date');
  const threshold = settings().ctrThreshold;

  try {
    const built = await db.transaction(async (tx) => {
      const exists = sql`NOT EXISTS (SELECT 1 FROM ${ctrBatches} WHERE ${ctrBatches.orgId} = ${actor.orgId} AND ${ctrBatches.date} = ${date})`;
      const numbered = await tx.execute<{ value: number }>(nextReferenceNumberSql(actor.orgId, 'ctr', exists));
      if (numbered.rows.length === 0) throw new AlreadyBuilt();
      const number = Number(numbered.rows[0]?.value);
      const [batch] = await tx
        .insert(ctrBatches)
        .values({ orgId: actor.orgId, number, date, threshold: String(threshold), builtBy: actor.actorId })
        .onConflictDoNothing({ target: [ctrBatches.orgId, ctrBatches.date] })
        .returning();
      if (!batch) throw new AlreadyBuilt();
      const rowsTotal = await insertRows(tx, batch, threshold);
      const [counted] = await tx
        .update(ctrBatches)
        .set({ rowsTotal })
        .where(and(eq(ctrBatches.orgId, actor.orgId), eq(ctrBatches.id, batch.id)))
        .returning();
      await recordAudit(tx, actor, {
        action: 'ctr.built',
        targetType: 'ctr',
        targetId: batch.id,
        changes: { number, date, threshold, rows: rowsTotal },
      });
      return counted ?? { ...batch, rowsTotal };
    });
    return { batch: built, created: true };
  } catch (err) {
    if (!(err instanceof AlreadyBuilt)) throw err;
  }
  const [existing] = await db
    .select()
    .from(ctrBatches)
    .where(and(eq(ctrBatches.orgId, actor.orgId), eq(ctrBatches.date, date)));
  if (!existing) throw new Error(`CTR batch of ${date} neither built nor found`);
  return { batch: existing, created: false };
}
