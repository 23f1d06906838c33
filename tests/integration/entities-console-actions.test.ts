import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { auditLog, entities } from '@/db/schema';
import { systemActor } from '@/lib/auth/actor';
import { entityGraph } from '@/lib/entities/entity-graph';
import { getEntity } from '@/lib/entities/get-entity';
import { openAlertsAround } from '@/lib/entities/open-alerts-around';
import { registerEntity } from '@/lib/entities/register-entity';
import { newOrg, type TestOrg } from '../support/api';
import { form, orgWithAlertRule, redirectedTo } from '../support/console';
import { payment, postEventOk } from '../support/events';
import { signedIn } from '../support/people';

// Server actions read the signed-in person from the request's cookie (next/headers) and revalidate
// pages (next/cache); outside a Next.js request both are stood in for: the cookie is the real session
// cookie of a person signed in through Auth.js, so requirePerson() resolves a live session as in the app.
let cookie = '';
vi.mock('next/headers', () => ({
  headers: async () => new Headers(cookie ? { cookie } : {}),
}));
vi.mock('next/cache', () => ({ revalidatePath: vi.fn() }));

const actions = await import('@/app/(console)/entities/actions');

type Person = Awaited<ReturnType<typeof signedIn>>;
const db = () => getDb();
const as = (p: Person) => {
  cookie = p.cookie;
};
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

async function redirectOf(run: Promise<unknown>): Promise<string | null> {
  try {
    await run;
  } catch (err) {
    return redirectedTo(err);
  }
  return null;
}

async function auditOf(orgId: string, entityId: string) {
  return db()
    .select({ actor: auditLog.actor, actorKind: auditLog.actorKind, action: auditLog.action, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.orgId, orgId), eq(auditLog.targetType, 'entity'), eq(auditLog.targetId, entityId)))
    .orderBy(auditLog.at);
}

describe('console entity actions', () => {
  let org: TestOrg;
  let other: TestOrg;
  let analyst: Person;
  let reviewer: Person;
  let admin: Person;

  beforeAll(async () => {
    org = await newOrg('console-entities');
    other = await newOrg('console-entities-other');
    [analyst, reviewer, admin] = await Promise.all([signedIn(org.orgId, 'analyst'), signedIn(org.orgId, 'reviewer'), signedIn(org.orgId, 'admin')]);
  });

  it('send a browser with no session to sign-in and change nothing', async () => {
    const id = `cust-${randomUUID()}`;
    await registerEntity(db(), systemActor(org.orgId), { id, kind: 'customer', attributes: { name: 'Ana' } });
    cookie = '';
    expect(await redirectOf(actions.saveEntityAction({}, form({ entity_id: id, kind: 'customer', 'attr.name': 'Changed' })))).toMatch(/\/sign-in/);
    expect((await getEntity(db(), systemActor(org.orgId), id)).entity.attributes).toEqual({ name: 'Ana' });
  });

  it('save attributes: analysts, reviewers and admins alike, each change audited with the person as actor', async () => {
    const id = `cust-${randomUUID()}`;
    await registerEntity(db(), systemActor(org.orgId), { id, kind: 'customer', attributes: { name: 'Ana', risk: { level: 2 } } });
    for (const [i, p] of [analyst, reviewer, admin].entries()) {
      as(p);
      const state = await actions.saveEntityAction({}, form({ entity_id: id, kind: 'customer', 'attr.name': `Ana ${i}`, 'attr.risk': '{"level":3}', 'json.risk': '1' }));
      expect(state).toEqual({ ok: true });
      const entries = await auditOf(org.orgId, id);
      expect(entries.at(-1)).toMatchObject({ actor: p.person.id, actorKind: 'person', action: 'entity.updated' });
      const expected = i === 0 ? { attributes: { name: { from: 'Ana', to: 'Ana 0' }, risk: { from: { level: 2 }, to: { level: 3 } } } } : { attributes: { name: { from: `Ana ${i - 1}`, to: `Ana ${i}` } } };
      expect(entries.at(-1)?.changes).toEqual(expected);
    }
    const saved = await getEntity(db(), systemActor(org.orgId), id);
    expect(saved.entity.attributes).toEqual({ name: 'Ana 2', risk: { level: 3 } });
    // Saving what is stored changes nothing and writes no audit entry.
    const before = (await auditOf(org.orgId, id)).length;
    as(analyst);
    expect(await actions.saveEntityAction({}, form({ entity_id: id, kind: 'customer', 'attr.name': 'Ana 2' }))).toEqual({ ok: true });
    expect(await auditOf(org.orgId, id)).toHaveLength(before);
  });

  it('add an attribute, refuse JSON that does not parse and a value with no name, beside their fields', async () => {
    const id = `acct-${randomUUID()}`;
    await registerEntity(db(), systemActor(org.orgId), { id, kind: 'account', attributes: { limits: [1, 2] } });
    as(analyst);
    expect(await actions.saveEntityAction({}, form({ entity_id: id, kind: 'account', 'attr.limits': '[1, 2', 'json.limits': '1' }))).toEqual({
      fieldErrors: { 'attr.limits': 'limits must be JSON, as it was stored' },
    });
    expect(await actions.saveEntityAction({}, form({ entity_id: id, kind: 'account', new_value: 'orphan' }))).toEqual({ fieldErrors: { new_name: 'name the new attribute' } });
    expect(await actions.saveEntityAction({}, form({ entity_id: id, kind: 'nonsense' }))).toEqual({ fieldErrors: { kind: 'choose a kind' } });
    expect(await actions.saveEntityAction({}, form({ entity_id: id, kind: 'account', new_name: 'iban', new_value: 'ES91 2100 0418 4502 0005 1332' }))).toEqual({ ok: true });
    expect((await getEntity(db(), systemActor(org.orgId), id)).entity.attributes).toEqual({ limits: [1, 2], iban: 'ES91 2100 0418 4502 0005 1332' });
    expect((await auditOf(org.orgId, id)).map((e) => e.action)).toEqual(['entity.registered', 'entity.updated']);
  });

  it('register a placeholder an event created: it gets its kind, and the audit says registered', async () => {
    const payee = `payee-${randomUUID()}`;
    await postEventOk(org, payment(`src-${randomUUID()}`, payee, 20, minutesAgo(5)));
    const placeholder = await getEntity(db(), systemActor(org.orgId), payee);
    expect(placeholder.entity).toMatchObject({ registered: false, kind: null });
    as(reviewer);
    expect(await actions.saveEntityAction({}, form({ entity_id: payee, kind: 'counterparty', new_name: 'name', new_value: 'Shop SL' }))).toEqual({ ok: true });
    const registered = await getEntity(db(), systemActor(org.orgId), payee);
    expect(registered.entity).toMatchObject({ registered: true, kind: 'counterparty', attributes: { name: 'Shop SL' } });
    expect(await auditOf(org.orgId, payee)).toEqual([
      { actor: reviewer.person.id, actorKind: 'person', action: 'entity.registered', changes: { kind: { from: null, to: 'counterparty' }, attributes: { name: { from: null, to: 'Shop SL' } } } },
    ]);
  });

  it('another organisation’s entity, and an id nobody has, are not found: nothing is created or changed anywhere', async () => {
    const foreign = `cust-${randomUUID()}`;
    await registerEntity(db(), systemActor(other.orgId), { id: foreign, kind: 'customer', attributes: { name: 'Theirs' } });
    as(admin);
    for (const id of [foreign, `nobody-${randomUUID()}`, '']) {
      expect(await actions.saveEntityAction({}, form({ entity_id: id, kind: 'customer', 'attr.name': 'Mine now' }))).toEqual({ message: 'entity not found' });
      const rows = await db().select().from(entities).where(and(eq(entities.orgId, org.orgId), eq(entities.id, id)));
      expect(rows).toEqual([]);
    }
    expect((await getEntity(db(), systemActor(other.orgId), foreign)).entity.attributes).toEqual({ name: 'Theirs' });
    expect(await auditOf(org.orgId, foreign)).toEqual([]);
    expect((await auditOf(other.orgId, foreign)).map((e) => e.actorKind)).toEqual(['system']);
  });
});

describe('the entity graph and the alerts around an entity, from stored links', () => {
  it('counts a hub’s payers, reads its most recent ones, draws a shared device’s other users and the next ring on request', async () => {
    const org = await orgWithAlertRule('entity-graph');
    const actor = systemActor(org.orgId);
    const shop = `shop-${randomUUID()}`;
    const payers = Array.from({ length: 15 }, (_, i) => `payer-${i}-${randomUUID()}`);
    for (const [i, payer] of payers.entries()) await postEventOk(org, payment(payer, shop, 20 + i, minutesAgo(100 - i)));
    // The first payer shares a device with someone who never paid the shop, and pays a third party.
    const device = `dev-${randomUUID()}`;
    const friend = `friend-${randomUUID()}`;
    const third = `third-${randomUUID()}`;
    await postEventOk(org, payment(payers[0] as string, third, 10, minutesAgo(50), { device: { id: device } }));
    await postEventOk(org, payment(friend, null, 10, minutesAgo(40), { device: { id: device } }));
    const raised = await postEventOk(org, payment(friend, `x-${randomUUID()}`, 500, minutesAgo(30)));

    const graph = await entityGraph(db(), actor, shop);
    const entityNodes = graph.nodes.filter((n) => n.type === 'entity');
    expect(entityNodes).toHaveLength(13);
    // The 12 most recent payers, newest first; the 3 others counted.
    expect(entityNodes.slice(1).map((n) => n.entityId)).toEqual(payers.slice(3).reverse());
    expect(graph.nodes.find((n) => n.type === 'more')).toMatchObject({ label: '+ 3 more payers', more: { count: 3, relation: 'paid_by', from: shop } });

    const opened = await entityGraph(db(), actor, shop, { expanded: [{ relation: 'paid_by', from: shop, steps: 1 }] });
    expect(opened.nodes.filter((n) => n.type === 'entity')).toHaveLength(16);
    expect(opened.nodes.some((n) => n.type === 'more')).toBe(false);

    const first = await entityGraph(db(), actor, payers[0] as string);
    const keys = first.nodes.map((n) => n.key);
    expect(keys).toEqual(expect.arrayContaining([shop, third, device, friend]));
    expect(first.edges.find((e) => e.source === device && e.target === friend)?.label).toBe('device used by');
    expect(first.nodes.find((n) => n.key === friend)?.openAlerts).toBe(1);

    const ring = await entityGraph(db(), actor, third, { nextRing: true });
    expect(ring.nodes.map((n) => n.key)).toEqual(expect.arrayContaining([payers[0], shop]));
    expect((await entityGraph(db(), actor, third)).nodes.map((n) => n.key)).not.toContain(shop);

    const around = await openAlertsAround(db(), actor, payers[0] as string, first.nodes.map((n) => n.entityId));
    expect(around).toEqual([expect.objectContaining({ id: raised.json.alert_id, entityId: friend, linked: true })]);

    // Another organisation sees none of it.
    const stranger = systemActor((await newOrg('entity-graph-other')).orgId);
    expect((await entityGraph(db(), stranger, shop)).nodes.map((n) => n.key)).toEqual([shop]);
    expect(await openAlertsAround(db(), stranger, payers[0] as string, [friend])).toEqual([]);
  });
});
