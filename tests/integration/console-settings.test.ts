import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as uploadRoute from '@/app/(console)/settings/lists/upload/route';
import { getDb } from '@/db/client';
import { auditLog, installation, screeningListEntries, screeningLists } from '@/db/schema';
import { systemActor } from '@/lib/auth/actor';
import { NOT_SIGNED_IN_MESSAGE } from '@/lib/http/route';
import { listsInForce } from '@/lib/screening/lists-in-force';
import { licenceBannerWarnings, licenceUsage } from '@/lib/setup/licence-usage';
import { call, newOrg, type TestOrg } from '../support/api';
import { payment, postEventOk } from '../support/events';
import { freshInstall } from '../support/fresh-install';
import { signedIn } from '../support/people';

type Person = Awaited<ReturnType<typeof signedIn>>;

const upload = (who: { cookie: string } | null, body: string, headers: Record<string, string> = {}) =>
  call(uploadRoute.POST, {
    method: 'POST',
    path: '/settings/lists/upload',
    rawBody: body,
    headers: { 'content-type': 'application/json', ...(who ? { cookie: who.cookie } : {}), ...headers },
  });

// Names no test screens for: this list is loaded into the database every suite shares.
const entry = (ref: string) => ({ ref, kind: 'person', name: `Qzxv Wjkpl ${ref}`, category: 'sanctions' });

describe('screening lists from the console', () => {
  let org: TestOrg;
  let admin: Person;
  let analyst: Person;

  beforeAll(async () => {
    org = await newOrg('lists-console');
    admin = await signedIn(org.orgId, 'admin');
    analyst = await signedIn(org.orgId, 'analyst');
  });

  it('loads a checked list file for an admin, writes the load to the audit log, and lists it in force', async () => {
    const code = `UPL-${randomUUID().slice(0, 8)}`;
    const r = await upload(admin, JSON.stringify({ code, name: 'Uploaded list', version: '2026-11', entries: [entry('A1'), entry('A2')] }), { 'x-file-name': encodeURIComponent('uploaded list.json') });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ code, name: 'Uploaded list', version: '2026-11', entries: 2 });
    const entries = await getDb().select().from(screeningListEntries).where(eq(screeningListEntries.listCode, code));
    expect(entries.map((e) => e.ref).sort()).toEqual(['A1', 'A2']);
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orgId, org.orgId), eq(auditLog.action, 'screening.list_loaded'), eq(auditLog.targetId, code)));
    expect(audit).toMatchObject({ actor: admin.who.actor.actorId, actorKind: 'person', targetType: 'screening_list', changes: { name: 'Uploaded list', version: '2026-11', entries: 2, file: 'uploaded list.json' } });
    const inForce = await listsInForce(getDb(), analyst.who.actor);
    expect(inForce.find((l) => l.code === code)).toMatchObject({ version: '2026-11', entries: 2 });
  });

  it('names the first problem of a bad file and changes nothing', async () => {
    const code = `UPL-${randomUUID().slice(0, 8)}`;
    expect((await upload(admin, JSON.stringify({ code, name: 'Kept', version: 'v1', entries: [entry('K1')] }))).status).toBe(200);
    const bad = await upload(admin, JSON.stringify({ code, name: 'Broken', version: 'v2', entries: [entry('K1'), { ref: 'K2', kind: 'ship', name: 'X', category: 'sanctions' }] }));
    expect(bad.status).toBe(400);
    expect((bad.json as { error: string }).error).toMatch(/^entries\[1\]\.kind .*\(ref "K2"\)$/);
    const notJson = await upload(admin, '{"code": ');
    expect(notJson.status).toBe(400);
    expect((notJson.json as { error: string }).error).toMatch(/^the list file is not valid JSON: /);
    expect((await upload(admin, '')).json).toEqual({ error: 'the list file is empty' });
    const [kept] = await getDb().select().from(screeningLists).where(eq(screeningLists.code, code));
    expect(kept).toMatchObject({ name: 'Kept', version: 'v1', entries: 1 });
  });

  it('is for admins signed in: an analyst 403, no session 401, a foreign origin 403, over 64 MB 413', async () => {
    const body = JSON.stringify({ code: `UPL-${randomUUID().slice(0, 8)}`, name: 'n', version: 'v', entries: [entry('Z1')] });
    expect((await upload(analyst, body)).status).toBe(403);
    const anonymous = await upload(null, body, { authorization: `Bearer ${org.key}` });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toEqual({ error: NOT_SIGNED_IN_MESSAGE });
    expect((await upload(admin, body, { origin: 'https://elsewhere.example' })).status).toBe(403);
    expect((await upload(admin, body, { 'content-length': String(64 * 1024 * 1024 + 1) })).status).toBe(413);
  });
});

describe('licence and usage', () => {
  // The licence is the install's: these tests get an install of their own.
  let restore: () => Promise<void>;

  beforeAll(async () => {
    restore = await freshInstall();
  });

  afterAll(async () => {
    await restore();
  });

  it("counts this month's events of every organisation and warns admins near the end or the volume", async () => {
    const org = await newOrg('licence-usage');
    const other = await newOrg('licence-usage-other');
    const admin = await signedIn(org.orgId, 'admin');
    const analyst = await signedIn(org.orgId, 'analyst');
    const none = await licenceUsage(getDb(), admin.who.actor);
    expect(none).toMatchObject({ licence: null, events: 0, share: null, daysLeft: null, warnings: [] });
    const now = new Date().toISOString();
    await postEventOk(org, payment(`a-${randomUUID()}`, `b-${randomUUID()}`, 10, now));
    await postEventOk(other, payment(`a-${randomUUID()}`, `b-${randomUUID()}`, 20, now));
    // Last month's event is not this month's.
    const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1) - 86_400_000).toISOString();
    await postEventOk(other, payment(`a-${randomUUID()}`, `b-${randomUUID()}`, 30, lastMonth));
    const after = await licenceUsage(getDb(), admin.who.actor);
    expect(after.events).toBe(2);
    expect(after.month).toBe(new Date().toISOString().slice(0, 7));

    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await getDb()
      .insert(installation)
      .values({ id: 1, licence: { customer: 'Bank', tier: 'standard', transactions_per_month: 2, modules: ['monitoring'], valid_until: soon, key_id: 'k' } })
      .onConflictDoUpdate({ target: installation.id, set: { licence: sql`excluded.licence` } });
    const atVolume = await licenceUsage(getDb(), admin.who.actor);
    expect(atVolume.licence?.customer).toBe('Bank');
    expect(atVolume.share).toBe(1);
    expect(atVolume.warnings).toHaveLength(2);
    expect(atVolume.warnings[0]).toMatch(new RegExp(`^The licence ends on ${soon}, in (9|10) days\\.`));
    expect(atVolume.warnings[1]).toBe("This month's events have reached 100 % of the licensed 2 a month. Monitoring goes on; talk to your supplier about the volume.");
    const far = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    await getDb().update(installation).set({ licence: { customer: 'Bank', tier: 'standard', transactions_per_month: 1000, modules: [], valid_until: far, key_id: 'k' } }).where(eq(installation.id, 1));
    expect((await licenceUsage(getDb(), admin.who.actor)).warnings).toEqual([]);
    // The banner is for admins only; the page's verb refuses anyone else.
    expect(await licenceBannerWarnings(getDb(), analyst.who.actor)).toEqual([]);
    await expect(licenceUsage(getDb(), analyst.who.actor)).rejects.toThrow('only an admin can do this');
    expect(await licenceBannerWarnings(getDb(), systemActor(org.orgId))).toEqual([]);
  });
});
