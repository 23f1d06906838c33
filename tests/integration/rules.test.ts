import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as audit from '@/app/v1/audit/route';
import * as events from '@/app/v1/events/route';
import * as rules from '@/app/v1/rules/route';
import * as activate from '@/app/v1/rules/[id]/activate/route';
import { getDb } from '@/db/client';
import { ruleVersions } from '@/db/schema';
import { systemActor } from '@/lib/auth/actor';
import { createKey } from '@/lib/keys/create-key';
import { activeRuleSet, invalidateRuleSet } from '@/lib/rules/active-rule-set';
import { bumpRuleSetVersion } from '@/lib/rules/bump-rule-set';
import { BUILTIN_PACK } from '@/lib/scoring/builtin-pack';
import { call, newOrg, type TestOrg } from '../support/api';
import { activateTestRules } from '../support/rules';

const KEY_MESSAGE = 'key must be lowercase letters, digits and underscores, starting with a letter';
const WEIGHT_MESSAGE = 'weight must be between 1 and 100';
const DETAIL_MESSAGE = 'detail is required';

const valid = { key: 'big_payment', expr: 'amount >= 1000.0', weight: 40, detail: 'A payment of 1,000 or more.' };

const draft = (key: string, body: unknown) => call(rules.POST, { method: 'POST', path: '/v1/rules', key, body });
const list = (key: string, query = '') => call(rules.GET, { path: `/v1/rules${query}`, key });
const activateAs = (key: string, id: string) =>
  call(activate.POST, { method: 'POST', path: `/v1/rules/${id}/activate`, key, params: { id } });

/** A second API key of the organisation: the colleague who approves. */
async function secondKey(org: TestOrg): Promise<{ key: string; keyId: string }> {
  const { key, secret } = await createKey(getDb(), systemActor(org.orgId), { name: 'approver' });
  return { key: secret, keyId: key.id };
}

async function activeVersions(orgId: string, key: string) {
  return getDb()
    .select({ version: ruleVersions.version })
    .from(ruleVersions)
    .where(and(eq(ruleVersions.orgId, orgId), eq(ruleVersions.key, key), eq(ruleVersions.status, 'active')));
}

describe('POST /v1/rules validation', () => {
  it('answers the interface message for every bad key, including the 2..64 length', async () => {
    const org = await newOrg();
    for (const key of [undefined, '', 'a', 'x'.repeat(65), 'Big_payment', 'BIG', '1rule', '_rule', 'big-payment', 'big payment', 'rulé', 42, null]) {
      const r = await draft(org.key, { ...valid, key });
      expect(r.status, String(key)).toBe(400);
      expect(r.json).toEqual({ error: KEY_MESSAGE });
    }
    for (const key of ['ab', 'r2', `a${'b'.repeat(63)}`, 'a_1_b']) {
      const r = await draft(org.key, { ...valid, key });
      expect(r.status, key).toBe(201);
      expect(r.json.key).toBe(key);
    }
  });

  it('answers the interface message for weights outside 1..100, not whole or not numbers', async () => {
    const org = await newOrg();
    for (const weight of [0, 101, -5, 1.5, 99.9, '40', null, undefined, true]) {
      const r = await draft(org.key, { ...valid, weight });
      expect(r.status, String(weight)).toBe(400);
      expect(r.json).toEqual({ error: WEIGHT_MESSAGE });
    }
    for (const weight of [1, 100]) expect((await draft(org.key, { ...valid, weight })).status).toBe(201);
  });

  it('answers `detail is required` for a missing, empty, blank or non-string detail', async () => {
    const org = await newOrg();
    for (const detail of [undefined, '', '   ', 7, null]) {
      const r = await draft(org.key, { ...valid, detail });
      expect(r.status, String(detail)).toBe(400);
      expect(r.json).toEqual({ error: DETAIL_MESSAGE });
    }
  });

  it('answers the compiler: non-bool, parse and type errors prefixed with the key, and 4500 written as 4500.0', async () => {
    const org = await newOrg();
    const nonBool = await draft(org.key, { ...valid, key: 'sum_rule', expr: 'amount + 1.0' });
    expect(nonBool.status).toBe(400);
    expect(nonBool.json).toEqual({ error: 'rule sum_rule: expression must return bool' });

    const parse = await draft(org.key, { ...valid, key: 'broken', expr: 'amount >= ' });
    expect(parse.status).toBe(400);
    expect(parse.json.error).toMatch(/^rule broken: /);
    expect(parse.json.error.length).toBeGreaterThan('rule broken: '.length);

    const typeError = await draft(org.key, { ...valid, key: 'typed', expr: 'currency > 3' });
    expect(typeError.status).toBe(400);
    expect(typeError.json.error).toMatch(/^rule typed: /);

    const unknownCounter = await draft(org.key, { ...valid, key: 'counter', expr: 'features.txn_count_1h > 3' });
    expect(unknownCounter.status).toBe(400);
    expect(unknownCounter.json.error).toMatch(/^rule counter: features has no counter "txn_count_1h"/);

    const mixed = await draft(org.key, { ...valid, key: 'near_threshold', expr: 'amount >= 4500' });
    expect(mixed.status).toBe(400);
    expect(mixed.json.error).toMatch(/^rule near_threshold: /);
    expect(mixed.json.error).toContain('4500.0');

    for (const expr of [undefined, '', '  ', 12]) {
      const r = await draft(org.key, { ...valid, expr });
      expect(r.status, String(expr)).toBe(400);
      expect(r.json).toEqual({ error: 'expr is required' });
    }
    // None of the refused drafts was stored.
    expect((await list(org.key)).json.rules).toEqual([]);
  });

  it('takes subject source by default, destination when asked, and refuses anything else', async () => {
    const org = await newOrg();
    const plain = await draft(org.key, valid);
    expect(plain.status).toBe(201);
    expect(plain.json.subject).toBe('source');
    const dest = await draft(org.key, { ...valid, key: 'fan_in', expr: 'dest_features.in_senders_1h >= 10', subject: 'destination' });
    expect(dest.status).toBe(201);
    expect(dest.json.subject).toBe('destination');
    for (const subject of ['sender', '', 5, null]) {
      const r = await draft(org.key, { ...valid, subject });
      expect(r.status, String(subject)).toBe(400);
      expect(r.json).toEqual({ error: 'subject must be source or destination' });
    }
  });

  it('answers 201 with the whole rule version, authored by the caller key', async () => {
    const org = await newOrg();
    const r = await draft(org.key, valid);
    expect(r.status).toBe(201);
    // approved_by and activated_at are absent until activation.
    expect(Object.keys(r.json).sort()).toEqual(['created_at', 'created_by', 'detail', 'expr', 'id', 'key', 'status', 'subject', 'version', 'weight'].sort());
    expect(r.json).toMatchObject({
      ...valid,
      version: 1,
      subject: 'source',
      status: 'draft',
      created_by: org.keyId,
    });
    expect(r.json.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(r.json.created_at).toISOString()).toBe(r.json.created_at);
  });

  it('needs an API key', async () => {
    const r = await call(rules.POST, { method: 'POST', body: valid });
    expect(r.status).toBe(401);
    expect((await call(rules.GET)).status).toBe(401);
  });
});

describe('rule version numbers', () => {
  it('start at 1 per key and organisation and rise by one per draft', async () => {
    const org = await newOrg();
    const other = await newOrg();
    const versions = [];
    for (let i = 0; i < 3; i++) versions.push((await draft(org.key, { ...valid, weight: 10 + i })).json.version);
    expect(versions).toEqual([1, 2, 3]);
    expect((await draft(org.key, { ...valid, key: 'another' })).json.version).toBe(1);
    expect((await draft(other.key, valid)).json.version).toBe(1);
  });

  it('stay distinct and consecutive when drafts of one key are created at the same moment', async () => {
    const org = await newOrg();
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => draft(org.key, { ...valid, key: 'racing', weight: i + 1 })));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(results.map((r) => r.json.version).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    // Two at once, twice more, as the brief's smallest case.
    const pair = await Promise.all([draft(org.key, { ...valid, key: 'pair' }), draft(org.key, { ...valid, key: 'pair' })]);
    expect(pair.map((r) => r.json.version).sort()).toEqual([1, 2]);
  });
});

describe('GET /v1/rules', () => {
  it('lists every version by key then newest version first, filters by status and key, and only the caller organisation', async () => {
    const org = await newOrg();
    const other = await newOrg();
    const approver = await secondKey(org);
    await draft(org.key, { ...valid, key: 'zeta' });
    const a1 = await draft(org.key, { ...valid, key: 'alpha' });
    await draft(org.key, { ...valid, key: 'alpha_b' });
    await draft(org.key, { ...valid, key: 'alpha', weight: 50 });
    await draft(other.key, { ...valid, key: 'alpha' });
    expect((await activateAs(approver.key, a1.json.id)).status).toBe(200);

    const all = await list(org.key);
    expect(all.status).toBe(200);
    expect(Object.keys(all.json)).toEqual(['rules']);
    expect(all.json.rules.map((r: { key: string; version: number }) => `${r.key}@${r.version}`)).toEqual([
      'alpha@2',
      'alpha@1',
      'alpha_b@1',
      'zeta@1',
    ]);

    const drafts = await list(org.key, '?status=draft');
    expect(drafts.json.rules.map((r: { key: string; version: number }) => `${r.key}@${r.version}`)).toEqual(['alpha@2', 'alpha_b@1', 'zeta@1']);
    const active = await list(org.key, '?status=active');
    expect(active.json.rules.map((r: { id: string }) => r.id)).toEqual([a1.json.id]);
    expect(active.json.rules[0]).toMatchObject({ status: 'active', approved_by: approver.keyId });
    expect((await list(org.key, '?status=retired')).json.rules).toEqual([]);

    const byKey = await list(org.key, '?key=alpha');
    expect(byKey.json.rules.map((r: { version: number }) => r.version)).toEqual([2, 1]);
    const both = await list(org.key, '?key=alpha&status=draft');
    expect(both.json.rules.map((r: { version: number }) => r.version)).toEqual([2]);
    expect((await list(org.key, '?key=nothing')).json.rules).toEqual([]);

    const bad = await list(org.key, '?status=enabled');
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ error: 'status must be draft, active or retired' });

    expect((await list(other.key)).json.rules.map((r: { key: string }) => r.key)).toEqual(['alpha']);
  });
});

describe('POST /v1/rules/{id}/activate', () => {
  it('refuses the author (four-eyes), then activates for a colleague', async () => {
    const org = await newOrg();
    const approver = await secondKey(org);
    const d = await draft(org.key, valid);

    const own = await activateAs(org.key, d.json.id);
    expect(own.status).toBe(403);
    expect(own.json).toEqual({ error: 'the author of a rule cannot approve it' });
    expect((await list(org.key)).json.rules[0].status).toBe('draft');

    const ok = await activateAs(approver.key, d.json.id);
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ id: d.json.id, status: 'active', version: 1, created_by: org.keyId, approved_by: approver.keyId });
    expect(Date.parse(ok.json.activated_at)).toBeGreaterThanOrEqual(Date.parse(d.json.created_at));
  });

  it('answers 409 for an active or retired version, and retires the previous active version of the key', async () => {
    const org = await newOrg();
    const approver = await secondKey(org);
    const v1 = await draft(org.key, valid);
    const v2 = await draft(org.key, { ...valid, expr: 'amount >= 2000.0' });
    const other = await draft(org.key, { ...valid, key: 'unrelated' });
    expect((await activateAs(approver.key, v1.json.id)).status).toBe(200);
    expect((await activateAs(approver.key, other.json.id)).status).toBe(200);

    const again = await activateAs(approver.key, v1.json.id);
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ error: 'only a draft can be activated' });
    // State before four-eyes: the author asking about an active version learns it is not a draft.
    const authorAgain = await activateAs(org.key, v1.json.id);
    expect(authorAgain.status).toBe(409);
    expect(authorAgain.json).toEqual({ error: 'only a draft can be activated' });

    const second = await activateAs(approver.key, v2.json.id);
    expect(second.status).toBe(200);
    const byKey = (await list(org.key, '?key=big_payment')).json.rules;
    expect(byKey.map((r: { version: number; status: string }) => `${r.version}:${r.status}`)).toEqual(['2:active', '1:retired']);
    expect(byKey[1].approved_by).toBe(approver.keyId);
    // Other keys' active versions are untouched.
    expect((await list(org.key, '?key=unrelated')).json.rules[0].status).toBe('active');

    const retired = await activateAs(approver.key, v1.json.id);
    expect(retired.status).toBe(409);
    expect(retired.json).toEqual({ error: 'only a draft can be activated' });
  });

  it('answers 404 for an unknown id and for another organisation, and 400 in plain text for a non-UUID', async () => {
    const org = await newOrg();
    const other = await newOrg();
    const theirs = await draft(other.key, valid);
    for (const id of ['00000000-0000-4000-8000-000000000000', theirs.json.id]) {
      const r = await activateAs(org.key, id);
      expect(r.status).toBe(404);
      expect(r.json).toEqual({ error: 'rule not found' });
    }
    expect((await list(other.key)).json.rules[0].status).toBe('draft');
    const bad = await activateAs(org.key, 'not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('text/plain');
  });

  it('keeps one active version per key under concurrent activations of different drafts', async () => {
    const org = await newOrg();
    const approver = await secondKey(org);
    const third = await secondKey(org);
    for (let round = 0; round < 3; round++) {
      const a = await draft(org.key, { ...valid, weight: 10 + round });
      const b = await draft(org.key, { ...valid, weight: 20 + round });
      const results = await Promise.all([activateAs(approver.key, a.json.id), activateAs(third.key, b.json.id)]);
      for (const r of results) expect([200, 409]).toContain(r.status);
      expect(results.some((r) => r.status === 200)).toBe(true);
      expect(await activeVersions(org.orgId, 'big_payment')).toHaveLength(1);
    }
    const statuses = (await list(org.key, '?key=big_payment')).json.rules.map((r: { status: string }) => r.status);
    expect(statuses.filter((s: string) => s === 'active')).toHaveLength(1);
    expect(statuses.filter((s: string) => s === 'draft')).toHaveLength(0);
  });

  it('lets only one of two colleagues activate the same draft', async () => {
    const org = await newOrg();
    const approver = await secondKey(org);
    const third = await secondKey(org);
    const d = await draft(org.key, valid);
    const results = await Promise.all([activateAs(approver.key, d.json.id), activateAs(third.key, d.json.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.json).toEqual({ error: 'only a draft can be activated' });
  });

  it('is backed by a database constraint: a second active version of a key cannot be stored', async () => {
    const org = await newOrg();
    const approver = await secondKey(org);
    const v1 = await draft(org.key, valid);
    const v2 = await draft(org.key, valid);
    expect((await activateAs(approver.key, v1.json.id)).status).toBe(200);
    await expect(
      getDb().execute(sql`UPDATE rule_versions SET status = 'active' WHERE org_id = ${org.orgId} AND id = ${v2.json.id}`),
    ).rejects.toThrow();
    expect(await activeVersions(org.orgId, 'big_payment')).toEqual([{ version: 1 }]);
  });
});

describe('audit of rule changes', () => {
  it('writes rule.drafted, rule.activated and rule.retired with the key that acted', async () => {
    const org = await newOrg();
    const approver = await secondKey(org);
    const v1 = await draft(org.key, valid);
    const v2 = await draft(org.key, { ...valid, weight: 60 });
    await activateAs(approver.key, v1.json.id);
    await activateAs(approver.key, v2.json.id);

    const entries = async (id: string) =>
      (await call(audit.GET, { path: `/v1/audit?target_id=${id}`, key: org.key })).json.entries as {
        action: string;
        actor: string;
        actor_kind: string;
        changes: Record<string, unknown>;
      }[];
    const first = await entries(v1.json.id);
    expect(first.map((e) => e.action)).toEqual(['rule.retired', 'rule.activated', 'rule.drafted']);
    expect(first.find((e) => e.action === 'rule.drafted')).toMatchObject({
      actor: org.keyId,
      actor_kind: 'key',
      changes: { key: 'big_payment', version: 1, expr: valid.expr, weight: 40 },
    });
    expect(first.find((e) => e.action === 'rule.activated')).toMatchObject({ actor: approver.keyId, changes: { key: 'big_payment', version: 1 } });
    expect(first.find((e) => e.action === 'rule.retired')).toMatchObject({ actor: approver.keyId, changes: { replaced_by: v2.json.id } });
    expect((await entries(v2.json.id)).map((e) => e.action)).toEqual(['rule.activated', 'rule.drafted']);
  });

  it('writes nothing for a refused draft or activation', async () => {
    const org = await newOrg();
    await draft(org.key, { ...valid, expr: 'amount >= 4500' });
    const d = await draft(org.key, valid);
    await activateAs(org.key, d.json.id);
    const all = (await call(audit.GET, { path: '/v1/audit?limit=200', key: org.key })).json.entries as { action: string }[];
    expect(all.filter((e) => e.action.startsWith('rule.')).map((e) => e.action)).toEqual(['rule.drafted']);
  });
});

describe('which rules score an organisation', () => {
  it('never keeps in the cache a rule set whose load was under way when this instance activated a rule', async () => {
    const org = await newOrg();
    await activateTestRules(org.orgId, [{ key: 'first', expr: 'amount >= 1.0' }]);
    const db = getDb();
    // A load starts, and an activation on this instance invalidates before the load has finished.
    const inFlight = activeRuleSet(db, org.orgId);
    invalidateRuleSet(org.orgId);
    expect((await inFlight).rules.map((r) => r.key)).toEqual(['first']);
    // Another instance activates a rule: this one hears of it only through the version it checks.
    await db.transaction(async (tx) => {
      await tx.insert(ruleVersions).values({
        orgId: org.orgId,
        key: 'second',
        version: 1,
        expr: 'amount >= 2.0',
        weight: 10,
        detail: 'test rule second',
        subject: 'source',
        status: 'active',
        createdBy: 'test-author',
        approvedBy: 'test-approver',
        activatedAt: new Date(),
      });
      await bumpRuleSetVersion(tx, org.orgId);
    });
    // The interrupted load left nothing cached, so the next scoring reads the rules as they are now.
    expect((await activeRuleSet(db, org.orgId)).rules.map((r) => r.key).sort()).toEqual(['first', 'second']);
  });

  it('is the built-in pack until a rule of its own is active, then only its active rules', async () => {
    const org = await newOrg();
    const approver = await secondKey(org);
    const before = await activeRuleSet(getDb(), org.orgId);
    expect(before.source).toBe('builtin');
    expect(before.rules.map((r) => r.key)).toEqual(BUILTIN_PACK.map((r) => r.key));

    const d = await draft(org.key, { ...valid, key: 'own_rule', expr: 'amount == 123.45', weight: 45 });
    await draft(org.key, { ...valid, key: 'still_draft' });
    // Drafts do not score.
    expect((await activeRuleSet(getDb(), org.orgId)).source).toBe('builtin');

    await activateAs(approver.key, d.json.id);
    const after = await activeRuleSet(getDb(), org.orgId);
    expect(after.source).toBe('own');
    expect(after.rules.map((r) => `${r.key}@${r.version}`)).toEqual(['own_rule@1']);
    expect(after.rules[0]?.id).toBe(d.json.id);

    // The next scored event on this instance uses it at once.
    const scored = await call(events.POST, {
      method: 'POST',
      path: '/v1/events?mode=sync',
      key: org.key,
      body: {
        type: 'transfer',
        idempotency_key: `own-${Date.now()}`,
        occurred_at: new Date().toISOString(),
        amount: { value: 123.45, currency: 'EUR' },
        source: { entity_id: 'alice' },
        destination: { entity_id: 'bob' },
      },
    });
    expect(scored.status).toBe(200);
    expect(scored.json.reasons).toEqual([{ rule: 'own_rule', version: 1, detail: valid.detail, weight: 45 }]);
    expect(scored.json).toMatchObject({ decision: 'review', risk_score: 45 });
  });
});
