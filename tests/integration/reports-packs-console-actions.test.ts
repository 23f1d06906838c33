// The evidence pack console's server actions (/reports "Start pack", a section's "Save text", "Generate PDF") against
// the real database: each calls the same verb as /v1 with the signed-in person as the actor, answers refusals as
// form state beside their field or above the form, and finds another organisation's pack not found.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { auditLog, evidencePacks, evidencePackSections } from '@/db/schema';
import { BOTH_DATES_MESSAGE, PACK_NOT_FOUND, PURPOSE_MESSAGE, quarterOf, ROLE_CANNOT_GENERATE, TEXT_MESSAGE } from '@/lib/reports/packs/schemas';
import { newOrg, type TestOrg } from '../support/api';
import { form, redirectedTo } from '../support/console';
import { signedIn } from '../support/people';
import { UNKNOWN_ID } from '../support/str';

// Server actions read the signed-in person from the request's cookie (next/headers) and revalidate pages
// (next/cache); outside a Next.js request both are stood in for with a real session cookie.
let cookie = '';
vi.mock('next/headers', () => ({
  headers: async () => new Headers(cookie ? { cookie } : {}),
}));
vi.mock('next/cache', () => ({ revalidatePath: vi.fn() }));

const packActions = await import('@/app/(console)/reports/packs/[id]/actions');

type Person = Awaited<ReturnType<typeof signedIn>>;
const as = (p: Person) => {
  cookie = p.cookie;
};

/** "Start pack" as the current person: the pack page it opens, as the pack's id. */
async function start(values: Record<string, string>): Promise<string> {
  let to: string | null = null;
  try {
    await packActions.createPackAction({}, form(values));
  } catch (err) {
    to = redirectedTo(err);
  }
  const m = /^\/reports\/packs\/([0-9a-f-]{36})$/.exec(to ?? '');
  expect(m, `redirected to ${to}`).not.toBeNull();
  return (m as RegExpExecArray)[1] as string;
}

describe('evidence pack console actions', () => {
  let org: TestOrg;
  let analyst: Person;
  let reviewer: Person;

  beforeAll(async () => {
    org = await newOrg('pack-console');
    [analyst, reviewer] = await Promise.all([signedIn(org.orgId, 'analyst'), signedIn(org.orgId, 'reviewer')]);
  });

  it('starts a pack for the current quarter with empty dates, and answers refusals beside their field', async () => {
    as(analyst);
    const id = await start({ from: '', to: '', purpose: '' });
    const [pack] = await getDb().select().from(evidencePacks).where(and(eq(evidencePacks.orgId, org.orgId), eq(evidencePacks.id, id)));
    expect(pack).toMatchObject({ ...quarterOf(new Date()), purpose: null, createdBy: analyst.who.actor.actorId });

    expect(await packActions.createPackAction({}, form({ from: '2026-01-01', to: '', purpose: '' }))).toEqual({
      message: BOTH_DATES_MESSAGE,
      values: { from: '2026-01-01', to: '', purpose: '' },
    });
    const long = 'x'.repeat(201);
    expect(await packActions.createPackAction({}, form({ from: '', to: '', purpose: long }))).toMatchObject({ fieldErrors: { purpose: PURPOSE_MESSAGE } });
  });

  it('saves a section’s text, and generates for a reviewer but not an analyst', async () => {
    as(analyst);
    const id = await start({ from: '2026-07-01', to: '2026-09-30', purpose: 'Audit' });
    expect(await packActions.savePackSectionAction({}, form({ pack_id: id, key: 'training', text: 'All staff trained in May.' }))).toEqual({ ok: true });
    const [saved] = await getDb().select().from(evidencePackSections).where(and(eq(evidencePackSections.orgId, org.orgId), eq(evidencePackSections.packId, id)));
    expect(saved).toMatchObject({ key: 'training', text: 'All staff trained in May.', updatedBy: analyst.who.actor.actorId });
    expect(await packActions.savePackSectionAction({}, form({ pack_id: id, key: 'training', text: 'x'.repeat(20_001) }))).toMatchObject({ fieldErrors: { text: TEXT_MESSAGE } });

    expect(await packActions.generatePackAction({}, form({ pack_id: id }))).toEqual({ message: ROLE_CANNOT_GENERATE });
    as(reviewer);
    expect(await packActions.generatePackAction({}, form({ pack_id: id }))).toEqual({ ok: true });
    const [generated] = await getDb().select({ status: evidencePacks.status, sha256: evidencePacks.sha256 }).from(evidencePacks).where(eq(evidencePacks.id, id));
    expect(generated?.status).toBe('generated');
    const [audit] = await getDb().select().from(auditLog).where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'pack.generated')));
    expect(audit?.changes).toMatchObject({ sha256: generated?.sha256 });
  });

  it('finds another organisation’s pack not found', async () => {
    as(analyst);
    const id = await start({ from: '2026-07-01', to: '2026-09-30', purpose: '' });
    const other = await newOrg('pack-console-other');
    as(await signedIn(other.orgId, 'reviewer'));
    for (const packId of [id, UNKNOWN_ID]) {
      expect(await packActions.savePackSectionAction({}, form({ pack_id: packId, key: 'summary', text: 'x' }))).toEqual({ message: PACK_NOT_FOUND, values: { text: 'x' } });
      expect(await packActions.generatePackAction({}, form({ pack_id: packId }))).toEqual({ message: PACK_NOT_FOUND });
    }
    const [mine] = await getDb().select({ status: evidencePacks.status }).from(evidencePacks).where(eq(evidencePacks.id, id));
    expect(mine?.status).toBe('draft');
  });
});
