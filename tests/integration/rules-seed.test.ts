import { describe, expect, inject, it } from 'vitest';
import * as audit from '@/app/v1/audit/route';
import * as rules from '@/app/v1/rules/route';
import { getDb } from '@/db/client';
import { activeRuleSet } from '@/lib/rules/active-rule-set';
import { BUILTIN_PACK } from '@/lib/scoring/builtin-pack';
import { call, newOrg } from '../support/api';
import { runCli } from '../support/processes';

const env = () => ({ SERVICE_DATABASE_URL: inject('databaseUrl') });

describe('service-admin rules seed', () => {
  it('installs the built-in pack as active version 1 of each rule on a fresh organisation', async () => {
    const org = await newOrg('seed');
    const seeded = await runCli(['rules', 'seed', '-org', org.name], env());
    expect(seeded.code, seeded.stderr).toBe(0);
    const lines = seeded.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const printed = JSON.parse(lines[0] as string);
    expect(printed).toEqual({ org_id: org.orgId, rules: BUILTIN_PACK.map((r) => r.key) });

    const listed = (await call(rules.GET, { key: org.key })).json.rules;
    expect(listed).toHaveLength(BUILTIN_PACK.length);
    for (const pack of BUILTIN_PACK) {
      const row = listed.find((r: { key: string }) => r.key === pack.key);
      expect(row).toMatchObject({
        key: pack.key,
        version: 1,
        expr: pack.expr,
        weight: pack.weight,
        detail: pack.detail,
        subject: pack.subject,
        status: 'active',
        created_by: 'service-admin',
        approved_by: 'service-admin (seed)',
      });
      expect(row.activated_at).toEqual(expect.any(String));
    }

    // The organisation is now scored by its own (stored) rules.
    const set = await activeRuleSet(getDb(), org.orgId);
    expect(set.source).toBe('own');
    expect(set.rules.every((r) => r.id !== undefined)).toBe(true);

    const entries = (await call(audit.GET, { path: '/v1/audit?action=rule.activated&limit=200', key: org.key })).json.entries;
    expect(entries).toHaveLength(BUILTIN_PACK.length);
    expect(entries[0]).toMatchObject({ actor: 'service-admin', actor_kind: 'system', changes: { seeded: true, version: 1 } });

    // A second seed is refused, and nothing changes.
    const again = await runCli(['rules', 'seed', '-org', org.orgId], env());
    expect(again.code).not.toBe(0);
    expect(again.stdout).toBe('');
    expect(again.stderr).toContain(`organisation ${org.orgId} already has ${BUILTIN_PACK.length} rule versions`);
    expect((await call(rules.GET, { key: org.key })).json.rules).toHaveLength(BUILTIN_PACK.length);
  });

  it('refuses an organisation that has any rule version, even a single draft', async () => {
    const org = await newOrg('seed-used');
    const d = await call(rules.POST, {
      method: 'POST',
      key: org.key,
      body: { key: 'own_rule', expr: 'amount > 0.0', weight: 10, detail: 'own' },
    });
    expect(d.status).toBe(201);
    const r = await runCli(['rules', 'seed', '-org', org.orgId], env());
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('already has 1 rule version;');
    expect(r.stderr).toContain('rules seed works only on an organisation with none');
    expect((await call(rules.GET, { key: org.key })).json.rules.map((x: { key: string }) => x.key)).toEqual(['own_rule']);
  });

  it('refuses an unknown organisation and a missing -org', async () => {
    const unknown = await runCli(['rules', 'seed', '-org', 'no-such-org'], env());
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('organisation not found: no-such-org');
    const missing = await runCli(['rules', 'seed'], env());
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('-org is required');
  });
});
