// The nightly CTR build with an injected clock: the previous UTC day's batch at SERVICE_CTR_AT and never twice, a
// missed hour caught up when the scheduler starts, and two schedulers (two instances) at once building one batch.
// Rounds are limited to this file's organisations, since other suites share the database.
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, getPool } from '@/db/client';
import { auditLog, ctrBatches } from '@/db/schema';
import { systemActor } from '@/lib/auth/actor';
import { buildCtrBatch } from '@/lib/reports/ctr/build-batch';
import { CTR_NIGHTLY_LOCK_KEY, dueCtrDay, startCtrNightly } from '@/lib/reports/ctr/nightly';
import { FILING_WORKER_LOCK_KEY } from '@/lib/filing/worker';
import { newOrg } from '../support/api';
import { seedEvents } from '../support/ctr';
import { withSettings } from '../support/str';

const batchesOf = (orgId: string) => getDb().select().from(ctrBatches).where(eq(ctrBatches.orgId, orgId)).orderBy(asc(ctrBatches.date));

const builtAudit = (orgId: string) =>
  getDb()
    .select({ actor: auditLog.actor, actorKind: auditLog.actorKind, targetId: auditLog.targetId, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.orgId, orgId), eq(auditLog.action, 'ctr.built')));

/** A clock the test moves. */
function clock(start: string) {
  let now = new Date(start);
  return { now: () => now, set: (t: string) => (now = new Date(t)) };
}

describe('nightly CTR build', { timeout: 60_000 }, () => {
  it('names the day due: yesterday from the hour on, the day before until then', () => {
    expect(dueCtrDay(new Date('2026-11-21T00:59:59.999Z'), 60)).toBe('2026-11-19');
    expect(dueCtrDay(new Date('2026-11-21T01:00:00.000Z'), 60)).toBe('2026-11-20');
    expect(dueCtrDay(new Date('2026-11-21T23:59:00.000Z'), 60)).toBe('2026-11-20');
    expect(dueCtrDay(new Date('2026-01-01T00:00:00.000Z'), 0)).toBe('2025-12-31');
    expect(dueCtrDay(new Date('2026-03-01T00:30:00.000Z'), 45)).toBe('2026-02-27');
  });

  it('builds the previous UTC day at SERVICE_CTR_AT by system, once, however often it checks; a day without events gets no batch', async () => {
    const org = await newOrg('ctr-nightly');
    await seedEvents(org.orgId, [
      // 2026-11-18: events, none of them cash; 2026-11-19: none at all; 2026-11-20: a customer over the threshold.
      { at: '2026-11-18T12:00:00.000Z', type: 'login', amount: null },
      { at: '2026-11-20T10:00:00.000Z', type: 'cash_deposit', to: 'big-spender', amount: 12000 },
      { at: '2026-11-20T23:59:59.999Z', type: 'cash_withdrawal', from: 'big-spender', amount: 10 },
    ]);
    const restore = withSettings({ SERVICE_CTR_AT: '02:30' });
    const time = clock('2026-11-19T05:00:00.000Z');
    const nightly = startCtrNightly({ manual: true, now: time.now, orgIds: [org.orgId] });
    try {
      // A day with events but no cash over the threshold: an empty batch, the record that the day was built.
      expect(await nightly.runOnce()).toMatchObject({ locked: true, day: '2026-11-18', built: [{ orgId: org.orgId, rows: 0 }], failures: 0 });

      // Before the hour the due day is the day before yesterday; 2026-11-19 had no event: no batch.
      time.set('2026-11-21T02:29:00.000Z');
      expect(await nightly.runOnce()).toMatchObject({ locked: true, day: '2026-11-19', built: [], failures: 0 });

      time.set('2026-11-21T02:30:00.000Z');
      const atHour = await nightly.runOnce();
      expect(atHour.day).toBe('2026-11-20');
      expect(atHour.built).toEqual([expect.objectContaining({ orgId: org.orgId, rows: 2 })]);

      for (const t of ['2026-11-21T02:31:00.000Z', '2026-11-21T13:00:00.000Z', '2026-11-21T23:59:00.000Z']) {
        time.set(t);
        expect((await nightly.runOnce()).built, t).toEqual([]);
      }
    } finally {
      await nightly.stop();
      restore();
    }
    const batches = await batchesOf(org.orgId);
    expect(batches.map((b) => [b.date, b.builtBy, b.rowsTotal, b.status])).toEqual([
      ['2026-11-18', 'system', 0, 'draft'],
      ['2026-11-20', 'system', 2, 'draft'],
    ]);
    const audit = await builtAudit(org.orgId);
    expect(audit).toHaveLength(2);
    expect(audit.every((a) => a.actor === 'system' && a.actorKind === 'system')).toBe(true);
  });

  it('builds the missed day as soon as it starts after the hour (a restart that missed it)', async () => {
    const org = await newOrg('ctr-nightly-missed');
    await seedEvents(org.orgId, [{ at: '2026-11-22T08:00:00.000Z', type: 'cash_out', from: 'teller-customer', amount: 15000, currency: 'GBP' }]);
    // Started at 07:40, long after 01:00: the first check, at start, builds 2026-11-22; the next check is far away.
    const nightly = startCtrNightly({ now: () => new Date('2026-11-23T07:40:00.000Z'), atMinutes: 60, checkIntervalMs: 3_600_000, orgIds: [org.orgId] });
    try {
      await expect.poll(async () => (await batchesOf(org.orgId)).map((b) => b.date), { timeout: 10_000, interval: 50 }).toEqual(['2026-11-22']);
    } finally {
      await nightly.stop();
    }
    const [batch] = await batchesOf(org.orgId);
    expect(batch).toMatchObject({ builtBy: 'system', rowsTotal: 1 });
  });

  it('builds a day once with two schedulers at once (one holds the lock), and the unique index holds even without it', async () => {
    const org = await newOrg('ctr-nightly-two');
    await seedEvents(org.orgId, [{ at: '2026-11-20T12:00:00.000Z', type: 'cash_in', to: 'twice', amount: 10000 }]);
    const now = () => new Date('2026-11-21T05:00:00.000Z');
    const a = startCtrNightly({ manual: true, now, atMinutes: 60, orgIds: [org.orgId] });
    const b = startCtrNightly({ manual: true, now, atMinutes: 60, orgIds: [org.orgId] });
    try {
      const rounds = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
      expect(rounds.flatMap((r) => r.built)).toHaveLength(1);
      expect(rounds.every((r) => r.failures === 0)).toBe(true);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect((await batchesOf(org.orgId)).map((x) => x.date)).toEqual(['2026-11-20']);
    expect(await builtAudit(org.orgId)).toHaveLength(1);

    // While another instance holds the lock a round does nothing.
    const holder = await getPool().connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1::bigint)', [CTR_NIGHTLY_LOCK_KEY.toString()]);
      const blocked = startCtrNightly({ manual: true, now: () => new Date('2026-11-25T05:00:00.000Z'), atMinutes: 60, orgIds: [org.orgId] });
      try {
        expect(await blocked.runOnce()).toMatchObject({ locked: false, built: [] });
      } finally {
        await blocked.stop();
      }
    } finally {
      await holder.query('SELECT pg_advisory_unlock($1::bigint)', [CTR_NIGHTLY_LOCK_KEY.toString()]);
      holder.release();
    }
    expect(CTR_NIGHTLY_LOCK_KEY).not.toBe(FILING_WORKER_LOCK_KEY);

    // Without the lock (two builds racing directly) the unique index on (org_id, date) still lets one win.
    const actor = systemActor(org.orgId, 'system');
    const raced = await Promise.all([1, 2, 3].map(() => buildCtrBatch(getDb(), actor, { date: '2026-11-15' }, { now })));
    expect(raced.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(raced.map((r) => r.batch.id)).size).toBe(1);
    expect((await batchesOf(org.orgId)).map((x) => [x.date, x.number])).toEqual([
      ['2026-11-15', 2],
      ['2026-11-20', 1],
    ]);
  });
});
