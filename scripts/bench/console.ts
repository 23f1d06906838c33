/**
 * Console benchmark: `npm run bench -- console [--alerts N] [--requests N] [--pending N] [--keep]`.
 *
 * On a fresh database (SERVICE_DATABASE_URL's server, else 127.0.0.1:5432, else an embedded one) one
 * organisation gets `--alerts` open alerts (default 10,000), each raised by a real event scored through
 * the ingest verb (a first 9,500 EUR payment of a new customer) and carrying a note, and `--pending`
 * of them (default 300) have a closure requested by an API key. A reviewer signs in over HTTP to the
 * service as `npm start` runs it (built first if needed), then each page is fetched `--requests` times
 * (default 200, after 10 untimed) one at a time with the session cookie: the alert queue's first page,
 * a filtered page, one alert page and the approvals screen. Each answer must be 200.
 *
 * The entity page is timed on a hub: `hub-merchant`, paid by `--hub-links` customers (default 5,000,
 * the queue's cust-0.., each with its open alert) in `--hub-events` payments (default 100,000). Those
 * payments and their links are written straight in SQL (rows as ingest stores them, unscored), as
 * scoring 100,000 events would take longer than the whole benchmark; the page's link graph (counted
 * groups, dagre layout), timeline and alerts around are all rendered on each request.
 *
 * Progress goes to stderr; the last line on stdout is one JSON object
 * {"console":{"alerts":..,"pages":{"<name>":{"p50_ms":..,"p95_ms":..,"requests":..}}}}.
 */
import '../project';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { closeDb, getDb } from '../../db/client';
import { systemActor, type Actor } from '../../lib/auth/actor';
import { reloadSettings } from '../../lib/config';
import { addNote } from '../../lib/alerts/add-note';
import { requestClosure } from '../../lib/alerts/request-closure';
import { parseEventInput } from '../../lib/events/event-input';
import { ingestEvent } from '../../lib/events/ingest-event';
import { createKey } from '../../lib/keys/create-key';
import { activateRule } from '../../lib/rules/activate-rule';
import { createRuleDraft } from '../../lib/rules/create-rule-draft';
import { createOrganisation } from '../../lib/orgs/create-organisation';
import { createPerson } from '../../lib/people/create-person';
import { createTestDatabase } from '../../tests/support/database';
import { freePort, startService, stopProcess, waitFor } from '../../tests/support/processes';
import { percentile } from './_load';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? (args[i + 1] as string) : fallback;
};
const ALERTS = Number(opt('alerts', '10000'));
const REQUESTS = Number(opt('requests', '200'));
const PENDING = Number(opt('pending', '300'));
const HUB_LINKS = Number(opt('hub-links', '5000'));
const HUB_EVENTS = Number(opt('hub-events', '100000'));
const HUB = 'hub-merchant';
const WARMUP = 10;
const progress = (line: string) => process.stderr.write(`[bench console] ${line}\n`);

/** Runs `work` over `items` with `concurrency` at once, reporting every tenth of the way. */
async function inParallel<T>(items: T[], concurrency: number, what: string, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let done = 0;
  const step = Math.max(1, Math.floor(items.length / 10));
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await work(item);
        if (++done % step === 0) progress(`${what}: ${done} of ${items.length}`);
      }
    }),
  );
}

async function seed(): Promise<{ orgId: string; email: string; password: string; alertIds: string[] }> {
  const db = getDb();
  const org = await createOrganisation(db, { name: `console-bench-${Date.now()}` });
  const { key } = await createKey(db, systemActor(org.id), { name: 'bench gateway' });
  const keyActor: Actor = { orgId: org.id, actorId: key.id, actorKind: 'key', owner: { kind: 'key', id: key.id } };

  const now = Date.now();
  const alertIds: string[] = [];
  await inParallel(
    Array.from({ length: ALERTS }, (_, i) => i),
    8,
    'alerts raised',
    async (i) => {
      const event = parseEventInput({
        type: 'transfer',
        idempotency_key: `bench-${i}`,
        // Spread over the last 20 hours, so the queue has alerts near and past their SLA.
        occurred_at: new Date(now - Math.floor((i / ALERTS) * 20 * 3600_000)).toISOString(),
        amount: { value: 9500 + (i % 400), currency: 'EUR' },
        source: { entity_id: `cust-${i}` },
        destination: { entity_id: `shop-${i % 50}` },
      });
      const result = await ingestEvent(db, keyActor, { event, mode: 'sync' });
      if (result.mode !== 'sync' || !result.decision.alertId) throw new Error(`event ${i} raised no alert`);
      alertIds.push(result.decision.alertId);
    },
  );
  await inParallel(alertIds, 8, 'notes added', async (id) => {
    await addNote(db, keyActor, id, { body: 'Customer contacted; awaiting the source of funds.' });
  });
  await inParallel(alertIds.slice(0, PENDING), 4, 'closures requested', async (id) => {
    await requestClosure(db, keyActor, id, { disposition: 'false_positive' });
  });

  const email = `reviewer-${randomUUID().slice(0, 8)}@bench.example`;
  const password = `bench password ${randomUUID()}`;
  await createPerson(db, systemActor(org.id), { email, name: 'Bench Reviewer', role: 'reviewer', password });
  return { orgId: org.id, email, password, alertIds };
}

/** The hub of the entity page: its payments in and the links they make, as ingest stores them. */
async function seedHub(orgId: string): Promise<void> {
  const db = getDb();
  await db.execute(sql`
    INSERT INTO entities (org_id, id, kind, attributes, registered, last_seen_at)
    VALUES (${orgId}, ${HUB}, 'counterparty', '{"name": "Hub Merchant"}'::jsonb, true, now())`);
  // Payment g comes from cust-(g mod links), one every 30 seconds back from now.
  await db.execute(sql`
    INSERT INTO events (org_id, idempotency_key, type, occurred_at, amount, currency, source_id, destination_id, payload, mode)
    SELECT ${orgId}, 'hub-' || g, 'transfer', now() - g * interval '30 seconds', 20 + g % 500, 'EUR',
           'cust-' || (g % ${HUB_LINKS}), ${HUB},
           json_build_object('type', 'transfer', 'idempotency_key', 'hub-' || g), 'async'
    FROM generate_series(1, ${HUB_EVENTS}) AS g`);
  await db.execute(sql`
    INSERT INTO entity_links (org_id, entity_id, relation, other_id, first_seen, last_seen)
    SELECT ${orgId}::uuid, ${HUB}::text, 'paid_by', source_id, min(occurred_at), max(occurred_at)
    FROM events WHERE org_id = ${orgId} AND destination_id = ${HUB} GROUP BY source_id
    UNION ALL
    SELECT ${orgId}::uuid, source_id, 'paid', ${HUB}::text, min(occurred_at), max(occurred_at)
    FROM events WHERE org_id = ${orgId} AND destination_id = ${HUB} GROUP BY source_id`);
  await db.execute(sql`ANALYZE events`);
  await db.execute(sql`ANALYZE entity_links`);
}

/**
 * The rules page's load: 50 rule keys of 5 versions each, made through the verbs as a team would (a key
 * drafts, another key activates): versions 1 to 3 retired, 4 active, 5 a draft waiting for activation.
 * Answers the page's path, for the timing list.
 */
async function seedRules(orgId: string): Promise<string> {
  const db = getDb();
  const author = (await createKey(db, systemActor(orgId), { name: 'bench rule author' })).key;
  const approver = (await createKey(db, systemActor(orgId), { name: 'bench rule approver' })).key;
  const asKey = (id: string): Actor => ({ orgId, actorId: id, actorKind: 'key', owner: { kind: 'key', id } });
  await inParallel(
    Array.from({ length: 50 }, (_, i) => i),
    4,
    'rule keys written',
    async (i) => {
      for (let v = 1; v <= 5; v++) {
        const draft = await createRuleDraft(db, asKey(author.id), {
          key: `bench_rule_${String(i).padStart(2, '0')}`,
          expr: `type == 'transfer'\n&& amount >= ${1000 * v + i}.0\n&& features.in_senders_24h >= ${v}`,
          weight: 10 + v,
          detail: `Transfers of ${1000 * v + i} or more from an entity paid by ${v} or more senders`,
        });
        if (v <= 4) await activateRule(db, asKey(approver.id), draft.id);
      }
    },
  );
  return '/rules';
}

/** The cookies a response sets, by name. */
function cookiesOf(response: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    out[pair!.slice(0, at)] = pair!.slice(at + 1);
  }
  return out;
}

const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

/** Auth.js's credentials flow over HTTP, as the sign-in form does it. */
async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookies = cookiesOf(csrf);
  const answer = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader(cookies) },
    body: new URLSearchParams({ email, password, csrfToken, callbackUrl: `${baseUrl}/` }),
  });
  Object.assign(cookies, cookiesOf(answer));
  if (!cookies['authjs.session-token']) throw new Error(`sign-in failed (${answer.status} ${answer.headers.get('location')})`);
  return cookieHeader(cookies);
}

async function time(baseUrl: string, cookie: string, path: string): Promise<{ p50_ms: number; p95_ms: number; requests: number }> {
  const latencies: number[] = [];
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${path}`, { headers: { cookie }, redirect: 'manual' });
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    if (i >= WARMUP) latencies.push(elapsed);
  }
  latencies.sort((a, b) => a - b);
  return { p50_ms: percentile(latencies, 50), p95_ms: percentile(latencies, 95), requests: latencies.length };
}

async function main(): Promise<void> {
  const database = await createTestDatabase(progress);
  let service: ReturnType<typeof startService> | undefined;
  try {
    process.env.SERVICE_DATABASE_URL = database.url;
    reloadSettings();
    progress(`seeding ${ALERTS} alerts with notes, ${PENDING} closures pending`);
    const seeded = await seed();
    progress(`seeding ${HUB} with ${HUB_LINKS} payers in ${HUB_EVENTS} payments`);
    await seedHub(seeded.orgId);
    await closeDb();

    const port = await freePort();
    progress(`starting the service on port ${port} (building first if needed)`);
    service = startService({ SERVICE_DATABASE_URL: database.url, PORT: String(port), SERVICE_RATE_LIMIT: '0', SERVICE_LOG_LEVEL: 'warn' });
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitFor(`${baseUrl}/readyz`, 600_000);
    const cookie = await signIn(baseUrl, seeded.email, seeded.password);

    const pages: Record<string, string> = {
      alerts_first_page: '/alerts',
      alerts_filtered: '/alerts?status=open&priority=medium',
      alert_page: `/alerts/${seeded.alertIds[Math.floor(seeded.alertIds.length / 2)]}`,
      approvals: '/approvals',
      rules_page: await seedRules(seeded.orgId),
      entity_hub_page: `/entities/${HUB}`,
    };
    const figures: Record<string, { p50_ms: number; p95_ms: number; requests: number }> = {};
    for (const [name, path] of Object.entries(pages)) {
      progress(`timing ${path}`);
      figures[name] = await time(baseUrl, cookie, path);
      progress(`    ${JSON.stringify(figures[name])}`);
    }
    process.stdout.write(`${JSON.stringify({ console: { alerts: ALERTS, pending_closures: PENDING, hub: { links: HUB_LINKS, events: HUB_EVENTS }, pages: figures } })}\n`);
  } finally {
    if (service) await stopProcess(service);
    await closeDb();
    if (!args.includes('--keep')) await database.drop();
    else progress(`kept ${database.url}`);
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
