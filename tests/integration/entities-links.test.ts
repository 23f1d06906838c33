import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as entitiesRoute from '@/app/v1/entities/route';
import * as entityRoute from '@/app/v1/entities/[...id]/route';
import * as events from '@/app/v1/events/route';
import { getDb } from '@/db/client';
import { call, newOrg, type TestOrg } from '../support/api';
import { activateTestRules } from '../support/rules';

const HOUR = 3_600_000;
const base = Date.parse('2026-03-01T12:00:00.000Z');
const at = (offsetMs: number) => new Date(base + offsetMs).toISOString();
const h = (hours: number) => at(hours * HOUR);

let seq = 0;
function payment(from: string, to: string, value: number, occurredAt: string, extra: Record<string, unknown> = {}) {
  seq += 1;
  return {
    type: 'transfer',
    idempotency_key: `lnk-${seq}-${Math.random().toString(36).slice(2)}`,
    occurred_at: occurredAt,
    amount: { value, currency: 'EUR' },
    source: { entity_id: from },
    destination: { entity_id: to },
    ...extra,
  };
}
function login(who: string, device: string, occurredAt: string) {
  seq += 1;
  return { type: 'login', idempotency_key: `lnk-${seq}-${Math.random().toString(36).slice(2)}`, occurred_at: occurredAt, source: { entity_id: who }, device: { id: device } };
}

const send = (org: TestOrg, body: unknown, mode: 'sync' | 'async' = 'async') =>
  call(events.POST, { method: 'POST', path: `/v1/events?mode=${mode}`, key: org.key, body });
const register = (org: TestOrg, body: unknown) => call(entitiesRoute.POST, { method: 'POST', path: '/v1/entities', key: org.key, body });
const linksOf = async (org: TestOrg, id: string) => {
  const r = await call(entityRoute.GET, { path: `/v1/entities/${encodeURIComponent(id)}/links`, key: org.key });
  expect(r.status).toBe(200);
  return r.json.links as Record<string, unknown>[];
};
const brief = (links: Record<string, unknown>[]) => links.map((l) => `${l.relation as string}:${l.entity_id as string}${l.via ? `@${l.via as string}` : ''}`);
const setAlertStatus = (org: TestOrg, alertId: string, status: string) =>
  getDb().execute(sql`UPDATE alerts SET status = ${status}, updated_at = now() WHERE org_id = ${org.orgId} AND id = ${alertId}`);

describe('GET /v1/entities/{id}/links', () => {
  it('answers every relation, shares_device through a device two customers used, and kind and name of the linked entity', async () => {
    const org = await newOrg();
    await register(org, { id: 'bob', kind: 'customer', attributes: { name: 'Bob Brown' } });
    await register(org, { id: 'phone-1', kind: 'device', attributes: { model: 'X' } });
    await send(org, payment('alice', 'bob', 100, h(1)));
    await send(org, payment('carol', 'alice', 50, h(2)));
    await send(org, login('alice', 'phone-1', h(3)));
    await send(org, login('dave', 'phone-1', h(4)));
    // A login names no counterparty, so it links no payment.
    await send(org, { ...login('alice', 'phone-2', h(0)), destination: { entity_id: 'eve' } });

    const alice = await linksOf(org, 'alice');
    expect(alice).toEqual([
      { entity_id: 'dave', relation: 'shares_device', via: 'phone-1', first_seen: h(4), last_seen: h(4) },
      { entity_id: 'phone-1', kind: 'device', relation: 'uses_device', first_seen: h(3), last_seen: h(3) },
      { entity_id: 'carol', relation: 'paid_by', first_seen: h(2), last_seen: h(2) },
      { entity_id: 'bob', kind: 'customer', name: 'Bob Brown', relation: 'paid', first_seen: h(1), last_seen: h(1) },
      { entity_id: 'phone-2', relation: 'uses_device', first_seen: h(0), last_seen: h(0) },
    ]);
    expect(brief(await linksOf(org, 'phone-1'))).toEqual(['device_user:dave', 'device_user:alice']);
    expect(brief(await linksOf(org, 'dave'))).toEqual(['shares_device:alice@phone-1', 'uses_device:phone-1']);
    expect(brief(await linksOf(org, 'bob'))).toEqual(['paid_by:alice']);
    expect(brief(await linksOf(org, 'carol'))).toEqual(['paid:alice']);
    expect(brief(await linksOf(org, 'eve'))).toEqual([]);
    expect(await linksOf(org, 'no-such-entity')).toEqual([]);

    // A payment made from a device records both the payment and the device use.
    await send(org, payment('dave', 'bob', 5, h(6), { device: { id: 'phone-1' } }));
    expect(brief(await linksOf(org, 'dave'))).toEqual(['paid:bob', 'shares_device:alice@phone-1', 'uses_device:phone-1']);
    // alice's sharing with dave is now last seen at dave's latest use of the device.
    expect((await linksOf(org, 'alice'))[0]).toMatchObject({ entity_id: 'dave', relation: 'shares_device', first_seen: h(4), last_seen: h(6) });
  });

  it('keeps first and last seen by occurred_at when events arrive out of order', async () => {
    const org = await newOrg();
    await send(org, payment('ann', 'ben', 10, h(5)));
    await send(org, payment('ann', 'ben', 10, h(1)));
    await send(org, payment('ann', 'ben', 10, h(3)));
    await send(org, login('ann', 'tab', h(6)));
    await send(org, login('ann', 'tab', h(2)));
    await send(org, login('cat', 'tab', h(4)));
    await send(org, login('cat', 'tab', h(1)));
    await send(org, login('cat', 'tab', h(3)));

    expect(await linksOf(org, 'ann')).toEqual([
      { entity_id: 'cat', relation: 'shares_device', via: 'tab', first_seen: h(2), last_seen: h(6) },
      { entity_id: 'tab', relation: 'uses_device', first_seen: h(2), last_seen: h(6) },
      { entity_id: 'ben', relation: 'paid', first_seen: h(1), last_seen: h(5) },
    ]);
    expect(await linksOf(org, 'ben')).toEqual([{ entity_id: 'ann', relation: 'paid_by', first_seen: h(1), last_seen: h(5) }]);
    expect(await linksOf(org, 'tab')).toEqual([
      { entity_id: 'ann', relation: 'device_user', first_seen: h(2), last_seen: h(6) },
      { entity_id: 'cat', relation: 'device_user', first_seen: h(1), last_seen: h(4) },
    ]);
    expect(await linksOf(org, 'cat')).toEqual([
      { entity_id: 'ann', relation: 'shares_device', via: 'tab', first_seen: h(2), last_seen: h(6) },
      { entity_id: 'tab', relation: 'uses_device', first_seen: h(1), last_seen: h(4) },
    ]);
    const ann = await call(entityRoute.GET, { path: '/v1/entities/ann', key: org.key });
    expect(ann.json.last_seen).toBe(h(6));
  });

  it('shows the linked entity open alert while it is open or in review, and drops it once closed', async () => {
    const org = await newOrg();
    await activateTestRules(org.orgId, [
      { key: 'big', expr: 'amount >= 1000.0', weight: 50 },
      { key: 'huge', expr: 'amount >= 100000.0', weight: 50 },
    ]);
    await send(org, payment('payer', 'mule', 10, h(1)), 'sync');
    expect((await linksOf(org, 'payer'))[0]).not.toHaveProperty('open_alert');

    const review = await send(org, payment('mule', 'sink', 5000, h(2)), 'sync');
    expect(review.json.decision).toBe('review');
    const [alert] = (
      await getDb().execute<{ id: string; number: number }>(sql`SELECT id, number FROM alerts WHERE org_id = ${org.orgId} AND id = ${review.json.alert_id}`)
    ).rows;
    expect((await linksOf(org, 'payer'))[0]).toMatchObject({
      entity_id: 'mule',
      relation: 'paid',
      open_alert: { id: review.json.alert_id, number: alert?.number, priority: 'medium' },
    });
    // The alert is on mule, so sink's link to mule shows it, and mule's own links show none of its own.
    expect((await linksOf(org, 'sink'))[0]).toMatchObject({ entity_id: 'mule', open_alert: { id: review.json.alert_id } });
    expect((await linksOf(org, 'mule')).every((l) => !('open_alert' in l))).toBe(true);

    await setAlertStatus(org, review.json.alert_id, 'in_review');
    expect((await linksOf(org, 'payer'))[0]).toMatchObject({ open_alert: { id: review.json.alert_id } });
    await setAlertStatus(org, review.json.alert_id, 'pending_closure');
    expect((await linksOf(org, 'payer'))[0]).not.toHaveProperty('open_alert');
    await setAlertStatus(org, review.json.alert_id, 'closed');
    expect((await linksOf(org, 'payer'))[0]).not.toHaveProperty('open_alert');

    // A block starts a new, high alert after the first closed.
    const block = await send(org, payment('mule', 'sink', 500000, h(3)), 'sync');
    expect(block.json.decision).toBe('block');
    expect(block.json.alert_id).not.toBe(review.json.alert_id);
    expect((await linksOf(org, 'payer'))[0]).toMatchObject({ open_alert: { id: block.json.alert_id, priority: 'high' } });
    expect((await linksOf(org, 'payer'))[0]?.open_alert).toEqual({ id: block.json.alert_id, number: (alert?.number ?? 0) + 1, priority: 'high' });
    await setAlertStatus(org, block.json.alert_id, 'closed');
    expect((await linksOf(org, 'payer'))[0]).not.toHaveProperty('open_alert');
  });

  it('answers at most 50 links, most recently seen first, with ties broken by relation and id', async () => {
    const org = await newOrg();
    for (let i = 0; i < 60; i++) await send(org, payment('hub', `cp-${String(i).padStart(2, '0')}`, 10, h(i)));
    await send(org, payment('hub', 'tie-b', 10, h(100)));
    await send(org, payment('hub', 'tie-a', 10, h(100)));
    await send(org, payment('tie-a', 'hub', 10, h(100)));

    const links = await linksOf(org, 'hub');
    expect(links).toHaveLength(50);
    expect(brief(links.slice(0, 3))).toEqual(['paid:tie-a', 'paid:tie-b', 'paid_by:tie-a']);
    expect(links.slice(3).map((l) => l.entity_id)).toEqual(Array.from({ length: 47 }, (_, k) => `cp-${String(59 - k).padStart(2, '0')}`));
    const times = links.map((l) => Date.parse(l.last_seen as string));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('caps shared-device links too, ordering users who share at our last use by id', async () => {
    const org = await newOrg();
    await send(org, login('me', 'kiosk', h(100)));
    for (let i = 0; i < 55; i++) await send(org, login(`u-${String(54 - i).padStart(2, '0')}`, 'kiosk', h(i)));
    await send(org, login('u-late', 'kiosk', h(200)));

    const links = await linksOf(org, 'me');
    expect(links).toHaveLength(50);
    expect(links[0]).toEqual({ entity_id: 'u-late', relation: 'shares_device', via: 'kiosk', first_seen: h(200), last_seen: h(200) });
    // Everyone else shares it as of our last use (100 h), so id order decides; our own uses_device sorts after.
    expect(links.slice(1).map((l) => l.entity_id)).toEqual(Array.from({ length: 49 }, (_, k) => `u-${String(k).padStart(2, '0')}`));
    expect(links.slice(1).every((l) => l.relation === 'shares_device' && l.last_seen === h(100))).toBe(true);
    expect(links[1]).toMatchObject({ entity_id: 'u-00', first_seen: h(100) });
    expect(links.some((l) => l.entity_id === 'me')).toBe(false);
  });
});
