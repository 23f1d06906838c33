import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import * as readyz from '@/app/readyz/route';
import * as alerts from '@/app/v1/alerts/route';
import * as keyById from '@/app/v1/keys/[id]/route';
import * as keys from '@/app/v1/keys/route';
import { closeDb, getDb } from '@/db/client';
import { alerts as alertsTable, apiKeys, auditLog, decisions, events } from '@/db/schema';
import { reloadSettings } from '@/lib/config';
import { call, newOrg, type CallResult } from '../support/api';
import { payment, postEvent, postEventOk } from '../support/events';
import { activateTestRules } from '../support/rules';

// PostgreSQL restarting or failing over: requests caught in it answer 503 with Retry-After, their
// transaction is rolled back, and a retry with the same idempotency key stores exactly one event.

const UNAVAILABLE = { error: 'the database is unavailable; retry shortly' };

function expectUnavailable(r: CallResult): void {
  expect(r.status, r.text).toBe(503);
  expect(r.headers.get('retry-after')).toBe('1');
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  expect(r.json).toEqual(UNAVAILABLE);
  expect(r.headers.get('x-request-id')).toBeTruthy();
}

/**
 * Runs `request` while a second connection holds a lock it needs (`lock` takes it), waits until the
 * request's backend queues behind that lock, then terminates that backend, as a restart or a failover
 * would drop the connection mid-request. The lock is released afterwards.
 */
async function dropConnectionMidRequest(lock: (blocker: pg.Client) => Promise<void>, request: () => Promise<CallResult>): Promise<CallResult> {
  const blocker = new pg.Client({ connectionString: process.env.SERVICE_DATABASE_URL });
  await blocker.connect();
  try {
    const { rows } = await blocker.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const blockerPid = rows[0]?.pid;
    await lock(blocker);
    const answer = request();
    let waiting: number | undefined;
    for (let i = 0; i < 500 && waiting === undefined; i++) {
      const found = await blocker.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE $1::int = ANY (pg_blocking_pids(pid))', [blockerPid]);
      waiting = found.rows[0]?.pid;
      if (waiting === undefined) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(waiting, 'the request waits on the lock').toBeDefined();
    const killed = await blocker.query<{ done: boolean }>('SELECT pg_terminate_backend($1) AS done', [waiting]);
    expect(killed.rows[0]?.done).toBe(true);
    return await answer;
  } finally {
    await blocker.query('ROLLBACK').catch(() => undefined);
    await blocker.end();
  }
}

describe('a connection dropped mid-request (PostgreSQL restarting, failing over)', () => {
  it('answers 503 with Retry-After: 1 for an event caught in it; the retry with the same idempotency key stores exactly one event and one decision', async () => {
    const org = await newOrg('db-away-events');
    await activateTestRules(org.orgId, [{ key: 'large', expr: 'amount >= 1000.0', weight: 50 }]);
    const first = await postEventOk(org, payment('acct-away', 'acct-other', 5000, '2026-03-01T10:00:00.000Z'));
    expect(first.json).toMatchObject({ decision: 'review', alert_id: expect.any(String) });
    const alertId = first.json.alert_id as string;

    // The second event joins the open alert: its transaction has stored the event row when it queues
    // behind the alert's row lock, so the drop must roll that row back.
    const second = payment('acct-away', 'acct-other', 7000, '2026-03-01T10:05:00.000Z');
    const caught = await dropConnectionMidRequest(
      async (blocker) => {
        await blocker.query('BEGIN');
        await blocker.query('SELECT id FROM alerts WHERE org_id = $1 AND id = $2 FOR UPDATE', [org.orgId, alertId]);
      },
      () => postEvent(org, second),
    );
    expectUnavailable(caught);

    const retried = await postEventOk(org, second);
    expect(retried.json).toMatchObject({ decision: 'review', alert_id: alertId });
    const again = await postEventOk(org, second);
    expect(again.json.id).toBe(retried.json.id);

    const stored = await getDb()
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.orgId, org.orgId), eq(events.idempotencyKey, second.idempotency_key)));
    expect(stored).toHaveLength(1);
    const decided = await getDb()
      .select({ id: decisions.id })
      .from(decisions)
      .where(and(eq(decisions.orgId, org.orgId), inArray(decisions.eventId, stored.map((e) => e.id))));
    expect(decided.map((d) => d.id)).toEqual([retried.json.id]);
    const [alert] = await getDb().select().from(alertsTable).where(and(eq(alertsTable.orgId, org.orgId), eq(alertsTable.id, alertId)));
    expect(alert?.occurrences).toBe(2);
  });

  it('answers 503 for a change in a Drizzle transaction caught in it, and the retry applies the change once', async () => {
    const org = await newOrg('db-away-keys');
    const made = await call(keys.POST, { method: 'POST', path: '/v1/keys', key: org.key, body: { name: 'to revoke' } });
    expect(made.status).toBe(201);
    const target = made.json.id as string;
    const revoke = () => call(keyById.DELETE, { method: 'DELETE', path: `/v1/keys/${target}`, key: org.key, params: { id: target } });

    // The revocation locks the organisation's active keys first: it queues behind this lock.
    const caught = await dropConnectionMidRequest(async (blocker) => {
      await blocker.query('BEGIN');
      await blocker.query('SELECT id FROM api_keys WHERE org_id = $1 AND id = $2 FOR UPDATE', [org.orgId, org.keyId]);
    }, revoke);
    expectUnavailable(caught);
    const [still] = await getDb().select().from(apiKeys).where(and(eq(apiKeys.orgId, org.orgId), eq(apiKeys.id, target)));
    expect(still?.revokedAt).toBeNull();

    const retried = await revoke();
    expect(retried.status, retried.text).toBe(200);
    const entries = await getDb()
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.orgId, org.orgId), eq(auditLog.action, 'key.revoked'), eq(auditLog.targetId, target)));
    expect(entries).toHaveLength(1);
  });
});

describe('the database unreachable', () => {
  let restoreUrl: string | undefined;

  afterEach(async () => {
    if (restoreUrl === undefined) return;
    await closeDb();
    process.env.SERVICE_DATABASE_URL = restoreUrl;
    restoreUrl = undefined;
    reloadSettings();
  });

  it('answers 503 with Retry-After: 1 on /v1 and 503 on /readyz, and serves again once it is back', async () => {
    const org = await newOrg('db-away-down');
    expect((await call(readyz.GET, { path: '/readyz' })).status).toBe(200);

    // Nothing listens on port 9 (discard): every connection attempt is refused, as while PostgreSQL restarts.
    restoreUrl = process.env.SERVICE_DATABASE_URL;
    await closeDb();
    const down = new URL(restoreUrl as string);
    down.port = '9';
    process.env.SERVICE_DATABASE_URL = down.toString();
    reloadSettings();

    expectUnavailable(await call(alerts.GET, { path: '/v1/alerts', key: org.key }));
    const event = payment('acct-down', null, 10, '2026-03-01T10:00:00.000Z');
    expectUnavailable(await postEvent(org, event));
    const ready = await call(readyz.GET, { path: '/readyz' });
    expect(ready.status).toBe(503);
    expect(ready.json).toMatchObject({ ready: false, database: 'unreachable' });

    await closeDb();
    process.env.SERVICE_DATABASE_URL = restoreUrl;
    restoreUrl = undefined;
    reloadSettings();
    expect((await call(readyz.GET, { path: '/readyz' })).status).toBe(200);
    expect((await postEvent(org, event)).status).toBe(200);
    expect((await postEvent(org, event)).status).toBe(200);
    const stored = await getDb()
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.orgId, org.orgId), eq(events.idempotencyKey, event.idempotency_key)));
    expect(stored).toHaveLength(1);
  });
});
