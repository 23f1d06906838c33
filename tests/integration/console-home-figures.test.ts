import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { alerts } from '@/db/schema';
import type { SignedInPerson } from '@/lib/auth/authenticate-person';
import { MEDIAN_CLOSE_DAYS, medianCloseTime, myDueFigures, worstOverdueAlerts } from '@/lib/console/home-figures';
import { createScreening } from '@/lib/screening/create-screening';
import { checkListFile } from '@/lib/screening/list-file';
import { refreshScreeningIndex } from '@/lib/screening/list-index';
import { loadScreeningList } from '@/lib/screening/load-list';
import { newOrg } from '../support/api';
import { consolePerson } from '../support/console';

// The home screen's figures. Alerts are raised by screenings; their times are then set by hand to
// stand for alerts raised, due and closed at chosen moments.

const CODE = `console-home-${randomUUID().slice(0, 8)}`;
const NAME = 'Brunhilde Okonkwo-Salvesen';

let me: SignedInPerson;
let colleague: SignedInPerson;
let stranger: SignedInPerson;

/** A new alert of `by`'s organisation with the given times (minutes from now), assignee and status. */
async function alertAt(by: SignedInPerson, opts: { dueIn: number; assignee?: string; status?: 'open' | 'in_review' | 'pending_closure' | 'closed'; createdAgo?: number; closedAgo?: number }) {
  const s = await createScreening(getDb(), by.actor, { name: NAME, reference: `home-${randomUUID()}` });
  const id = s.alertId as string;
  await getDb()
    .update(alerts)
    .set({
      dueAt: sql`now() + make_interval(mins => ${opts.dueIn})`,
      assignedTo: opts.assignee ?? null,
      status: opts.status ?? 'open',
      createdAt: sql`now() - make_interval(mins => ${opts.createdAgo ?? 0})`,
      closedAt: opts.closedAgo === undefined ? null : sql`now() - make_interval(mins => ${opts.closedAgo})`,
    })
    .where(and(eq(alerts.orgId, by.orgId), eq(alerts.id, id)));
  return id;
}

beforeAll(async () => {
  const orgId = (await newOrg('console-home')).orgId;
  me = await consolePerson(orgId, 'analyst');
  colleague = await consolePerson(orgId, 'analyst');
  stranger = await consolePerson((await newOrg('console-home-other')).orgId, 'reviewer');
  await loadScreeningList(getDb(), checkListFile({ code: CODE, name: 'Home figures test list', version: 'v1', entries: [{ ref: 'B-1', kind: 'person', name: NAME, category: 'pep' }] }));
  await refreshScreeningIndex(getDb());
});

describe('the home figures', () => {
  it("count the person's own overdue and near-SLA alerts, and list the organisation's five worst-overdue, worst first", async () => {
    const late = [await alertAt(me, { dueIn: -600, assignee: me.id }), await alertAt(me, { dueIn: -3000 }), await alertAt(me, { dueIn: -60, status: 'in_review', assignee: colleague.id })];
    await alertAt(me, { dueIn: -10, assignee: me.id, status: 'in_review' });
    await alertAt(me, { dueIn: -5 });
    await alertAt(me, { dueIn: -1 });
    await alertAt(me, { dueIn: 30, assignee: me.id });
    await alertAt(me, { dueIn: 300, assignee: me.id });
    // Neither pending nor closed alerts are overdue work.
    await alertAt(me, { dueIn: -9000, assignee: me.id, status: 'pending_closure' });
    await alertAt(me, { dueIn: -9000, assignee: me.id, status: 'closed', closedAgo: 1 });

    expect(await myDueFigures(getDb(), me.actor)).toEqual({ overdue: 2, nearSla: 1 });
    expect(await myDueFigures(getDb(), colleague.actor)).toEqual({ overdue: 1, nearSla: 0 });

    const worst = await worstOverdueAlerts(getDb(), me.actor, 5);
    expect(worst).toHaveLength(5);
    expect(worst.slice(0, 3).map((a) => a.id)).toEqual([late[1], late[0], late[2]]);
    expect(worst.map((a) => a.status).every((s) => s === 'open' || s === 'in_review')).toBe(true);
    const dues = worst.map((a) => a.due_at);
    expect([...dues].sort()).toEqual(dues);
    expect(worst[0]).toMatchObject({ number: expect.any(Number), priority: 'medium', source: { id: expect.stringMatching(/^home-/) } });
    expect(await worstOverdueAlerts(getDb(), stranger.actor, 5)).toEqual([]);
  });

  it(`give the median time from raising to closing of the alerts closed in the last ${MEDIAN_CLOSE_DAYS} days`, async () => {
    const own = await newOrg('console-home-median');
    const person = await consolePerson(own.orgId, 'reviewer');
    expect(await medianCloseTime(getDb(), person.actor)).toEqual({ minutes: null, closed: 0 });
    // Raised 60, 120 and 600 minutes before closing, within the period; one closed long ago does not count.
    await alertAt(person, { dueIn: 0, status: 'closed', createdAgo: 70, closedAgo: 10 });
    await alertAt(person, { dueIn: 0, status: 'closed', createdAgo: 130, closedAgo: 10 });
    await alertAt(person, { dueIn: 0, status: 'closed', createdAgo: 610, closedAgo: 10 });
    await alertAt(person, { dueIn: 0, status: 'closed', createdAgo: 60 * 24 * 40 + 5, closedAgo: 60 * 24 * 40 });
    await alertAt(person, { dueIn: 0, status: 'open', createdAgo: 5000 });
    expect(await medianCloseTime(getDb(), person.actor)).toEqual({ minutes: 120, closed: 3 });
  });
});
