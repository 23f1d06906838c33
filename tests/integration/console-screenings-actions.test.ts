import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { alerts, screeningResolutions, screenings } from '@/db/schema';
import type { SignedInPerson } from '@/lib/auth/authenticate-person';
import { createScreening } from '@/lib/screening/create-screening';
import { checkListFile } from '@/lib/screening/list-file';
import { refreshScreeningIndex } from '@/lib/screening/list-index';
import { loadScreeningList } from '@/lib/screening/load-list';
import { newOrg } from '../support/api';
import { consolePerson, redirectedTo, form } from '../support/console';

// The console's screening actions, called as Next.js calls them, with the signed-in person mocked (no
// request here to carry a cookie) and the router's cache a no-op.
const signedIn = vi.hoisted(() => ({ person: null as SignedInPerson | null }));
vi.mock('@/lib/auth/current-person', () => ({
  currentPerson: async () => signedIn.person,
  requirePerson: async () => {
    if (!signedIn.person) throw new Error('no person signed in');
    return signedIn.person;
  },
}));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined, revalidateTag: () => undefined }));

const { createScreeningAction, recordResolutionAction } = await import('@/app/(console)/screenings/actions');

const CODE = `console-scr-${randomUUID().slice(0, 8)}`;
const NAME = 'Quillon Marvendaske';

let orgId: string;
let people: Record<'analyst' | 'reviewer' | 'admin', SignedInPerson>;
let stranger: SignedInPerson;

const as = (p: SignedInPerson) => {
  signedIn.person = p;
};


/** Runs a form action that should navigate; gives the path it went to. */
async function navigation(run: Promise<unknown>): Promise<string | null> {
  try {
    await run;
    return null;
  } catch (err) {
    const path = redirectedTo(err);
    if (path === null) throw err;
    return path;
  }
}

beforeAll(async () => {
  const org = await newOrg('console-screenings');
  orgId = org.orgId;
  people = {
    analyst: await consolePerson(orgId, 'analyst'),
    reviewer: await consolePerson(orgId, 'reviewer'),
    admin: await consolePerson(orgId, 'admin'),
  };
  stranger = await consolePerson((await newOrg('console-screenings-other')).orgId, 'admin');
  await loadScreeningList(
    getDb(),
    checkListFile({
      code: CODE,
      name: 'Console screening test list',
      version: 'v1',
      entries: [{ ref: 'Q-1', kind: 'person', name: NAME, category: 'sanctions', countries: ['NO'], birth_year: 1966 }],
    }),
  );
  await refreshScreeningIndex(getDb());
});

describe('screening a name in the console', () => {
  for (const role of ['analyst', 'reviewer', 'admin'] as const) {
    it(`lets ${role === 'admin' ? 'an' : 'a'} ${role} screen a name, stores it as theirs and goes to its page`, async () => {
      as(people[role]);
      const reference = `cust-${randomUUID()}`;
      const path = await navigation(createScreeningAction({}, form({ name: NAME, kind: 'person', birth_year: '1966', country: 'no', reference })));
      expect(path).toMatch(/^\/screenings\/[0-9a-f-]{36}$/);
      const id = (path as string).split('/')[2] as string;
      const [row] = await getDb().select().from(screenings).where(and(eq(screenings.orgId, orgId), eq(screenings.id, id)));
      expect(row).toMatchObject({ reference, status: 'potential_match', review: 'open', createdBy: people[role].id });
      expect(row?.subject).toEqual({ name: NAME, kind: 'person', birth_year: 1966, country: 'NO' });
      // A potential match raises its alert in the same request.
      const [alert] = await getDb().select().from(alerts).where(and(eq(alerts.orgId, orgId), eq(alerts.id, row?.alertId as string)));
      expect(alert).toMatchObject({ status: 'open', priority: 'high', screeningId: id });
    });
  }

  it('shows a refused field beside its box and keeps what was typed', async () => {
    as(people.analyst);
    expect(await createScreeningAction({}, form({ name: '   ', reference: 'kept' }))).toEqual({
      fieldErrors: { name: 'name must be 1 to 200 characters' },
      values: { name: '   ', reference: 'kept' },
    });
    expect(await createScreeningAction({}, form({ name: NAME, birth_year: '1850' }))).toMatchObject({ fieldErrors: { birth_year: 'the birth year looks wrong' } });
    expect(await createScreeningAction({}, form({ name: NAME, birth_year: 'nineteen' }))).toMatchObject({ fieldErrors: { birth_year: 'the birth year looks wrong' } });
    expect(await createScreeningAction({}, form({ name: NAME, country: 'Norway' }))).toMatchObject({ fieldErrors: { country: 'country must be a two-letter code' } });
    expect(await createScreeningAction({}, form({ name: NAME, kind: 'ship' }))).toMatchObject({ fieldErrors: { kind: 'kind must be person or business' } });
  });

  it('refuses a name with a NUL character, naming the field', async () => {
    as(people.analyst);
    expect(await createScreeningAction({}, form({ name: 'Quillon\u0000' }))).toEqual({ fieldErrors: { name: 'name must not contain NUL characters' } });
  });
});

describe('recording a decision on a match in the console', () => {
  async function screened(by: SignedInPerson = people.analyst) {
    return createScreening(getDb(), by.actor, { name: NAME, kind: 'person', reference: `cust-${randomUUID()}` });
  }

  for (const role of ['analyst', 'reviewer', 'admin'] as const) {
    it(`records ${role === 'admin' ? 'an' : 'a'} ${role}'s false positive as waiting for a second person`, async () => {
      const s = await screened();
      as(people[role]);
      const state = await recordResolutionAction({}, form({ screening_id: s.id, list: CODE, entry_ref: 'Q-1', outcome: 'false_positive', note: 'Different person: born 1990.' }));
      expect(state).toEqual({ ok: true });
      const rows = await getDb().select().from(screeningResolutions).where(and(eq(screeningResolutions.orgId, orgId), eq(screeningResolutions.screeningId, s.id)));
      expect(rows).toEqual([expect.objectContaining({ outcome: 'false_positive', status: 'pending_approval', resolvedBy: people[role].id, note: 'Different person: born 1990.' })]);
      const [after] = await getDb().select().from(screenings).where(and(eq(screenings.orgId, orgId), eq(screenings.id, s.id)));
      expect(after?.review).toBe('pending_approval');
    });
  }

  it('confirms a true match at once and keeps the alert open', async () => {
    const s = await screened();
    as(people.analyst);
    expect(await recordResolutionAction({}, form({ screening_id: s.id, list: CODE, entry_ref: 'Q-1', outcome: 'true_match', note: 'Same passport number.' }))).toEqual({ ok: true });
    const [after] = await getDb().select().from(screenings).where(and(eq(screenings.orgId, orgId), eq(screenings.id, s.id)));
    expect(after?.review).toBe('confirmed');
    const [alert] = await getDb().select().from(alerts).where(and(eq(alerts.orgId, orgId), eq(alerts.id, s.alertId as string)));
    expect(alert?.status).toBe('open');
  });

  it('shows refusals beside the outcome and the note, and refuses a second decision while one waits', async () => {
    const s = await screened();
    as(people.analyst);
    const base = { screening_id: s.id, list: CODE, entry_ref: 'Q-1' };
    expect(await recordResolutionAction({}, form({ ...base, note: 'no outcome' }))).toEqual({
      fieldErrors: { outcome: 'outcome must be true_match, false_positive or needs_info' },
      values: { note: 'no outcome' },
    });
    expect(await recordResolutionAction({}, form({ ...base, outcome: 'false_positive', note: '  ' }))).toMatchObject({ fieldErrors: { note: 'note must be 1 to 2000 characters' } });
    expect(await recordResolutionAction({}, form({ ...base, outcome: 'false_positive', note: 'x'.repeat(2001) }))).toMatchObject({ fieldErrors: { note: 'note must be 1 to 2000 characters' } });
    expect(await recordResolutionAction({}, form({ ...base, entry_ref: 'NOPE', outcome: 'false_positive', note: 'which?' }))).toMatchObject({
      fieldErrors: { entry_ref: 'this screening has no such match' },
    });
    expect(await recordResolutionAction({}, form({ ...base, outcome: 'false_positive', note: 'first' }))).toEqual({ ok: true });
    as(people.reviewer);
    expect(await recordResolutionAction({}, form({ ...base, outcome: 'true_match', note: 'second' }))).toMatchObject({ message: 'a decision on this match is waiting for a second person' });
  });

  it("answers not found for another organisation's screening and for an id that is none, changing nothing", async () => {
    const s = await screened();
    as(stranger);
    expect(await recordResolutionAction({}, form({ screening_id: s.id, list: CODE, entry_ref: 'Q-1', outcome: 'false_positive', note: 'not mine' }))).toMatchObject({
      message: 'screening not found',
    });
    expect(await recordResolutionAction({}, form({ screening_id: 'not-an-id', list: CODE, entry_ref: 'Q-1', outcome: 'false_positive', note: 'x' }))).toMatchObject({
      message: 'screening not found',
    });
    const rows = await getDb().select().from(screeningResolutions).where(and(eq(screeningResolutions.orgId, orgId), eq(screeningResolutions.screeningId, s.id)));
    expect(rows).toEqual([]);
  });
});
