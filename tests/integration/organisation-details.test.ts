import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { auditLog, organisations } from '@/db/schema';
import { systemActor, type Actor } from '@/lib/auth/actor';
import type { SignedInPerson } from '@/lib/auth/authenticate-person';
import { isAllowed } from '@/lib/auth/policy';
import { ConflictError, ForbiddenError, InvalidInputError } from '@/lib/errors';
import { FILING_FIELD_WORDS } from '@/lib/orgs/schemas';
import { CHANGE_FILING_DETAILS_MESSAGE, FILING_DETAILS_RACE_MESSAGE, updateFilingDetails } from '@/lib/orgs/update-filing-details';
import { newOrg, type TestOrg } from '../support/api';
import { consolePerson, form } from '../support/console';
import { runCli } from '../support/processes';

// The organisation's filing details (institution, licence, regulator): the verb, `service-admin orgs
// update`, and the console's server action with the signed-in person mocked (no request here to carry a
// cookie) and the router's cache a no-op.
const signedIn = vi.hoisted(() => ({ person: null as SignedInPerson | null }));
vi.mock('@/lib/auth/current-person', () => ({
  currentPerson: async () => signedIn.person,
  requirePerson: async () => {
    if (!signedIn.person) throw new Error('no person signed in');
    return signedIn.person;
  },
}));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined, revalidateTag: () => undefined }));

const { updateFilingDetailsAction } = await import('@/app/(console)/settings/organisation/actions');

const as = (p: SignedInPerson) => {
  signedIn.person = p;
};

async function orgRow(orgId: string) {
  const [row] = await getDb().select().from(organisations).where(eq(organisations.id, orgId));
  if (!row) throw new Error(`no organisation ${orgId}`);
  return { name: row.name, institution: row.institution, licence: row.licence, regulator: row.regulator };
}

async function updates(orgId: string) {
  return getDb()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.orgId, orgId), eq(auditLog.action, 'organisation.updated')))
    .orderBy(auditLog.at);
}

/** The refusal `work` ends in. */
async function refusal(work: Promise<unknown>): Promise<Error> {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof Error)) throw new Error('expected a refusal, got a result');
  return err;
}

const env = () => ({ SERVICE_DATABASE_URL: inject('databaseUrl') });

describe('updateFilingDetails', () => {
  let org: TestOrg;
  let other: TestOrg;
  let admin: SignedInPerson;

  beforeAll(async () => {
    org = await newOrg('filing-details');
    other = await newOrg('filing-details-other');
    admin = await consolePerson(org.orgId, 'admin');
  });

  it("lets an admin fill in the details of an organisation made without them, one at a time, each audited with from and to; another organisation's stay as they were", async () => {
    const otherBefore = await orgRow(other.orgId);
    expect(await orgRow(org.orgId)).toMatchObject({ institution: null, licence: null, regulator: null });

    const first = await updateFilingDetails(getDb(), admin.actor, { institution: '  Northwind Savings Bank  ' });
    expect(first).toMatchObject({ id: org.orgId, name: org.name, institution: 'Northwind Savings Bank', licence: null, regulator: null });

    const second = await updateFilingDetails(getDb(), admin.actor, { licence: 'FCA-123456', regulator: 'Financial Conduct Authority' });
    expect(second).toMatchObject({ institution: 'Northwind Savings Bank', licence: 'FCA-123456', regulator: 'Financial Conduct Authority' });
    expect(await orgRow(org.orgId)).toEqual({ name: org.name, institution: 'Northwind Savings Bank', licence: 'FCA-123456', regulator: 'Financial Conduct Authority' });

    const entries = await updates(org.orgId);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      actor: admin.id,
      actorKind: 'person',
      targetType: 'organisation',
      targetId: org.orgId,
      changes: { institution: { from: null, to: 'Northwind Savings Bank' } },
    });
    expect(entries[1]?.changes).toEqual({
      licence: { from: null, to: 'FCA-123456' },
      regulator: { from: null, to: 'Financial Conduct Authority' },
    });

    // Changing one keeps the others; only what changed is in the entry.
    await updateFilingDetails(getDb(), admin.actor, { licence: 'FCA-654321', regulator: 'Financial Conduct Authority' });
    expect((await orgRow(org.orgId)).licence).toBe('FCA-654321');
    expect((await updates(org.orgId)).at(-1)?.changes).toEqual({ licence: { from: 'FCA-123456', to: 'FCA-654321' } });

    // The same values again change nothing and write no entry.
    const same = await updateFilingDetails(getDb(), admin.actor, { institution: 'Northwind Savings Bank' });
    expect(same.institution).toBe('Northwind Savings Bank');
    expect(await updates(org.orgId)).toHaveLength(3);

    expect(await orgRow(other.orgId)).toEqual(otherBefore);
    expect(await updates(other.orgId)).toHaveLength(0);
  });

  it('refuses analysts and reviewers (403) and changes nothing', async () => {
    const own = await newOrg('filing-details-roles');
    for (const role of ['analyst', 'reviewer'] as const) {
      const p = await consolePerson(own.orgId, role);
      const err = await refusal(updateFilingDetails(getDb(), p.actor, { institution: 'Mine now' }));
      expect(err).toBeInstanceOf(ForbiddenError);
      expect(err.message).toBe(CHANGE_FILING_DETAILS_MESSAGE);
    }
    expect(await orgRow(own.orgId)).toMatchObject({ institution: null, licence: null, regulator: null });
    expect(await updates(own.orgId)).toHaveLength(0);
  });

  it('lets the command line (a system actor) and, as the policy lets keys administer, an API key change them, audited under their names', async () => {
    const own = await newOrg('filing-details-system');
    await updateFilingDetails(getDb(), systemActor(own.orgId), { regulator: 'Bank of Lithuania' });
    const keyActor: Actor = { orgId: own.orgId, actorId: own.keyId, actorKind: 'key', owner: { kind: 'key', id: own.keyId } };
    expect(isAllowed(keyActor, 'administer')).toBe(true);
    await updateFilingDetails(getDb(), keyActor, { licence: 'LB-77' });
    expect(await orgRow(own.orgId)).toMatchObject({ institution: null, licence: 'LB-77', regulator: 'Bank of Lithuania' });
    const entries = await updates(own.orgId);
    expect(entries.map((e) => [e.actor, e.actorKind])).toEqual([
      ['service-admin', 'system'],
      [own.keyId, 'key'],
    ]);
  });

  it('refuses bad values with a message naming the field, in the API names or in the given words, and changes nothing', async () => {
    const own = await newOrg('filing-details-invalid');
    const sys = systemActor(own.orgId);
    const cases: [unknown, string, string | undefined][] = [
      [{}, 'give at least one of institution, licence and regulator', undefined],
      [{ name: 'Renamed' }, 'give at least one of institution, licence and regulator', undefined],
      [{ licence: '' }, 'licence must be 1 to 200 characters', 'licence'],
      [{ institution: '   ' }, 'institution must be 1 to 200 characters', 'institution'],
      [{ regulator: 'r'.repeat(201) }, 'regulator must be 1 to 200 characters', 'regulator'],
      [{ institution: 'Fine', licence: 42 }, 'licence must be 1 to 200 characters', 'licence'],
      [{ institution: null }, 'institution must be 1 to 200 characters', 'institution'],
    ];
    for (const [input, message, field] of cases) {
      const err = await refusal(updateFilingDetails(getDb(), sys, input));
      expect(err, JSON.stringify(input)).toBeInstanceOf(InvalidInputError);
      expect(err.message).toBe(message);
      expect((err as InvalidInputError).field).toBe(field);
    }
    const worded = await refusal(updateFilingDetails(getDb(), sys, { licence: 'x'.repeat(201) }, { fieldNames: FILING_FIELD_WORDS }));
    expect(worded.message).toBe('the licence number must be 1 to 200 characters');
    const none = await refusal(updateFilingDetails(getDb(), sys, {}, { fieldNames: FILING_FIELD_WORDS }));
    expect(none.message).toBe('give at least one of the institution name, the licence number and the regulator');

    expect(await orgRow(own.orgId)).toMatchObject({ institution: null, licence: null, regulator: null });
    expect(await updates(own.orgId)).toHaveLength(0);

    // 200 characters as a person counts them (code points) is the most.
    const long = '€'.repeat(199) + '🏦';
    expect((await updateFilingDetails(getDb(), sys, { institution: long })).institution).toBe(long);
  });

  it('answers 409 when the details change between its read and its write, keeping the other change', async () => {
    const own = await newOrg('filing-details-race');
    await updateFilingDetails(getDb(), systemActor(own.orgId), { licence: 'L-1' });
    const blocker = new pg.Client({ connectionString: inject('databaseUrl') });
    await blocker.connect();
    try {
      const { rows } = await blocker.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await blocker.query('BEGIN');
      await blocker.query("UPDATE organisations SET licence = 'L-2' WHERE id = $1", [own.orgId]);
      // The verb reads L-1 (the blocker has not committed), then its update waits on the row.
      const answer = refusal(updateFilingDetails(getDb(), systemActor(own.orgId), { licence: 'L-3' }));
      let waiting = false;
      for (let i = 0; i < 500 && !waiting; i++) {
        const found = await blocker.query('SELECT 1 FROM pg_stat_activity WHERE $1::int = ANY (pg_blocking_pids(pid))', [rows[0]?.pid]);
        waiting = (found.rowCount ?? 0) > 0;
        if (!waiting) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(waiting, 'the update waits on the row').toBe(true);
      await blocker.query('COMMIT');
      const err = await answer;
      expect(err).toBeInstanceOf(ConflictError);
      expect(err.message).toBe(FILING_DETAILS_RACE_MESSAGE);
    } finally {
      await blocker.query('ROLLBACK').catch(() => undefined);
      await blocker.end();
    }
    expect((await orgRow(own.orgId)).licence).toBe('L-2');
    expect((await updates(own.orgId)).map((e) => e.changes)).toEqual([{ licence: { from: null, to: 'L-1' } }]);
  });
});

describe('service-admin orgs update', () => {
  it('prints the organisation as one JSON line, by name or by id, keeping what is not given', async () => {
    const own = await newOrg('filing-details-cli');
    const byName = await runCli(['orgs', 'update', '-org', own.name, '-institution', 'Harbour Credit Union', '-regulator', 'Central Bank of Ireland'], env());
    expect(byName.code, byName.stderr).toBe(0);
    const lines = byName.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const printed = JSON.parse(lines[0] as string);
    expect(printed).toEqual({ id: own.orgId, name: own.name, institution: 'Harbour Credit Union', licence: null, regulator: 'Central Bank of Ireland' });

    const byId = await runCli(['orgs', 'update', '--org', own.orgId, '-licence=C-4242'], env());
    expect(byId.code, byId.stderr).toBe(0);
    expect(JSON.parse(byId.stdout)).toEqual({ id: own.orgId, name: own.name, institution: 'Harbour Credit Union', licence: 'C-4242', regulator: 'Central Bank of Ireland' });

    const entries = await updates(own.orgId);
    expect(entries.map((e) => [e.actor, e.actorKind])).toEqual([
      ['service-admin', 'system'],
      ['service-admin', 'system'],
    ]);
    expect(entries[1]?.changes).toEqual({ licence: { from: null, to: 'C-4242' } });
  });

  it('refuses bad flags, bad values and an unknown organisation on stderr with a non-zero status, changing nothing', async () => {
    const own = await newOrg('filing-details-cli-bad');
    const cases: [string[], string][] = [
      [['-org', own.name], 'give at least one of institution, licence and regulator'],
      [['-org', own.name, '-licence', ''], 'licence must be 1 to 200 characters'],
      [['-org', own.name, '-regulator', 'r'.repeat(201)], 'regulator must be 1 to 200 characters'],
      [['-institution', 'Somebody'], '-org is required'],
      [['-org', own.name, '-name', 'Renamed'], 'unknown flag -name'],
      [['-org', own.name, '-licence'], '-licence needs a value'],
      [['-org', 'no-such-organisation', '-licence', 'L-1'], 'organisation not found: no-such-organisation'],
    ];
    for (const [flags, message] of cases) {
      const r = await runCli(['orgs', 'update', ...flags], env());
      expect(r.code, flags.join(' ')).not.toBe(0);
      expect(r.stderr).toContain(message);
      expect(r.stdout).toBe('');
    }
    expect(await orgRow(own.orgId)).toEqual({ name: own.name, institution: null, licence: null, regulator: null });
  });
});

describe('the organisation screen’s action', () => {
  let org: TestOrg;
  let admin: SignedInPerson;
  let stranger: SignedInPerson;

  beforeAll(async () => {
    org = await newOrg('console-organisation');
    admin = await consolePerson(org.orgId, 'admin');
    stranger = await consolePerson((await newOrg('console-organisation-other')).orgId, 'admin');
  });

  it('refuses analysts and reviewers with the reason above the form, changing nothing', async () => {
    for (const role of ['analyst', 'reviewer'] as const) {
      as(await consolePerson(org.orgId, role));
      expect(await updateFilingDetailsAction({}, form({ institution: 'Ours', licence: 'L', regulator: 'R' }))).toEqual({
        message: CHANGE_FILING_DETAILS_MESSAGE,
        values: { institution: 'Ours', licence: 'L', regulator: 'R' },
      });
    }
    expect(await orgRow(org.orgId)).toMatchObject({ institution: null, licence: null, regulator: null });
  });

  it('lets an admin save what they filled in, skipping boxes left empty for details not set yet', async () => {
    as(admin);
    expect(await updateFilingDetailsAction({}, form({ institution: '', licence: '', regulator: '' }))).toEqual({
      message: 'give at least one of the institution name, the licence number and the regulator',
      values: { institution: '', licence: '', regulator: '' },
    });
    expect(await updateFilingDetailsAction({}, form({ institution: 'Meridian Bank', licence: '', regulator: '' }))).toEqual({
      ok: true,
      values: { institution: 'Meridian Bank', licence: '', regulator: '' },
    });
    expect(await orgRow(org.orgId)).toMatchObject({ institution: 'Meridian Bank', licence: null, regulator: null });
    expect(await updateFilingDetailsAction({}, form({ institution: 'Meridian Bank', licence: 'MB-1', regulator: 'Prudential Regulation Authority' }))).toMatchObject({ ok: true });
    expect(await orgRow(org.orgId)).toMatchObject({ institution: 'Meridian Bank', licence: 'MB-1', regulator: 'Prudential Regulation Authority' });
    expect((await updates(org.orgId)).map((e) => e.actor)).toEqual([admin.id, admin.id]);
  });

  it("shows a bad value beside its field in the screen's words, and refuses emptying a detail that is set", async () => {
    as(admin);
    const tooLong = 'x'.repeat(201);
    expect(await updateFilingDetailsAction({}, form({ institution: 'Meridian Bank', licence: tooLong, regulator: 'PRA' }))).toEqual({
      fieldErrors: { licence: 'the licence number must be 1 to 200 characters' },
      values: { institution: 'Meridian Bank', licence: tooLong, regulator: 'PRA' },
    });
    expect(await updateFilingDetailsAction({}, form({ institution: 'Meridian Bank', licence: 'MB-1', regulator: '  ' }))).toMatchObject({
      fieldErrors: { regulator: 'the regulator must be 1 to 200 characters' },
    });
    expect(await orgRow(org.orgId)).toMatchObject({ institution: 'Meridian Bank', licence: 'MB-1', regulator: 'Prudential Regulation Authority' });
  });

  it("changes only the signed-in admin's own organisation", async () => {
    const before = await orgRow(org.orgId);
    as(stranger);
    expect(await updateFilingDetailsAction({}, form({ institution: 'Elsewhere Ltd', licence: 'E-1', regulator: 'Elsewhere Authority' }))).toMatchObject({ ok: true });
    expect(await orgRow(stranger.orgId)).toMatchObject({ institution: 'Elsewhere Ltd', licence: 'E-1', regulator: 'Elsewhere Authority' });
    expect(await orgRow(org.orgId)).toEqual(before);
  });
});
