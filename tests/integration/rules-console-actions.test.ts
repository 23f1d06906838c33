import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { auditLog, ruleVersions } from '@/db/schema';
import { systemActor } from '@/lib/auth/actor';
import { countPendingApprovals, countPendingForOthers } from '@/lib/approvals/list-pending';
import { ACTIVATE_ROLE_MESSAGE, AUTHOR_MESSAGE, ONLY_DRAFT_MESSAGE, RULE_NOT_FOUND } from '@/lib/rules/activate-rule';
import { activationRefusal } from '@/lib/rules/activation-refusal';
import { createRuleDraft } from '@/lib/rules/create-rule-draft';
import { draftsAwaitingActivation } from '@/lib/rules/drafts-awaiting-activation';
import { KEY_MESSAGE } from '@/lib/rules/schemas';
import { InvalidInputError } from '@/lib/errors';
import type { TestOrg } from '../support/api';
import { form, orgWithAlertRule, raiseAlert, redirectedTo } from '../support/console';
import { signedIn } from '../support/people';

// Server actions read the signed-in person from the request's cookie (next/headers) and revalidate pages
// (next/cache); outside a Next.js request both are stood in for, with a real session cookie.
let cookie = '';
vi.mock('next/headers', () => ({
  headers: async () => new Headers(cookie ? { cookie } : {}),
}));
vi.mock('next/cache', () => ({ revalidatePath: vi.fn() }));

const actions = await import('@/app/(console)/rules/actions');

type Person = Awaited<ReturnType<typeof signedIn>>;
const db = () => getDb();
const as = (p: Person) => {
  cookie = p.cookie;
};

async function redirectOf(run: Promise<unknown>): Promise<string | null> {
  try {
    await run;
  } catch (err) {
    return redirectedTo(err);
  }
  return null;
}

/** The message POST /v1/rules answers for an expression (the verb's 400), read from the verb itself. */
async function compileMessageOf(orgId: string, expr: string): Promise<string> {
  try {
    await createRuleDraft(db(), systemActor(orgId), { key: 'probe_rule', expr, weight: 10, detail: 'probe' });
  } catch (err) {
    if (err instanceof InvalidInputError) return err.message;
    throw err;
  }
  throw new Error(`${expr} compiled`);
}

const versionsOf = (orgId: string, key: string) =>
  db().select().from(ruleVersions).where(and(eq(ruleVersions.orgId, orgId), eq(ruleVersions.key, key))).orderBy(ruleVersions.version);

const draftForm = (key: string, expr: string, extra: Record<string, string> = {}) =>
  form({ key, expr, weight: '30', detail: `detail of ${key}`, subject: 'source', ...extra });

/** Drafts a rule through the console as `p` and answers its row. */
async function draftAs(p: Person, org: TestOrg, key: string, expr = 'amount >= 100.0') {
  as(p);
  expect(await redirectOf(actions.saveRuleDraftAction({}, draftForm(key, expr)))).toBe(`/rules/${key}`);
  const rows = await versionsOf(org.orgId, key);
  return rows[rows.length - 1]!;
}

describe('console rule actions', () => {
  let org: TestOrg;
  let other: TestOrg;
  let analyst: Person;
  let analyst2: Person;
  let reviewer: Person;
  let reviewer2: Person;
  let admin: Person;
  let foreignRule: string;

  beforeAll(async () => {
    org = await orgWithAlertRule('console-rules');
    other = await orgWithAlertRule('console-rules-other');
    [analyst, analyst2, reviewer, reviewer2, admin] = await Promise.all([
      signedIn(org.orgId, 'analyst'),
      signedIn(org.orgId, 'analyst'),
      signedIn(org.orgId, 'reviewer'),
      signedIn(org.orgId, 'reviewer'),
      signedIn(org.orgId, 'admin'),
    ]);
    foreignRule = (await createRuleDraft(db(), systemActor(other.orgId), { key: 'foreign_rule', expr: 'amount > 1.0', weight: 5, detail: 'x' })).id;
  });

  it('send a browser with no session to sign-in and store nothing', async () => {
    cookie = '';
    expect(await redirectOf(actions.saveRuleDraftAction({}, draftForm('no_session', 'amount > 1.0')))).toMatch(/\/sign-in/);
    expect(await redirectOf(actions.activateRuleAction({}, form({ rule_id: foreignRule })))).toMatch(/\/sign-in/);
    await expect(actions.checkExpressionAction('no_session', 'amount > 1.0')).rejects.toMatchObject({ digest: expect.stringContaining('/sign-in') });
    expect(await versionsOf(org.orgId, 'no_session')).toEqual([]);
  });

  it('check an expression as the author types: the engine’s own words, nothing stored', async () => {
    as(analyst);
    expect(await actions.checkExpressionAction('big_cash', "type == 'cash_out' && amount >= 9000.0")).toEqual({ ok: true });
    for (const expr of ['amount >= 9000', 'features.txn_count_24 > 3', 'amount >', '1 + 2']) {
      const answer = await actions.checkExpressionAction('big_cash', expr);
      expect(answer.ok).toBe(false);
      expect((answer as { message: string }).message).toBe((await compileMessageOf(org.orgId, expr)).replace('probe_rule', 'big_cash'));
    }
    // A key not yet valid still gets the compiler's verdict, under a placeholder name.
    expect(await actions.checkExpressionAction('Not A Key', '1 + 2')).toMatchObject({ ok: false, message: 'rule new_rule: expression must return bool' });
    expect(await actions.checkExpressionAction('big_cash', '  ')).toEqual({ ok: false, message: 'expr is required' });
    expect(await versionsOf(org.orgId, 'big_cash')).toEqual([]);
  });

  it('open a new key: the key pattern beside the field, a valid key opens its page', async () => {
    as(analyst);
    expect(await actions.openRuleKeyAction({}, form({ key: 'Big Cash' }))).toEqual({ fieldErrors: { key: KEY_MESSAGE }, values: { key: 'Big Cash' } });
    expect(await redirectOf(actions.openRuleKeyAction({}, form({ key: 'big_cash' })))).toBe('/rules/big_cash');
  });

  it('save a draft: every role, the person the author in the row and the audit log; a compile error beside the expression stores nothing', async () => {
    for (const p of [analyst, reviewer, admin]) {
      const key = `by_${p.person.role}`;
      const row = await draftAs(p, org, key);
      expect(row).toMatchObject({ key, version: 1, status: 'draft', createdBy: p.person.id, weight: 30, expr: 'amount >= 100.0' });
      const [entry] = await db()
        .select({ actor: auditLog.actor, actorKind: auditLog.actorKind })
        .from(auditLog)
        .where(and(eq(auditLog.orgId, org.orgId), eq(auditLog.action, 'rule.drafted'), eq(auditLog.targetId, row.id)));
      expect(entry).toEqual({ actor: p.person.id, actorKind: 'person' });
    }
    as(analyst);
    const state = await actions.saveRuleDraftAction({}, draftForm('bad_expr', 'amount >= 100'));
    expect(state.fieldErrors?.expr).toBe((await compileMessageOf(org.orgId, 'amount >= 100')).replace('probe_rule', 'bad_expr'));
    expect(state.values?.expr).toBe('amount >= 100');
    expect(await actions.saveRuleDraftAction({}, draftForm('bad_weight', 'amount > 1.0', { weight: '0' }))).toMatchObject({ fieldErrors: { weight: 'weight must be between 1 and 100' } });
    expect(await versionsOf(org.orgId, 'bad_expr')).toEqual([]);
    expect(await versionsOf(org.orgId, 'bad_weight')).toEqual([]);
  });

  it('activate: not by an analyst, not by the author (four-eyes by owner), by another reviewer or admin; then only once', async () => {
    const draft = await draftAs(reviewer, org, 'four_eyes');
    as(analyst);
    expect(await actions.activateRuleAction({}, form({ rule_id: draft.id }))).toEqual({ message: ACTIVATE_ROLE_MESSAGE });
    expect(await activationRefusal(db(), analyst.who.actor, draft)).toBe(ACTIVATE_ROLE_MESSAGE);
    as(reviewer);
    expect(await actions.activateRuleAction({}, form({ rule_id: draft.id }))).toEqual({ message: AUTHOR_MESSAGE });
    expect(await activationRefusal(db(), reviewer.who.actor, draft)).toBe(AUTHOR_MESSAGE);
    expect((await versionsOf(org.orgId, 'four_eyes'))[0]!.status).toBe('draft');

    expect(await activationRefusal(db(), reviewer2.who.actor, draft)).toBeNull();
    as(reviewer2);
    expect(await actions.activateRuleAction({}, form({ rule_id: draft.id }))).toEqual({ ok: true });
    const [row] = await versionsOf(org.orgId, 'four_eyes');
    expect(row).toMatchObject({ status: 'active', approvedBy: reviewer2.person.id });
    as(admin);
    expect(await actions.activateRuleAction({}, form({ rule_id: draft.id }))).toEqual({ message: ONLY_DRAFT_MESSAGE });
    expect(await activationRefusal(db(), admin.who.actor, row!)).toBe(ONLY_DRAFT_MESSAGE);

    // An analyst's draft is activated by an admin; the second version retires the first.
    const second = await draftAs(analyst2, org, 'four_eyes', 'amount >= 200.0');
    as(admin);
    expect(await actions.activateRuleAction({}, form({ rule_id: second.id }))).toEqual({ ok: true });
    expect((await versionsOf(org.orgId, 'four_eyes')).map((r) => r.status)).toEqual(['retired', 'active']);
  });

  it('another organisation’s rule, an unknown id or no id: not found, nothing changes', async () => {
    as(admin);
    for (const id of [foreignRule, randomUUID(), 'not-an-id']) {
      expect(await actions.activateRuleAction({}, form({ rule_id: id }))).toEqual({ message: RULE_NOT_FOUND });
      expect(await actions.backtestRuleAction({}, form({ rule_id: id, days: '7', max_events: '100' }))).toMatchObject({ message: RULE_NOT_FOUND });
    }
    expect((await versionsOf(other.orgId, 'foreign_rule'))[0]!.status).toBe('draft');
  });

  it('backtest a draft: flagged events with their alerts, the comparison with the active version, the verb’s limits', async () => {
    const alertIds = [await raiseAlert(org), await raiseAlert(org)];
    // No active version of this key: the flagged events are the samples, each with the alert it raised live.
    const fresh = await draftAs(analyst, org, 'backtest_new', 'amount >= 100.0');
    const state = await actions.backtestRuleAction({}, form({ rule_id: fresh.id, days: '1', max_events: '1000' }));
    expect(state.run?.result).toMatchObject({ rule_id: fresh.id, key: 'backtest_new', version: 1, truncated: false, eval_errors: 0 });
    expect(state.run?.result.baseline_version).toBeUndefined();
    expect(state.run!.result.would_flag).toBeGreaterThanOrEqual(2);
    const linked = state.run!.samples.filter((s) => s.alertId !== null).map((s) => s.alertId);
    for (const id of alertIds) expect(linked).toContain(id);
    expect(state.run!.samples.every((s) => s.alertNumber === null || s.alertNumber > 0)).toBe(true);

    // A draft of the active key that flags nothing: every event the active version flags is no longer flagged.
    const stricter = await draftAs(analyst, org, 'big', 'amount >= 1000000.0');
    const compared = await actions.backtestRuleAction({}, form({ rule_id: stricter.id, days: '1', max_events: '1000' }));
    expect(compared.run?.result).toMatchObject({ baseline_version: 1, would_flag: 0, newly_flagged: 0 });
    expect(compared.run!.result.no_longer_flagged).toBe(compared.run!.result.baseline_would_flag);
    expect(compared.run!.result.no_longer_flagged).toBeGreaterThanOrEqual(2);

    // The verb's limits, with the form's values kept for the next try.
    expect(await actions.backtestRuleAction({}, form({ rule_id: fresh.id, days: '40', max_events: '10' }))).toEqual({
      message: 'window is capped at 31 days',
      values: { days: '40', max_events: '10' },
    });
    expect(await actions.backtestRuleAction({}, form({ rule_id: fresh.id, days: '1', max_events: '0' }))).toMatchObject({ message: 'max_events must be between 1 and 100000' });
    expect(await actions.backtestRuleAction({}, form({ rule_id: fresh.id, days: 'soon', max_events: '10' }))).toMatchObject({ fieldErrors: { days: 'the window must be a number of days' } });
    expect(state.values).toEqual({ days: '1', max_events: '1000' });
  });

  it('drafts wait in /approvals and the navigation’s count; the author’s own are not theirs to decide', async () => {
    const fresh = await orgWithAlertRule('console-rules-count');
    const [author, colleague] = await Promise.all([signedIn(fresh.orgId, 'analyst'), signedIn(fresh.orgId, 'reviewer')]);
    await draftAs(author, fresh, 'waiting_one');
    await draftAs(author, fresh, 'waiting_two');
    expect((await countPendingApprovals(db(), colleague.who.actor)).ruleActivations).toBe(2);
    expect((await countPendingApprovals(db(), colleague.who.actor)).total).toBe(2);
    expect((await countPendingForOthers(db(), colleague.who.actor)).ruleActivations).toBe(2);
    expect((await countPendingForOthers(db(), author.who.actor)).ruleActivations).toBe(0);
    expect((await draftsAwaitingActivation(db(), colleague.who.actor, { limit: 10 })).map((d) => [d.draft.key, d.activeVersion])).toEqual([
      ['waiting_one', null],
      ['waiting_two', null],
    ]);
    expect(await draftsAwaitingActivation(db(), systemActor(other.orgId), { limit: 10 })).toHaveLength(1);
  });
});
