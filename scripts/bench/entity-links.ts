/**
 * Entity links and timeline benchmark: `npx tsx scripts/bench/entity-links.ts [--events N] [--runs N]
 * [--background N] [--explain] [--keep]`.
 *
 * On a fresh database (tests/support/database.ts: SERVICE_DATABASE_URL's server, else the local
 * PostgreSQL on 5432, else an embedded one) it loads, with set-based SQL, one hub customer with N
 * events (default 100,000: payments to 3,000 counterparties, payments from 2,000 senders, and logins
 * from 4 devices, one of them shared with 2,000 other customers and the others with a few dozen each),
 * background traffic among other entities, entities and `entity_links` rebuilt from the events exactly
 * as ingest maintains them, registered names, and open alerts on part of the counterparties and
 * sharers. It then times the domain functions behind GET /v1/entities/{id}/links and the first page
 * (50) of GET /v1/entities/{id}/events for the hub, plus the links of a customer sharing the busiest
 * device.
 *
 * Prints one JSON line on stdout (milliseconds); progress on stderr; `--explain` adds EXPLAIN ANALYZE
 * of each timed query on stderr. The database is dropped at the end unless `--keep`.
 */
import '../project';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { closeDb, getDb, getPool } from '../../db/client';
import * as schema from '../../db/schema';
import { systemActor, type Actor } from '../../lib/auth/actor';
import { reloadSettings } from '../../lib/config';
import { listEntities } from '../../lib/entities/list-entities';
import { listEntityEvents } from '../../lib/entities/list-entity-events';
import { listEntityLinks } from '../../lib/entities/list-links';
import { createOrganisation } from '../../lib/orgs/create-organisation';
import { createTestDatabase } from '../../tests/support/database';
import { percentile } from './_load';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
};
const flag = (name: string) => args.includes(`--${name}`);

const HUB_EVENTS = Number(opt('events', '100000'));
const RUNS = Number(opt('runs', '500'));
const BACKGROUND = Number(opt('background', '200000'));
const COUNTERPARTIES = 3_000;
const SENDERS = 2_000;
const DEVICES = 4;
const BUSY_DEVICE_USERS = 2_000;
const OTHER_DEVICE_USERS = 40;
const HUB = 'cust-hub';

const progress = (line: string) => process.stderr.write(`[entity-links] ${line}\n`);

async function timed(label: string, step: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await step();
  progress(`${label} (${Math.round(performance.now() - started)} ms)`);
}

/** Loads the data set with set-based SQL; the shapes match what event ingest stores. */
async function load(orgId: string): Promise<void> {
  const db = getDb();
  const span = `interval '365 days'`;
  const start = `timestamptz '2025-01-01T00:00:00Z'`;
  const outgoing = Math.round(HUB_EVENTS * 0.6);
  const incoming = Math.round(HUB_EVENTS * 0.3);
  const logins = HUB_EVENTS - outgoing - incoming;
  // Spread over a year; the multiplier scatters times so arrival order is not time order.
  const when = (i: string, n: number) => `${start} + ${span} * ((((${i}::bigint * 7919) % ${n}) + random()) / ${n})`;
  const insert = (select: string) =>
    db.execute(
      sql.raw(`INSERT INTO events (org_id, idempotency_key, type, occurred_at, amount, currency, rail, source_id, destination_id,
                                   device_id, payload, mode, submitted_by)
               SELECT '${orgId}', 'bench-' || gen_random_uuid(), type, occurred_at, amount, currency, rail, source_id,
                      destination_id, device_id, '{}'::json, 'async', 'bench'
               FROM (${select}) AS s(type, occurred_at, amount, currency, rail, source_id, destination_id, device_id)`),
    );
  await timed(`hub pays ${COUNTERPARTIES} counterparties: ${outgoing} events`, () =>
    insert(`SELECT 'transfer' AS type, ${when('i', outgoing)} AS occurred_at, (10 + (i % 5000))::numeric AS amount, 'EUR' AS currency,
                   'sepa' AS rail, '${HUB}' AS source_id, 'cp-' || lpad(((i * 31) % ${COUNTERPARTIES})::text, 5, '0') AS destination_id,
                   CASE WHEN i % 10 = 0 THEN 'dev-' || (i % ${DEVICES}) END AS device_id
            FROM generate_series(1, ${outgoing}) i`),
  );
  await timed(`${SENDERS} senders pay the hub: ${incoming} events`, () =>
    insert(`SELECT 'transfer', ${when('i', incoming)}, (5 + (i % 900))::numeric, 'EUR', 'card',
                   'snd-' || lpad(((i * 17) % ${SENDERS})::text, 5, '0'), '${HUB}', NULL
            FROM generate_series(1, ${incoming}) i`),
  );
  await timed(`hub logins from ${DEVICES} devices: ${logins} events`, () =>
    insert(`SELECT 'login', ${when('i', logins)}, NULL::numeric, NULL, NULL, '${HUB}', NULL, 'dev-' || (i % ${DEVICES})
            FROM generate_series(1, ${logins}) i`),
  );
  const sharers = BUSY_DEVICE_USERS + (DEVICES - 1) * OTHER_DEVICE_USERS;
  await timed(`${sharers} other customers log in on the hub's devices`, () =>
    insert(`SELECT 'login', ${when('i', sharers * 3)}, NULL::numeric, NULL, NULL,
                   'shr-' || lpad((i % ${sharers})::text, 5, '0'),
                   NULL, CASE WHEN i % ${sharers} < ${BUSY_DEVICE_USERS} THEN 'dev-0'
                              ELSE 'dev-' || (1 + (i % ${sharers} - ${BUSY_DEVICE_USERS}) / ${OTHER_DEVICE_USERS}) END
            FROM generate_series(0, ${sharers * 3 - 1}) i`),
  );
  await timed(`background traffic: ${BACKGROUND} events among 20,000 other entities`, () =>
    insert(`SELECT 'transfer', ${when('i', BACKGROUND)}, (1 + (i % 3000))::numeric, 'EUR', 'sepa',
                   'bg-' || lpad(((i * 7) % 20000)::text, 5, '0'), 'bg-' || lpad(((i * 13 + 1) % 20000)::text, 5, '0'),
                   CASE WHEN i % 4 = 0 THEN 'bgdev-' || (i % 5000) END
            FROM generate_series(1, ${BACKGROUND}) i`),
  );
  await timed('entities (placeholders with last_seen) from the events', () =>
    db.execute(sql`
      INSERT INTO entities (org_id, id, last_seen_at)
      SELECT ${orgId}, id, max(t) FROM (
        SELECT source_id AS id, occurred_at AS t FROM events WHERE org_id = ${orgId} AND source_id IS NOT NULL
        UNION ALL SELECT destination_id, occurred_at FROM events WHERE org_id = ${orgId} AND destination_id IS NOT NULL
        UNION ALL SELECT device_id, occurred_at FROM events WHERE org_id = ${orgId} AND device_id IS NOT NULL) x
      GROUP BY id`),
  );
  await timed('entity_links from the events (as ingest maintains them)', () =>
    db.execute(sql`
      INSERT INTO entity_links (org_id, entity_id, relation, other_id, first_seen, last_seen)
      SELECT ${orgId}, a, r, b, min(t), max(t) FROM (
        SELECT source_id AS a, 'paid' AS r, destination_id AS b, occurred_at AS t FROM events
          WHERE org_id = ${orgId} AND amount IS NOT NULL AND source_id IS NOT NULL AND destination_id IS NOT NULL
        UNION ALL SELECT destination_id, 'paid_by', source_id, occurred_at FROM events
          WHERE org_id = ${orgId} AND amount IS NOT NULL AND source_id IS NOT NULL AND destination_id IS NOT NULL
        UNION ALL SELECT source_id, 'uses_device', device_id, occurred_at FROM events
          WHERE org_id = ${orgId} AND source_id IS NOT NULL AND device_id IS NOT NULL
        UNION ALL SELECT device_id, 'device_user', source_id, occurred_at FROM events
          WHERE org_id = ${orgId} AND source_id IS NOT NULL AND device_id IS NOT NULL) x
      GROUP BY a, r, b`),
  );
  await timed('registered names on the hub, half the counterparties and the devices', () =>
    db.execute(sql`
      UPDATE entities SET registered = true, updated_at = now(),
        kind = CASE WHEN id LIKE 'dev-%' THEN 'device' WHEN id LIKE 'cp-%' THEN 'counterparty' ELSE 'customer' END,
        attributes = jsonb_build_object('name', 'Name of ' || id)
      WHERE org_id = ${orgId} AND (id = ${HUB} OR id LIKE 'dev-%' OR (id LIKE 'cp-%' AND right(id, 1) IN ('0', '2', '4', '6', '8')))`),
  );
  await timed('open alerts on a twentieth of the counterparties and device sharers, closed ones on another twentieth', () =>
    db.execute(sql`
      INSERT INTO alerts (org_id, number, entity_id, status, priority, risk_score, last_event_at, due_at)
      SELECT ${orgId}, row_number() OVER (ORDER BY id), id,
             CASE WHEN right(id, 2)::int % 20 = 0 THEN 'open' ELSE 'closed' END,
             CASE WHEN right(id, 3)::int % 40 = 0 THEN 'high' ELSE 'medium' END, 60, now(), now() + interval '1 day'
      FROM entities WHERE org_id = ${orgId} AND (id LIKE 'cp-%' OR id LIKE 'shr-%') AND right(id, 2)::int % 10 = 0`),
  );
  await timed('VACUUM ANALYZE', async () => {
    for (const table of ['events', 'entities', 'entity_links', 'alerts']) await getPool().query(`VACUUM ANALYZE ${table}`);
  });
}

interface Figures {
  p50: number;
  p95: number;
  p99: number;
}

async function measure(label: string, runs: number, fn: () => Promise<unknown>): Promise<Figures> {
  for (let i = 0; i < Math.min(50, runs); i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const figures = { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
  progress(`${label}: ${JSON.stringify(figures)}`);
  return figures;
}

/** EXPLAIN ANALYZE of the queries a domain call runs, captured through a drizzle logger. */
async function explain(label: string, call: (db: ReturnType<typeof drizzle<typeof schema>>) => Promise<unknown>): Promise<void> {
  const captured: { query: string; params: unknown[] }[] = [];
  const db = drizzle(getPool(), { schema, logger: { logQuery: (query, params) => captured.push({ query, params }) } });
  await call(db);
  for (const q of captured) {
    const plan = await getPool().query(`EXPLAIN (ANALYZE, BUFFERS) ${q.query}`, q.params);
    progress(`${label} plan:\n${plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}`);
  }
}

async function main(): Promise<void> {
  const database = await createTestDatabase(progress);
  process.env.SERVICE_DATABASE_URL = database.url;
  process.env.SERVICE_LOG_LEVEL ??= 'silent';
  reloadSettings();
  try {
    const org = await createOrganisation(getDb(), { name: `bench-${randomUUID().slice(0, 8)}` });
    const actor: Actor = systemActor(org.id, 'bench');
    await load(org.id);

    const db = getDb();
    const counts = (
      await db.execute<{ hub_events: number; hub_links: number; events: number }>(sql`
        SELECT (SELECT count(*) FROM events WHERE org_id = ${org.id} AND (source_id = ${HUB} OR destination_id = ${HUB}))::int AS hub_events,
               (SELECT count(*) FROM entity_links WHERE org_id = ${org.id} AND entity_id = ${HUB})::int AS hub_links,
               (SELECT count(*) FROM events WHERE org_id = ${org.id})::int AS events`)
    ).rows[0];
    progress(`loaded: ${JSON.stringify(counts)}`);

    const links = await listEntityLinks(db, actor, HUB);
    const byRelation: Record<string, number> = {};
    for (const l of links) byRelation[l.relation] = (byRelation[l.relation] ?? 0) + 1;
    progress(`hub links answered: ${links.length} ${JSON.stringify(byRelation)}; with open_alert: ${links.filter((l) => l.openAlert).length}`);
    const page = await listEntityEvents(db, actor, HUB, { limit: 50 });
    progress(`first timeline page: ${page.items.length} events, next_cursor ${page.nextCursor ? 'present' : 'absent'}`);

    if (flag('explain')) {
      await explain('links', (x) => listEntityLinks(x, actor, HUB));
      await explain('timeline', (x) => listEntityEvents(x, actor, HUB, { limit: 50 }));
      await explain('timeline page 2', (x) => listEntityEvents(x, actor, HUB, { limit: 50, cursor: page.nextCursor }));
      await explain('sharer links', (x) => listEntityLinks(x, actor, 'shr-00007'));
      await explain('search on id', (x) => listEntities(x, actor, { q: 'cp-0012', limit: 50 }));
      await explain('search on name', (x) => listEntities(x, actor, { q: 'NAME OF CP-0012', limit: 50 }));
    }

    const linksMs = await measure('links', RUNS, () => listEntityLinks(db, actor, HUB));
    const timelineMs = await measure('timeline first page', RUNS, () => listEntityEvents(db, actor, HUB, { limit: 50 }));
    const sharerMs = await measure('links of a customer sharing the busiest device', RUNS, () => listEntityLinks(db, actor, 'shr-00007'));

    process.stdout.write(
      `${JSON.stringify({
        bench: 'entity-links',
        hub_events: counts?.hub_events,
        hub_links: counts?.hub_links,
        org_events: counts?.events,
        runs: RUNS,
        links_ms: linksMs,
        timeline_first_page_ms: timelineMs,
        sharer_links_ms: sharerMs,
      })}\n`,
    );
  } finally {
    await closeDb();
    if (flag('keep')) progress(`kept ${database.url}`);
    else {
      await database.drop();
      progress('database dropped');
    }
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
