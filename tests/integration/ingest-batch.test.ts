import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { databaseUrl, getDb, getPool, ingestPoolFor } from '@/db/client';
import { parseEventInput, type EventInput } from '@/lib/events/event-input';
import { commitBatch, entityLockKey, type IngestItem, type IngestResult } from '@/lib/events/ingest-batch';
import { ingestEvent } from '@/lib/events/ingest-event';
import { ASYNC_BATCH_BESIDE_OTHERS } from '@/lib/events/ingest-queue';
import { metricsExposition } from '@/lib/metrics';
import { activeRuleSet } from '@/lib/rules/active-rule-set';
import { random } from '../support/random';
import { newOrg, type TestOrg } from '../support/api';
import { activateTestRules } from '../support/rules';
import { PROJECT_ROOT } from '../support/processes';

const HOUR = 3_600_000;

const actorOf = (org: TestOrg) => ({ orgId: org.orgId, actorId: org.keyId, actorKind: 'key' as const });

async function itemsFor(org: TestOrg, events: EventInput[], mode: (i: number) => 'sync' | 'async'): Promise<IngestItem[]> {
  const rules = (await activeRuleSet(getDb(), org.orgId)).rules;
  return events.map((event, i) => ({ actor: actorOf(org), event, mode: mode(i), rules: mode(i) === 'sync' ? rules : undefined }));
}

/** Everything ingest stored for an organisation, with its own ids left out, so two organisations compare. */
async function storedState(orgId: string) {
  const q = async (text: string) => (await getPool().query(text, [orgId])).rows;
  return {
    events: await q(`SELECT e.idempotency_key, e.mode, e.features, e.dest_features, e.payload::text AS payload,
                            d.decision, d.risk_score, d.reasons, a.number AS alert_number
                     FROM events e LEFT JOIN decisions d ON d.org_id = e.org_id AND d.event_id = e.id
                       LEFT JOIN alerts a ON a.org_id = d.org_id AND a.id = d.alert_id
                     WHERE e.org_id = $1 ORDER BY e.idempotency_key`),
    buckets: await q(`SELECT entity_id, hour, sent, sent_near, out_count, out_value, in_count, in_value, near_low, near_high
                      FROM counter_buckets WHERE org_id = $1 ORDER BY entity_id, hour`),
    pairs: await q('SELECT entity_id, direction, counterparty_id, last_at FROM counterparties WHERE org_id = $1 ORDER BY 1, 2, 3'),
    hours: await q(`SELECT entity_id, direction, hour, parties FROM counterparty_hours WHERE org_id = $1 AND parties <> 0 ORDER BY 1, 2, 3`),
    entities: await q('SELECT id, last_seen_at FROM entities WHERE org_id = $1 ORDER BY id'),
    links: await q('SELECT entity_id, relation, other_id, first_seen, last_seen FROM entity_links WHERE org_id = $1 ORDER BY 1, 2, 3'),
    alerts: await q(`SELECT number, entity_id, status, priority, occurrences, risk_score, last_event_at
                     FROM alerts WHERE org_id = $1 ORDER BY number`),
    // Entries of one batch may share a millisecond: compared as a whole, not in time order.
    audit: await q(`SELECT action, changes - 'decision_id' AS changes FROM audit_log WHERE org_id = $1 AND action LIKE 'alert.%' ORDER BY (changes - 'decision_id')::text, action`),
  };
}

/** Observations of the batch-size histogram: how many batches, and how many held one event. */
async function batchCounts(): Promise<{ batches: number; single: number; stages: Record<'queued' | 'counters' | 'write' | 'commit', number> }> {
  const { body } = await metricsExposition();
  const read = (pattern: RegExp) => Number(body.match(pattern)?.[1] ?? 0);
  const stage = (name: string) => read(new RegExp(`^aml_ingest_stage_seconds_count\\{stage="${name}"\\} (\\S+)$`, 'm'));
  return {
    batches: read(/^aml_ingest_batch_events_count (\S+)$/m),
    single: read(/^aml_ingest_batch_events_bucket\{le="1"\} (\S+)$/m),
    stages: { queued: stage('queued'), counters: stage('counters'), write: stage('write'), commit: stage('commit') },
  };
}

describe('group commit', () => {
  it('stores a batch exactly as storing its events one by one would: counters, decisions, alerts and state', async () => {
    const oneByOne = await newOrg('one');
    const batched = await newOrg('batched');
    const rnd = random(20261125);
    const people = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay'];
    const pick = () => people[Math.floor(rnd() * people.length)] as string;
    let clock = Date.parse('2026-07-01T00:00:00.000Z');
    const bodies: Record<string, unknown>[] = [];
    for (let i = 0; i < 400; i++) {
      // Mostly forward, a few minutes apart (events of one batch often occur out of order among
      // themselves); now and then an event that occurred hours before stored ones; now and then a key
      // sent again.
      clock += Math.floor(rnd() * 20 * 60_000);
      const jitter = Math.floor((rnd() - 0.5) * 30 * 60_000);
      const late = rnd() < 0.05;
      const occurredAt = new Date(late ? clock - Math.floor(rnd() * 30 * HOUR) : clock + jitter);
      const isPayment = rnd() < 0.85;
      const amount = rnd() < 0.25 ? 4500 + Math.floor(rnd() * 600) : Math.floor(rnd() * 1_200_000) / 100;
      const again = i > 10 && rnd() < 0.03;
      bodies.push({
        type: isPayment ? 'transfer' : 'login',
        idempotency_key: again ? `gc-${Math.floor(rnd() * i)}` : `gc-${i}`,
        occurred_at: occurredAt.toISOString(),
        ...(isPayment ? { amount: { value: amount, currency: 'EUR' } } : {}),
        ...(rnd() < 0.95 ? { source: { entity_id: pick() } } : {}),
        ...(isPayment && rnd() < 0.95 ? { destination: { entity_id: pick() } } : {}),
        ...(rnd() < 0.3 ? { device: { id: `dev-${Math.floor(rnd() * 3)}` } } : {}),
      });
    }
    const events = bodies.map((b) => parseEventInput(b));
    const mode = (i: number) => (i % 4 === 3 ? 'async' : 'sync');

    const single: (IngestResult | Error)[] = [];
    for (const item of await itemsFor(oneByOne, events, mode)) single.push(...(await commitBatch(getPool(), getDb(), [item])));

    const before = await batchCounts();
    const items = await itemsFor(batched, events, mode);
    const together: (IngestResult | Error)[] = [];
    for (let at = 0; at < items.length; ) {
      const size = 1 + Math.floor(rnd() * 24);
      // The batches go over ingest's own pipelined connections, as the service sends them.
      together.push(...(await commitBatch(ingestPoolFor(getPool()), getDb(), items.slice(at, at + size))));
      at += size;
    }
    const after = await batchCounts();
    // Most events went in batches of several (a batch with an event before a stored one of its entities goes one by one).
    expect(after.batches - before.batches - (after.single - before.single)).toBeGreaterThan(10);
    // Every committed batch times its three stages on /metrics.
    const committed = after.batches - before.batches;
    for (const stage of ['counters', 'write', 'commit'] as const) {
      expect({ stage, observed: after.stages[stage] - before.stages[stage] }).toEqual({ stage, observed: committed });
    }

    expect(together.filter((r) => r instanceof Error)).toEqual([]);
    expect(together.map((r) => (r instanceof Error ? 'error' : r.replay))).toEqual(single.map((r) => (r instanceof Error ? 'error' : r.replay)));
    const [a, b] = [await storedState(oneByOne.orgId), await storedState(batched.orgId)];
    expect(b.events.length).toBeGreaterThan(350);
    for (const part of Object.keys(a) as (keyof typeof a)[]) expect({ part, rows: b[part] }).toEqual({ part, rows: a[part] });
  }, 120_000);

  it('commits the other events of a batch when one of them fails', async () => {
    const org = await newOrg();
    const at = Date.parse('2026-07-02T10:00:00.000Z');
    const events = [0, 1, 2, 3, 4].map((i) =>
      parseEventInput({
        type: 'transfer',
        idempotency_key: `fail-${i}`,
        occurred_at: new Date(at + i * 1000).toISOString(),
        amount: { value: 10 + i, currency: 'EUR' },
        source: { entity_id: 'payer' },
        destination: { entity_id: `payee-${i}` },
      }),
    );
    // A payload that passed validation but that storage refuses (not JSON).
    (events[2] as EventInput).payloadText = '{"type": "transfer", ';
    const answers = await commitBatch(ingestPoolFor(getPool()), getDb(), await itemsFor(org, events, () => 'sync'));
    expect(answers.map((r) => r instanceof Error)).toEqual([false, false, true, false, false]);
    const stored = await getPool().query<{ idempotency_key: string; features: { txn_count_24h: number } }>(
      'SELECT idempotency_key, features FROM events WHERE org_id = $1 ORDER BY seq',
      [org.orgId],
    );
    // The others are stored, in order, and count only each other.
    expect(stored.rows.map((r) => [r.idempotency_key, r.features.txn_count_24h])).toEqual([
      ['fail-0', 1],
      ['fail-1', 2],
      ['fail-3', 3],
      ['fail-4', 4],
    ]);
  });

  it('gives 200 concurrent events of one entity the counts 1 to 200 in the order they were stored', async () => {
    const org = await newOrg();
    const at = Date.parse('2026-07-03T10:00:00.000Z');
    const queuedBefore = (await batchCounts()).stages.queued;
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        ingestEvent(getDb(), actorOf(org), {
          event: parseEventInput({
            type: 'transfer',
            idempotency_key: `hot-${i}`,
            // One instant for all: each counts every event of the entity that arrived before it.
            occurred_at: new Date(at).toISOString(),
            amount: { value: 5, currency: 'EUR' },
            source: { entity_id: 'hot' },
            destination: { entity_id: `shop-${i % 7}` },
          }),
          mode: i % 2 === 0 ? 'sync' : 'async',
        }),
      ),
    );
    expect(answers.every((a) => !a.replay)).toBe(true);
    // Each event's wait in the queue is timed on /metrics.
    expect((await batchCounts()).stages.queued - queuedBefore).toBe(200);
    const stored = await getPool().query<{ features: { txn_count_24h: number; out_value_24h: number } }>(
      'SELECT features FROM events WHERE org_id = $1 ORDER BY seq',
      [org.orgId],
    );
    expect(stored.rows.map((r) => r.features.txn_count_24h)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(stored.rows.map((r) => r.features.out_value_24h)).toEqual(Array.from({ length: 200 }, (_, i) => 5 * (i + 1)));
  });

  it('keeps each entity in order when concurrent events share entities across the writers', async () => {
    const org = await newOrg();
    const at = new Date(Date.parse('2026-07-03T12:00:00.000Z')).toISOString();
    const people = ['p1', 'p2', 'p3', 'p4', 'p5'];
    const rnd = random(7);
    await Promise.all(
      Array.from({ length: 150 }, (_, i) => {
        const from = people[Math.floor(rnd() * 5)] as string;
        const to = people[(people.indexOf(from) + 1 + Math.floor(rnd() * 4)) % 5] as string;
        return ingestEvent(getDb(), actorOf(org), {
          event: parseEventInput({ type: 'transfer', idempotency_key: `mix-${i}`, occurred_at: at, amount: { value: 1, currency: 'EUR' }, source: { entity_id: from }, destination: { entity_id: to } }),
          mode: 'async',
        });
      }),
    );
    const { rows } = await getPool().query<{ source_id: string; destination_id: string; features: Record<string, number>; dest_features: Record<string, number> }>(
      'SELECT source_id, destination_id, features, dest_features FROM events WHERE org_id = $1 ORDER BY seq',
      [org.orgId],
    );
    // In the order stored, each entity's events count 1, 2, 3... of its payments out and in.
    for (const person of people) {
      const out = rows.filter((r) => r.source_id === person).map((r) => r.features.out_count_24h);
      const into = rows.filter((r) => r.destination_id === person).map((r) => r.dest_features.in_count_24h);
      expect(out).toEqual(out.map((_, k) => k + 1));
      expect(into).toEqual(into.map((_, k) => k + 1));
    }
  });

  it('keeps a few async events waiting while a batch is being stored, a sync event takes them into its batch at once, and enough of them start their own', async () => {
    const org = await newOrg();
    const at = new Date(Date.parse('2026-07-04T09:00:00.000Z')).toISOString();
    const event = (key: string, source: string) =>
      parseEventInput({ type: 'transfer', idempotency_key: key, occurred_at: at, amount: { value: 3, currency: 'EUR' }, source: { entity_id: source }, destination: { entity_id: `till-${key}` } });
    const stored = async () =>
      (await getPool().query<{ idempotency_key: string; tx: string }>('SELECT idempotency_key, xmin::text AS tx FROM events WHERE org_id = $1', [org.orgId])).rows;

    // Another session (outside the service's pool) holds the lock of entity `held`: the batch of its
    // event stays in flight.
    const holder = new pg.Client({ connectionString: databaseUrl() });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [entityLockKey(org.orgId, 'held').toString()]);
      const heldAnswer = ingestEvent(getDb(), actorOf(org), { event: event('held-0', 'held'), mode: 'async' });
      const waitingLocks = "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())";
      await expect.poll(async () => (await holder.query(waitingLocks)).rows[0].n).toBe(1);

      // Fewer async events of other entities than ASYNC_BATCH_BESIDE_OTHERS wait for a free writer
      // rather than start a batch of their own beside it.
      const few = ASYNC_BATCH_BESIDE_OTHERS - 1;
      const waiting = Array.from({ length: few }, (_, i) => ingestEvent(getDb(), actorOf(org), { event: event(`wait-${i}`, `payer-${i}`), mode: 'async' }));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await stored()).toEqual([]);

      // A sync event starts a batch at once, and the waiting async events go into it.
      const scored = await ingestEvent(getDb(), actorOf(org), { event: event('sync-0', 'payer-sync'), mode: 'sync' });
      expect(scored.mode).toBe('sync');
      expect((await Promise.all(waiting)).every((a) => a.mode === 'async' && !a.replay)).toBe(true);
      const rows = await stored();
      expect(rows.map((r) => r.idempotency_key).sort()).toEqual(['sync-0', ...Array.from({ length: few }, (_, i) => `wait-${i}`)].sort());
      // One transaction stored them all.
      expect(new Set(rows.map((r) => r.tx)).size).toBe(1);

      // As many as ASYNC_BATCH_BESIDE_OTHERS start a batch of their own beside the one still held.
      const enough = Array.from({ length: ASYNC_BATCH_BESIDE_OTHERS }, (_, i) =>
        ingestEvent(getDb(), actorOf(org), { event: event(`beside-${i}`, `payer-beside-${i}`), mode: 'async' }),
      );
      expect((await Promise.all(enough)).every((a) => a.mode === 'async' && !a.replay)).toBe(true);
      const beside = (await stored()).filter((r) => r.idempotency_key.startsWith('beside-'));
      expect(beside).toHaveLength(ASYNC_BATCH_BESIDE_OTHERS);
      expect(new Set(beside.map((r) => r.tx)).size).toBe(1);
      expect((await stored()).some((r) => r.idempotency_key === 'held-0')).toBe(false);

      await holder.query('SELECT pg_advisory_unlock($1)', [entityLockKey(org.orgId, 'held').toString()]);
      expect((await heldAnswer).replay).toBe(false);
    } finally {
      await holder.end();
    }
  });
});

/** A second instance: a child process with its own pool and ingest queue on the test database. */
class Instance {
  private output = '';
  private readonly child: ChildProcessWithoutNullStreams;

  constructor() {
    // tsx as a loader in this one process (its command line would run the script in a child, which a kill would miss).
    this.child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/ingest-child.ts'], {
      cwd: PROJECT_ROOT,
      env: { ...process.env },
    });
    this.child.stdout.on('data', (d: Buffer) => (this.output += d.toString()));
    this.child.stderr.on('data', (d: Buffer) => (this.output += d.toString()));
  }

  async until(word: string, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.output.split('\n').includes(word)) {
      if (Date.now() > deadline || this.child.exitCode !== null) throw new Error(`no "${word}" from the instance: ${this.output}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  send(org: TestOrg, mode: 'sync' | 'async', events: Record<string, unknown>[]): void {
    this.child.stdin.write(`${JSON.stringify({ orgId: org.orgId, keyId: org.keyId, mode, events })}\n`);
  }

  answers(): { key: string; ok: boolean; replay?: boolean; eventId?: string; error?: string }[] {
    return this.output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l));
  }

  kill(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) return resolve();
      this.child.once('exit', () => resolve());
      this.child.kill('SIGKILL');
    });
  }

  async close(): Promise<void> {
    this.child.stdin.end();
    await new Promise((resolve) => (this.child.exitCode !== null ? resolve(null) : this.child.once('exit', resolve)));
  }
}

/** The sessions of the test database waiting on a lock in a statement that contains `statement`. */
async function waitingBackends(statement: string): Promise<number[]> {
  const { rows } = await getPool().query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity
     WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid() AND strpos(query, $1) > 0`,
    [statement],
  );
  return rows.map((r) => r.pid);
}

/** Waits until `n` sessions running a statement that contains `statement` wait on a lock; answers with those sessions. */
async function untilWaitingOnLocks(n: number, statement: string): Promise<number[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const waiting = await waitingBackends(statement);
    if (waiting.length >= n) return waiting;
    if (Date.now() > deadline) throw new Error(`fewer than ${n} sessions waiting on a lock`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const storedKeys = async (orgId: string): Promise<string[]> =>
  (await getPool().query<{ k: string }>('SELECT idempotency_key AS k FROM events WHERE org_id = $1 ORDER BY 1', [orgId])).rows.map((r) => r.k);

const transfer = (key: string, from: string, to: string, at: string) => ({
  type: 'transfer',
  idempotency_key: key,
  occurred_at: at,
  amount: { value: 25, currency: 'EUR' },
  source: { entity_id: from },
  destination: { entity_id: to },
});

/**
 * Counts the round trips of the statements sent on a pool's connections while `recording` is set (a
 * write to the database after an answer was read starts the next one), and the socket's writes to the
 * system (one per flush of what was written, however many messages it holds).
 */
function roundTripCounter(pool: pg.Pool): { record: <T>(work: () => Promise<T>) => Promise<{ result: T; roundTrips: number; writes: number }> } {
  const watched = new WeakSet<object>();
  let recording = false;
  let roundTrips = 0;
  let writes = 0;
  let answered = true;
  pool.on('acquire', (client) => {
    const stream = (client as unknown as { connection: { stream: Socket } }).connection.stream;
    if (watched.has(stream)) return;
    watched.add(stream);
    const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
    stream.write = ((...args: unknown[]) => {
      if (recording && answered) {
        roundTrips += 1;
        answered = false;
      }
      return write(...args);
    }) as Socket['write'];
    // Node's stream hands a socket's buffered writes to _writev (several) or _write (one).
    const flushes = stream as unknown as { _write: (...args: unknown[]) => void; _writev?: (...args: unknown[]) => void };
    const writeOne = flushes._write.bind(stream);
    flushes._write = (...args: unknown[]) => {
      if (recording) writes += 1;
      writeOne(...args);
    };
    const writeMany = flushes._writev?.bind(stream);
    if (writeMany) {
      flushes._writev = (...args: unknown[]) => {
        if (recording) writes += 1;
        writeMany(...args);
      };
    }
    stream.prependListener('data', () => {
      answered = true;
    });
  });
  return {
    async record(work) {
      recording = true;
      roundTrips = 0;
      writes = 0;
      answered = true;
      try {
        return { result: await work(), roundTrips, writes };
      } finally {
        recording = false;
      }
    },
  };
}

describe('round trips of a batch', () => {
  it('costs two round trips of one write each on the pipelined ingest connections however many alerts it raises, one more per alert elsewhere', async () => {
    const org = await newOrg('round-trips');
    await activateTestRules(org.orgId, [{ key: 'big', expr: 'amount >= 1000.0', weight: 100 }]);
    let n = 0;
    const batchOf = (count: number) =>
      itemsFor(
        org,
        Array.from({ length: count }, () => {
          n += 1;
          return parseEventInput({
            type: 'transfer',
            idempotency_key: `rt-${n}`,
            occurred_at: new Date(Date.parse('2026-07-03T10:00:00.000Z') + n * 1000).toISOString(),
            amount: { value: 5000, currency: 'EUR' },
            source: { entity_id: `payer-${n}` },
            destination: { entity_id: `payee-${n}` },
          });
        }),
        () => 'sync',
      );
    const pipelined = ingestPoolFor(getPool());
    const plain = new pg.Pool({ connectionString: databaseUrl(), max: 1 });
    try {
      for (const [name, pool, expected] of [
        // BEGIN and locks with the counters; events, five alerts and COMMIT.
        ['pipelined', pipelined, 2],
        // BEGIN and locks, counters, events, five alerts, COMMIT.
        ['plain', plain, 9],
      ] as const) {
        const counter = roundTripCounter(pool);
        await commitBatch(pool, getDb(), await batchOf(1)); // opens the connection
        const { result, roundTrips, writes } = await counter.record(async () => commitBatch(pool, getDb(), await batchOf(5)));
        expect(result.map((r) => (r instanceof Error ? r.message : r.mode === 'sync' && r.decision.decision))).toEqual(Array(5).fill('block'));
        expect(result.every((r) => !(r instanceof Error) && r.mode === 'sync' && r.decision.alertId !== null)).toBe(true);
        expect({ name, roundTrips, writes }).toEqual({ name, roundTrips: expected, writes: expected });
      }
    } finally {
      await plain.end();
    }
  });
});

describe('several instances', () => {
  it('stores one event when two instances receive the same idempotency key at once', async () => {
    const org = await newOrg();
    const [first, second] = [new Instance(), new Instance()];
    try {
      await Promise.all([first.until('ready'), second.until('ready')]);
      // Both instances' batches wait on the entity's lock held here, then race for it.
      const holder = await getPool().connect();
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT pg_advisory_xact_lock($1)', [entityLockKey(org.orgId, 'twice-src').toString()]);
        const at = '2026-07-04T10:00:00.000Z';
        first.send(org, 'sync', [transfer('same-key', 'twice-src', 'twice-dst', at), transfer('first-own', 'twice-src', 'x1', at)]);
        second.send(org, 'sync', [transfer('same-key', 'twice-src', 'twice-dst', at), transfer('second-own', 'twice-src', 'x2', at)]);
        await untilWaitingOnLocks(2, 'pg_advisory_xact_lock');
        await holder.query('COMMIT');
      } finally {
        holder.release();
      }
      await Promise.all([first.until('done'), second.until('done')]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
    const same = [...first.answers(), ...second.answers()].filter((a) => a.key === 'same-key');
    expect(same.map((a) => a.ok)).toEqual([true, true]);
    expect(same.map((a) => a.replay).sort()).toEqual([false, true]);
    expect(same[0]?.eventId).toBe(same[1]?.eventId);
    const stored = await getPool().query<{ idempotency_key: string; n: number }>(
      'SELECT idempotency_key, count(*)::int AS n FROM events WHERE org_id = $1 GROUP BY 1 ORDER BY 1',
      [org.orgId],
    );
    expect(stored.rows).toEqual([
      { idempotency_key: 'first-own', n: 1 },
      { idempotency_key: 'same-key', n: 1 },
      { idempotency_key: 'second-own', n: 1 },
    ]);
    // The three events of the entity counted each other exactly once, in the order they were stored.
    const counts = await getPool().query<{ c: number }>(
      "SELECT (features->>'txn_count_24h')::int AS c FROM events WHERE org_id = $1 ORDER BY seq",
      [org.orgId],
    );
    expect(counts.rows.map((r) => r.c)).toEqual([1, 2, 3]);
  }, 120_000);

  it('leaves all or nothing of a batch when its process is killed, and a retry with the same keys completes it', async () => {
    const org = await newOrg();
    const instance = new Instance();
    const at = Date.parse('2026-07-05T10:00:00.000Z');
    // All are paid to one shop, so they are stored in order, those sent while the first is being stored
    // in one batch. The last, a first payment of 9,500 by a new entity, is put on review by the built-in
    // rules and raises an alert; the others are allowed and are written before its alert is.
    const bodies = Array.from({ length: 12 }, (_, i) => ({
      ...transfer(`kill-${i}`, i === 11 ? 'newcomer' : `payer-${i % 3}`, 'kill-shop', new Date(at + i * 1000).toISOString()),
      ...(i === 11 ? { amount: { value: 9_500, currency: 'EUR' } } : {}),
    }));
    let answeredBeforeKill: string[] = [];
    let storedMidway: string[] = [];
    let writers: number[] = [];
    try {
      await instance.until('ready');
      // Hold the organisation's alert counter: the batch writes its events, then waits here to number its alert.
      const holder = await getPool().connect();
      try {
        await holder.query('BEGIN');
        await holder.query("INSERT INTO org_counters (org_id, name, value) VALUES ($1, 'alert', 0) ON CONFLICT (org_id, name) DO UPDATE SET value = org_counters.value", [
          org.orgId,
        ]);
        instance.send(org, 'sync', bodies);
        // The statement that joins or raises the alert (its start names current_alert) waits for the counter.
        writers = await untilWaitingOnLocks(1, 'current_alert');
        storedMidway = await storedKeys(org.orgId);
        await instance.kill();
        answeredBeforeKill = instance.answers().map((a) => a.key);
      } finally {
        await holder.query('ROLLBACK');
        holder.release();
      }
    } finally {
      await instance.kill();
    }
    // The killed process's batch was sent with its COMMIT (lib/events/ingest-batch.ts). Once the counter
    // is free the server either commits it, having read the COMMIT already, or rolls it back, having
    // found the client gone: wait until it has done one or the other, that is until the session that was
    // writing the batch has ended (the statements after the waiting one, the COMMIT among them, may still
    // be running when that one is done).
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { rows } = await getPool().query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = ANY($1::int[])', [writers]);
      if (rows[0]?.n === 0) break;
      if (Date.now() > deadline) throw new Error('the killed instance\'s session did not end');
      await new Promise((r) => setTimeout(r, 20));
    }
    // Stored midway: exactly the events answered before the kill, those of the batches that committed.
    expect(storedMidway).toEqual([...answeredBeforeKill].sort());
    expect(storedMidway).not.toContain('kill-11');
    // The batch that was writing held allowed events too (sent together, they queue behind the first).
    expect(storedMidway.length).toBeLessThan(11);
    // After the kill, the batch that was writing is there whole (the alerting event and the allowed
    // events that shared its transaction) or not at all: never a part of it.
    const afterKill = await storedKeys(org.orgId);
    expect(afterKill.filter((k) => storedMidway.includes(k))).toEqual(storedMidway);
    const added = afterKill.filter((k) => !storedMidway.includes(k));
    if (added.length > 0) {
      // Committed: the alerting event with its alert, and the allowed events of its transaction.
      const { rows } = await getPool().query<{ transactions: number; alerted: number }>(
        `SELECT count(DISTINCT e.xmin::text)::int AS transactions,
                count(*) FILTER (WHERE e.idempotency_key = 'kill-11' AND d.alert_id IS NOT NULL)::int AS alerted
         FROM events e LEFT JOIN decisions d ON d.org_id = e.org_id AND d.event_id = e.id
         WHERE e.org_id = $1 AND e.idempotency_key = ANY($2::text[])`,
        [org.orgId, added],
      );
      expect({ added: added.length > 1, ...rows[0] }).toEqual({ added: true, transactions: 1, alerted: 1 });
    }

    const retried = await Promise.all(
      bodies.map((b) => ingestEvent(getDb(), actorOf(org), { event: parseEventInput(b), mode: 'sync' })),
    );
    expect(retried.map((r) => r.replay)).toEqual(bodies.map((b) => afterKill.includes(b.idempotency_key)));
    expect(retried.filter((r) => r.mode === 'sync' && r.decision.decision !== 'allow').length).toBeGreaterThan(0);
    const stored = await getPool().query<{ n: number; keys: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT idempotency_key)::int AS keys FROM events WHERE org_id = $1',
      [org.orgId],
    );
    expect(stored.rows[0]).toEqual({ n: 12, keys: 12 });
    // Sent again, every key answers as stored.
    const again = await Promise.all(bodies.map((b) => ingestEvent(getDb(), actorOf(org), { event: parseEventInput(b), mode: 'sync' })));
    expect(again.every((r) => r.replay)).toBe(true);
  }, 120_000);
});
