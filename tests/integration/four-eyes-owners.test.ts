import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import * as closure from '@/app/v1/alerts/[id]/closure/route';
import * as approveClosureRoute from '@/app/v1/alerts/[id]/closure/approve/route';
import * as events from '@/app/v1/events/route';
import * as keysRoute from '@/app/v1/keys/route';
import * as activateRoute from '@/app/v1/rules/[id]/activate/route';
import * as rulesRoute from '@/app/v1/rules/route';
import * as approveResolutionRoute from '@/app/v1/screenings/[id]/resolutions/[resolution_id]/approve/route';
import * as resolutionsRoute from '@/app/v1/screenings/[id]/resolutions/route';
import * as screeningsRoute from '@/app/v1/screenings/route';
import { getDb } from '@/db/client';
import { approveClosure } from '@/lib/alerts/approve-closure';
import { requestClosure } from '@/lib/alerts/request-closure';
import { systemActor } from '@/lib/auth/actor';
import type { PersonActor } from '@/lib/auth/person-actor';
import { createKey } from '@/lib/keys/create-key';
import { createPerson } from '@/lib/people/create-person';
import { activateRule } from '@/lib/rules/activate-rule';
import { createRuleDraft } from '@/lib/rules/create-rule-draft';
import { approveResolution } from '@/lib/screening/approve-resolution';
import { checkListFile } from '@/lib/screening/list-file';
import { refreshScreeningIndex } from '@/lib/screening/list-index';
import { loadScreeningList } from '@/lib/screening/load-list';
import { call, newOrg, type CallResult, type TestOrg } from '../support/api';
import { runCli } from '../support/processes';
import { activateTestRules } from '../support/rules';

const OWN_CLOSURE = 'the person who requested closure cannot approve it';
const AUTHOR = 'the author of a rule cannot approve it';
const OWN_CLEARING = "the person who cleared a match can't approve it";

// A made-up name no other test file's list holds.
const CODE = `owners-${randomUUID().slice(0, 8)}`;

let org: TestOrg;

beforeAll(async () => {
  org = await newOrg('owners');
  await activateTestRules(org.orgId, [{ key: 'big', expr: 'amount >= 100.0', weight: 60 }]);
  const file = checkListFile({
    code: CODE,
    name: 'Owners test list',
    version: 'v1',
    entries: [{ ref: 'O-1', kind: 'person', name: 'Wendelgard Trossmayer', category: 'sanctions' }],
  });
  await loadScreeningList(getDb(), file);
  await refreshScreeningIndex(getDb());
});

function expectError(r: CallResult, status: number, message: string) {
  expect(r.status, r.text).toBe(status);
  expect(r.json).toEqual({ error: message });
}

/** A key minted through POST /v1/keys by `by`. */
async function mint(by: TestOrg, name: string): Promise<TestOrg> {
  const r = await call(keysRoute.POST, { method: 'POST', path: '/v1/keys', key: by.key, body: { name } });
  expect(r.status, r.text).toBe(201);
  return { ...by, key: r.json.key, keyId: r.json.id };
}

/** Another key made by the command line: an owner of its own, a real second actor. */
async function colleagueKey(name = 'colleague'): Promise<TestOrg> {
  const { key, secret } = await createKey(getDb(), systemActor(org.orgId), { name });
  return { ...org, key: secret, keyId: key.id };
}

async function person(role: 'analyst' | 'reviewer' | 'admin'): Promise<PersonActor & { email: string }> {
  const { person: p } = await createPerson(getDb(), systemActor(org.orgId), {
    email: `${role}-${randomUUID().slice(0, 8)}@example.test`,
    name: `A ${role}`,
    role,
  });
  return { orgId: org.orgId, actorId: p.id, actorKind: 'person', role: p.role, email: p.email };
}

/** A key a person made in the console (the console's action calls createKey with the person as actor). */
async function consoleKey(of: PersonActor, name = 'my integration'): Promise<TestOrg> {
  const { key, secret } = await createKey(getDb(), of, { name });
  return { ...org, key: secret, keyId: key.id };
}

async function raiseAlert(as: TestOrg): Promise<string> {
  const r = await call(events.POST, {
    method: 'POST',
    path: '/v1/events?mode=sync',
    key: as.key,
    body: {
      type: 'transfer',
      idempotency_key: randomUUID(),
      occurred_at: '2026-03-01T12:00:00.000Z',
      amount: { value: 500, currency: 'EUR' },
      source: { entity_id: `src-${randomUUID()}` },
      destination: { entity_id: 'payee' },
    },
  });
  expect(r.status, r.text).toBe(200);
  expect(r.json.alert_id).toBeTruthy();
  return r.json.alert_id as string;
}

const requestClosureAs = (as: TestOrg, id: string) =>
  call(closure.POST, { method: 'POST', key: as.key, params: { id }, body: { disposition: 'false_positive' } });
const approveClosureAs = (as: TestOrg, id: string) => call(approveClosureRoute.POST, { method: 'POST', key: as.key, params: { id } });

async function draftRule(as: TestOrg): Promise<string> {
  const r = await call(rulesRoute.POST, {
    method: 'POST',
    path: '/v1/rules',
    key: as.key,
    body: { key: `never_${randomUUID().slice(0, 8).replace(/-/g, '')}`, expr: 'amount < 0.0', weight: 10, detail: 'Never fires.' },
  });
  expect(r.status, r.text).toBe(201);
  return r.json.id as string;
}
const activateAs = (as: TestOrg, id: string) => call(activateRoute.POST, { method: 'POST', key: as.key, params: { id } });

/** A screening with one match, cleared as a false positive by `as`: the resolution waits for approval. */
async function clearedMatch(as: TestOrg): Promise<{ screeningId: string; resolutionId: string }> {
  const s = await call(screeningsRoute.POST, { method: 'POST', key: as.key, body: { name: 'Wendelgard Trossmayer', kind: 'person' } });
  expect(s.status, s.text).toBe(200);
  expect(s.json.matches.map((m: { entry_ref: string }) => m.entry_ref)).toEqual(['O-1']);
  const r = await call(resolutionsRoute.POST, {
    method: 'POST',
    key: as.key,
    params: { id: s.json.id },
    body: { list: CODE, entry_ref: 'O-1', outcome: 'false_positive', note: 'different date of birth' },
  });
  expect(r.status, r.text).toBe(200);
  expect(r.json.status).toBe('pending_approval');
  return { screeningId: s.json.id, resolutionId: r.json.id };
}
const approveClearingAs = (as: TestOrg, m: { screeningId: string; resolutionId: string }) =>
  call(approveResolutionRoute.POST, { method: 'POST', key: as.key, params: { id: m.screeningId, resolution_id: m.resolutionId } });

describe('key owners', () => {
  it('a minted key inherits the owner of the key that made it, down a chain of mints, and records show it', async () => {
    const first = await colleagueKey('integration');
    const shadow = await mint(first, 'shadow');
    const shadowOfShadow = await mint(shadow, 'shadow of shadow');
    const list = await call(keysRoute.GET, { path: '/v1/keys?limit=200', key: first.key });
    expect(list.status).toBe(200);
    const byId = new Map(list.json.keys.map((k: { id: string; owner: unknown }) => [k.id, k.owner]));
    expect(byId.get(first.keyId)).toEqual({ kind: 'key', id: first.keyId });
    expect(byId.get(shadow.keyId)).toEqual({ kind: 'key', id: first.keyId });
    expect(byId.get(shadowOfShadow.keyId)).toEqual({ kind: 'key', id: first.keyId });

    const admin = await person('admin');
    const mine = await consoleKey(admin);
    const mintedByMine = await mint(mine, 'minted by a person key');
    const again = await call(keysRoute.GET, { path: '/v1/keys?limit=200', key: first.key });
    const owners = new Map(again.json.keys.map((k: { id: string; owner: unknown }) => [k.id, k.owner]));
    expect(owners.get(mine.keyId)).toEqual({ kind: 'person', id: admin.actorId });
    expect(owners.get(mintedByMine.keyId)).toEqual({ kind: 'person', id: admin.actorId });
  });

  it('an owner can only be named by the command line, and must be an active person of the organisation', async () => {
    const admin = await person('admin');
    await expect(createKey(getDb(), admin, { name: 'x', ownerEmail: 'someone@example.test' })).rejects.toThrow(
      'only the command line can name a key owner',
    );
    await expect(createKey(getDb(), systemActor(org.orgId), { name: 'x', ownerEmail: 'nobody@example.test' })).rejects.toThrow(
      'owner must be the email of an active person of the organisation',
    );
    const other = await newOrg('owners-other');
    const { person: stranger } = await createPerson(getDb(), systemActor(other.orgId), {
      email: `stranger-${randomUUID().slice(0, 8)}@example.test`,
      name: 'Stranger',
      role: 'admin',
    });
    await expect(createKey(getDb(), systemActor(org.orgId), { name: 'x', ownerEmail: stranger.email })).rejects.toThrow(
      'owner must be the email of an active person of the organisation',
    );
  });
});

describe('four-eyes compares owners: a key it minted is not a second person', () => {
  it('alert closure: the minted key cannot approve, a colleague can', async () => {
    const first = await colleagueKey('k1');
    const shadow = await mint(first, 'k1-shadow');
    const alertId = await raiseAlert(first);
    expect((await requestClosureAs(first, alertId)).status).toBe(200);
    expectError(await approveClosureAs(shadow, alertId), 403, OWN_CLOSURE);
    expectError(await approveClosureAs(await mint(shadow, 'k1-shadow-2'), alertId), 403, OWN_CLOSURE);
    const approved = await approveClosureAs(await colleagueKey(), alertId);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json.status).toBe('closed');
  });

  it('rule activation: the minted key cannot activate its creator’s draft (nor the creator its minted key’s)', async () => {
    const first = await colleagueKey('k1');
    const shadow = await mint(first, 'k1-shadow');
    const byFirst = await draftRule(first);
    expectError(await activateAs(shadow, byFirst), 403, AUTHOR);
    const byShadow = await draftRule(shadow);
    expectError(await activateAs(first, byShadow), 403, AUTHOR);
    const activated = await activateAs(await colleagueKey(), byFirst);
    expect(activated.status, activated.text).toBe(200);
    expect(activated.json.status).toBe('active');
  });

  it('screening clearance: the minted key cannot approve its creator’s clearing', async () => {
    const first = await colleagueKey('k1');
    const shadow = await mint(first, 'k1-shadow');
    const match = await clearedMatch(first);
    expectError(await approveClearingAs(shadow, match), 403, OWN_CLEARING);
    const approved = await approveClearingAs(await colleagueKey(), match);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json.status).toBe('final');
  });
});

describe('four-eyes compares owners: a person and their own keys are one actor', () => {
  it('alert closure, both ways', async () => {
    // An admin: only admins make keys in the console, and they may also approve.
    const admin = await person('admin');
    const hisKey = await consoleKey(admin);

    // Requested through the key, approved by the same person in the console.
    const viaKey = await raiseAlert(hisKey);
    expect((await requestClosureAs(hisKey, viaKey)).status).toBe(200);
    await expect(approveClosure(getDb(), admin, viaKey)).rejects.toThrow(OWN_CLOSURE);

    // Requested in the console, approved through the person's key.
    const viaConsole = await raiseAlert(org);
    await requestClosure(getDb(), admin, viaConsole, { disposition: 'false_positive' });
    expectError(await approveClosureAs(hisKey, viaConsole), 403, OWN_CLOSURE);
    // A key the person's key minted is still the person.
    expectError(await approveClosureAs(await mint(hisKey, 'his minted key'), viaConsole), 403, OWN_CLOSURE);

    // Another person approves both.
    const colleague = await person('reviewer');
    expect((await approveClosure(getDb(), colleague, viaKey)).status).toBe('closed');
    expect((await approveClosure(getDb(), colleague, viaConsole)).status).toBe('closed');
  });

  it('rule activation and screening clearance, both ways', async () => {
    const admin = await person('admin');
    const hisKey = await consoleKey(admin);

    const draftedByKey = await draftRule(hisKey);
    await expect(activateRule(getDb(), admin, draftedByKey)).rejects.toThrow(AUTHOR);
    const draftedInConsole = await createRuleDraft(getDb(), admin, {
      key: `console_${randomUUID().slice(0, 8).replace(/-/g, '')}`,
      expr: 'amount < 0.0',
      weight: 5,
      detail: 'Never fires.',
    });
    expectError(await activateAs(hisKey, draftedInConsole.id), 403, AUTHOR);

    const clearedByKey = await clearedMatch(hisKey);
    await expect(approveResolution(getDb(), admin, clearedByKey.screeningId, clearedByKey.resolutionId)).rejects.toThrow(OWN_CLEARING);

    const colleague = await person('admin');
    expect((await activateRule(getDb(), colleague, draftedByKey)).status).toBe('active');
    expect((await approveResolution(getDb(), colleague, clearedByKey.screeningId, clearedByKey.resolutionId)).status).toBe('final');
  });

  it('service-admin keys create -owner EMAIL makes a key of that person', async () => {
    const reviewer = await person('reviewer');
    const made = await runCli(['keys', 'create', '-org', org.orgId, '-name', 'cli key', '-owner', reviewer.email.toUpperCase()], {
      SERVICE_DATABASE_URL: inject('databaseUrl'),
    });
    expect(made.code, made.stderr).toBe(0);
    const key = JSON.parse(made.stdout.trim()) as { id: string; key: string; owner: unknown };
    expect(key.owner).toEqual({ kind: 'person', id: reviewer.actorId });

    const cliKey: TestOrg = { ...org, key: key.key, keyId: key.id };
    const alertId = await raiseAlert(org);
    await requestClosure(getDb(), reviewer, alertId, { disposition: 'false_positive' });
    expectError(await approveClosureAs(cliKey, alertId), 403, OWN_CLOSURE);

    const unknown = await runCli(['keys', 'create', '-org', org.orgId, '-name', 'x', '-owner', 'nobody@example.test'], {
      SERVICE_DATABASE_URL: inject('databaseUrl'),
    });
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('owner must be the email of an active person of the organisation');
    expect(unknown.stdout).toBe('');
  });
});
