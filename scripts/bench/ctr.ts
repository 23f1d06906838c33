/**
 * CTR batch build benchmark: `npm run bench -- ctr [--events N] [--cash C] [--over O]`.
 *
 * On a fresh database (a new one on SERVICE_DATABASE_URL's server, else on the PostgreSQL at 127.0.0.1:5432, else an
 * embedded one; dropped at the end) it stores, with set-based SQL and not through the API, one UTC day of N events
 * (default 1,000,000) of which C are cash (default 50,000): O entities (default 5,000) each deposit 2,000 six times
 * (12,000, over the 10,000 threshold); the other cash events are two 1,000 withdrawals or cash payments per entity
 * (under it); everything else is bank transfers. Then it times buildCtrBatch for that day (the batch row, its rows
 * in one INSERT ... SELECT, the audit entry) and checks what it built. Progress goes to stderr; one JSON line to
 * stdout: `{"bench":"ctr","events":..,"cash_events":..,"entities_over":..,"rows":..,"build_s":..,"goal_s":10,"ok":..}`.
 */
import '../project';
import { sql } from 'drizzle-orm';
import { closeDb, getDb } from '../../db/client';
import { systemActor } from '../../lib/auth/actor';
import { reloadSettings } from '../../lib/config';
import { createOrganisation } from '../../lib/orgs/create-organisation';
import { buildCtrBatch } from '../../lib/reports/ctr/build-batch';
import { createTestDatabase } from '../../tests/support/database';

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? Number(args[i + 1]) : fallback;
};
const EVENTS = opt('events', 1_000_000);
const CASH = opt('cash', 50_000);
const OVER = opt('over', 5_000);
const PER_OVER = 6;
const GOAL_S = 10;
const DAY = '2026-11-20';
const progress = (line: string) => process.stderr.write(`[bench ctr] ${line}\n`);

if (!(EVENTS >= CASH && CASH >= OVER * PER_OVER && OVER >= 1)) {
  process.stderr.write(`need events >= cash >= ${PER_OVER} x over >= ${PER_OVER}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  const database = await createTestDatabase(progress);
  try {
    process.env.SERVICE_DATABASE_URL = database.url;
    process.env.SERVICE_LOG_LEVEL ??= 'silent';
    reloadSettings();
    const db = getDb();
    const org = await createOrganisation(db, { name: `bench-ctr-${Date.now()}` });
    const bigEvents = OVER * PER_OVER;

    progress(`storing ${EVENTS} events of ${DAY}, ${CASH} of them cash, ${OVER} entities over the threshold`);
    let started = performance.now();
    // Event i is cash when i * CASH / EVENTS crosses a whole number: CASH of them, spread over the day. Cash event k
    // (1-based) k <= bigEvents: a 2,000 deposit to over-entity (k-1) % OVER; else a 1,000 withdrawal (odd k) or cash
    // payment (even k) of under-entity ((k - bigEvents - 1) / 2).
    await db.execute(sql`
      INSERT INTO events (org_id, idempotency_key, type, occurred_at, amount, currency, rail, source_id, destination_id, payload, mode, submitted_by)
      SELECT ${org.id}::uuid, 'bench-' || i, t.type, ${DAY}::timestamptz + (i::double precision / ${EVENTS + 1}) * interval '1 day',
             t.amount, 'EUR', t.rail, t.source_id, t.destination_id, '{}'::json, 'async', 'bench'
      FROM generate_series(1, ${EVENTS}::int) AS i
      CROSS JOIN LATERAL (SELECT floor(i::numeric * ${CASH} / ${EVENTS}) - floor((i - 1)::numeric * ${CASH} / ${EVENTS}) = 1 AS cash,
                                 floor(i::numeric * ${CASH} / ${EVENTS})::int AS k) c
      CROSS JOIN LATERAL (
        SELECT CASE WHEN NOT c.cash THEN 'transfer' WHEN c.k <= ${bigEvents} THEN 'cash_deposit' WHEN c.k % 2 = 1 THEN 'cash_withdrawal' ELSE 'payment' END AS type,
               CASE WHEN NOT c.cash THEN (i % 9000) + 1 WHEN c.k <= ${bigEvents} THEN 2000 ELSE 1000 END AS amount,
               CASE WHEN NOT c.cash THEN 'bank_transfer' WHEN c.k <= ${bigEvents} THEN 'branch' WHEN c.k % 2 = 1 THEN 'atm' ELSE 'cash' END AS rail,
               CASE WHEN NOT c.cash THEN 'acct-' || (i % 200000) WHEN c.k <= ${bigEvents} THEN NULL ELSE 'under-' || ((c.k - ${bigEvents} - 1) / 2) END AS source_id,
               CASE WHEN NOT c.cash THEN 'acct-' || ((i * 7) % 200000) WHEN c.k <= ${bigEvents} THEN 'over-' || ((c.k - 1) % ${OVER}) ELSE
                    CASE WHEN c.k % 2 = 1 THEN NULL ELSE 'shop-' || c.k END END AS destination_id
      ) t`);
    // Customer records: every over-entity but one in ten has a customer ID.
    await db.execute(sql`
      INSERT INTO entities (org_id, id, kind, attributes, registered)
      SELECT ${org.id}::uuid, 'over-' || j, 'person',
             CASE WHEN j % 10 = 0 THEN jsonb_build_object('first_name', 'Customer', 'last_name', j::text)
                  ELSE jsonb_build_object('first_name', 'Customer', 'last_name', j::text, 'customer_id', 'C-' || j) END, true
      FROM generate_series(0, ${OVER - 1}::int) AS j`);
    await db.execute(sql`ANALYZE events`);
    await db.execute(sql`ANALYZE entities`);
    progress(`stored in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    started = performance.now();
    const { batch, created } = await buildCtrBatch(db, systemActor(org.id, 'system'), { date: DAY }, { now: () => new Date('2026-11-21T01:00:00Z') });
    const seconds = (performance.now() - started) / 1000;
    const counted = await db.execute<{ rows: number; entities: number; attention: number }>(sql`
      SELECT count(*)::int AS rows, count(DISTINCT entity_id)::int AS entities, count(*) FILTER (WHERE customer_id IS NULL)::int AS attention
      FROM ctr_rows WHERE org_id = ${org.id} AND batch_id = ${batch.id}`);
    const c = counted.rows[0]!;
    const correct = created && c.rows === bigEvents && c.entities === OVER && c.attention === Math.ceil(OVER / 10) * PER_OVER;
    progress(`built CTR-${batch.number}: ${c.rows} rows of ${c.entities} entities (${c.attention} needing a customer ID) in ${seconds.toFixed(3)} s${correct ? '' : ' (UNEXPECTED CONTENT)'}`);
    process.stdout.write(
      `${JSON.stringify({ bench: 'ctr', events: EVENTS, cash_events: CASH, entities_over: c.entities, rows: c.rows, rows_attention: c.attention, build_s: Math.round(seconds * 1000) / 1000, goal_s: GOAL_S, correct, ok: correct && seconds < GOAL_S })}\n`,
    );
  } finally {
    await closeDb();
    await database.drop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`[bench ctr] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
