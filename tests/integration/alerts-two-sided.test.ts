import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as alertById from '@/app/v1/alerts/[id]/route';
import * as decisionById from '@/app/v1/decisions/[id]/route';
import { getDb } from '@/db/client';
import { alerts, auditLog } from '@/db/schema';
import { call, newOrg, type TestOrg } from '../support/api';
import { payment, postEventOk } from '../support/events';
import { activateTestRules } from '../support/rules';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const base = Date.parse('2026-03-02T09:00:00.000Z');
const at = (offsetMs: number) => new Date(base + offsetMs).toISOString();

async function alertsOf(org: TestOrg) {
  return getDb().select().from(alerts).where(eq(alerts.orgId, org.orgId)).orderBy(asc(alerts.number));
}

async function alertOn(org: TestOrg, entityId: string) {
  const rows = (await alertsOf(org)).filter((r) => r.entityId === entityId);
  expect(rows, `one alert on ${entityId}`).toHaveLength(1);
  return rows[0] as (typeof rows)[number];
}

async function auditOf(org: TestOrg, alertId: string) {
  return getDb()
    .select({ action: auditLog.action, actor: auditLog.actor, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.orgId, org.orgId), eq(auditLog.targetId, alertId)))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
}

const getAlert = (org: TestOrg, id: string) => call(alertById.GET, { key: org.key, params: { id } });
const getDecision = (org: TestOrg, id: string) => call(decisionById.GET, { key: org.key, params: { id } });

/**
 * `sent` (source) fires from 100 and `received` (destination) from 200: a payment of 150 fires only
 * the source side, one of 250 fires both sides.
 */
async function orgWithSides(label: string, weights: { source: number; destination: number }): Promise<TestOrg> {
  const org = await newOrg(label);
  await activateTestRules(org.orgId, [
    { key: 'sent', expr: 'amount >= 100.0', weight: weights.source, subject: 'source' },
    { key: 'received', expr: 'amount >= 200.0', weight: weights.destination, subject: 'destination' },
  ]);
  return org;
}

describe('an event on which source and destination rules both fire', () => {
  it('puts the event on an alert of each side; on a tie the decision names the source alert', async () => {
    const org = await orgWithSides('tie', { source: 40, destination: 40 });
    const r = await postEventOk(org, payment('sender', 'receiver', 250, at(0)));
    expect(r.json).toMatchObject({ decision: 'block', risk_score: 80 });

    const sent = await alertOn(org, 'sender');
    const received = await alertOn(org, 'receiver');
    expect((await alertsOf(org)).length).toBe(2);
    expect(r.json.alert_id).toBe(sent.id);
    expect((await getDecision(org, r.json.id)).json.alert_id).toBe(sent.id);

    // Each side per the event's decision: a block starts a high alert, pointing at the decision.
    for (const row of [sent, received]) {
      expect(row).toMatchObject({ status: 'open', priority: 'high', occurrences: 1, riskScore: 80, decisionId: r.json.id, eventId: r.json.event_id });
      expect(row.lastEventAt.toISOString()).toBe(at(0));
      expect(row.dueAt.getTime() - row.createdAt.getTime()).toBe(24 * HOUR);
    }
    expect(sent.number).toBe(1);
    expect(received.number).toBe(2);

    const shown = await getAlert(org, received.id);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.json).toMatchObject({
      decision: 'block',
      risk_score: 80,
      decision_id: r.json.id,
      event_id: r.json.event_id,
      occurrences: 1,
      source: { id: 'receiver' },
      event: { type: 'transfer', occurred_at: at(0), source_id: 'sender' },
    });

    // The receiver's alert lists the event through its audit entry, like any other alert.
    const entries = await auditOf(org, received.id);
    expect(entries).toEqual([
      {
        action: 'alert.raised',
        actor: org.keyId,
        changes: { number: 2, priority: 'high', decision_id: r.json.id, decision: 'block', entity_id: 'receiver' },
      },
    ]);
    expect((await auditOf(org, sent.id)).map((e) => e.action)).toEqual(['alert.raised']);
  });

  it('names the destination alert in the decision when the destination rules weigh more', async () => {
    const org = await orgWithSides('dest-heavier', { source: 20, destination: 30 });
    const r = await postEventOk(org, payment('payer', 'mule', 250, at(0)));
    expect(r.json).toMatchObject({ decision: 'review', risk_score: 50 });

    const mule = await alertOn(org, 'mule');
    const payer = await alertOn(org, 'payer');
    expect(r.json.alert_id).toBe(mule.id);
    expect((await getDecision(org, r.json.id)).json.alert_id).toBe(mule.id);
    // One decision: the source's alert is medium like the destination's, and counts the event.
    expect(mule).toMatchObject({ priority: 'medium', occurrences: 1, decisionId: r.json.id });
    expect(payer).toMatchObject({ priority: 'medium', occurrences: 1, decisionId: r.json.id, eventId: r.json.event_id });
    expect(payer.dueAt.getTime() - payer.createdAt.getTime()).toBe(72 * HOUR);
    expect((await auditOf(org, payer.id))[0]).toMatchObject({
      action: 'alert.raised',
      changes: { priority: 'medium', decision_id: r.json.id, decision: 'review', entity_id: 'payer' },
    });
  });

  it('joins the other side\'s open alert: occurrences rise, a block lifts it to high, last_event_at and the best decision follow', async () => {
    const org = await orgWithSides('join', { source: 40, destination: 40 });
    // The receiver's alert starts with a payment it sent (source rule only: review, medium).
    const own = await postEventOk(org, payment('receiver', 'elsewhere', 150, at(0)));
    expect(own.json.decision).toBe('review');
    const before = await alertOn(org, 'receiver');
    expect(before).toMatchObject({ priority: 'medium', occurrences: 1, decisionId: own.json.id });

    const both = await postEventOk(org, payment('sender', 'receiver', 250, at(HOUR)));
    expect(both.json).toMatchObject({ decision: 'block', risk_score: 80 });
    const sender = await alertOn(org, 'sender');
    expect(both.json.alert_id).toBe(sender.id);

    const after = await alertOn(org, 'receiver');
    expect(after.id).toBe(before.id);
    expect(after).toMatchObject({ priority: 'high', occurrences: 2, riskScore: 80, decisionId: both.json.id, eventId: both.json.event_id });
    expect(after.lastEventAt.toISOString()).toBe(at(HOUR));
    expect(after.dueAt.getTime() - after.createdAt.getTime()).toBe(24 * HOUR);
    const shown = await getAlert(org, after.id);
    expect(shown.json).toMatchObject({ occurrences: 2, priority: 'high', decision_id: both.json.id, last_event_at: at(HOUR) });

    const entries = await auditOf(org, after.id);
    expect(entries.map((e) => e.action)).toEqual(['alert.raised', 'alert.decision_added']);
    expect(entries[1]?.changes).toEqual({
      decision_id: both.json.id,
      decision: 'block',
      occurrences: 2,
      priority: { from: 'medium', to: 'high' },
    });
  });

  it('keeps one alert when the source and the destination are the same entity', async () => {
    const org = await orgWithSides('self', { source: 40, destination: 40 });
    const r = await postEventOk(org, payment('self', 'self', 250, at(0)));
    const rows = await alertsOf(org);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: r.json.alert_id, entityId: 'self', occurrences: 1 });
  });

  it('raises structuring on the sender and fan-in on the receiver with the built-in pack', async () => {
    const org = await newOrg('builtin');
    // Two near-threshold payments elsewhere, then nine other senders pay the mule within the hour.
    for (const [i, to] of ['shop-1', 'shop-2'].entries()) {
      expect((await postEventOk(org, payment('smurf', to, 4600, at(i * MINUTE)))).json.decision).toBe('allow');
    }
    for (let i = 1; i <= 9; i += 1) {
      expect((await postEventOk(org, payment(`payer-${i}`, 'mule', 100, at((2 + i) * MINUTE)))).json.decision).toBe('allow');
    }
    const r = await postEventOk(org, payment('smurf', 'mule', 4600, at(20 * MINUTE)));
    expect(r.json.reasons.map((x: { rule: string }) => x.rule).sort()).toEqual(['fan_in_1h', 'structuring']);
    expect(r.json.decision).toBe('block');

    const smurf = await alertOn(org, 'smurf');
    const mule = await alertOn(org, 'mule');
    expect(r.json.alert_id).toBe(smurf.id);
    expect(mule).toMatchObject({ priority: 'high', occurrences: 1, decisionId: r.json.id });
  });
});
