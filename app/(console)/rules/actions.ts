'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { getDb } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { requirePerson } from '@/lib/auth/current-person';
import { InvalidInputError, NotFoundError } from '@/lib/errors';
import { formStateOf, textValues, type FormState } from '@/lib/forms/form-state';
import { formAction, serverAction } from '@/lib/http/server-action';
import { activateRule, RULE_NOT_FOUND } from '@/lib/rules/activate-rule';
import { backtestRule } from '@/lib/rules/backtest-rule';
import { samplesWithAlerts, type BacktestSample } from '@/lib/rules/backtest-runs';
import { checkRuleExpression, type ExpressionCheck } from '@/lib/rules/check-rule-expression';
import { createRuleDraft } from '@/lib/rules/create-rule-draft';
import { KEY_MESSAGE, KEY_PATTERN } from '@/lib/rules/schemas';
import type { BacktestResult } from '@/lib/rules/backtest-rule';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;

/** The rule version a form names; anything but a UUID is nobody's rule (404, as /v1 answers). */
function ruleIdOf(form: FormData): string {
  const id = String(form.get('rule_id') ?? '');
  if (!UUID.test(id)) throw new NotFoundError(RULE_NOT_FOUND);
  return id;
}

/** The rule screens, the approvals screen and the navigation's count all show drafts. */
function refreshScreens(): void {
  revalidatePath('/', 'layout');
}

/** "New rule": a key that follows the interface's pattern opens its page (the editor of its first version when it is new). */
export const openRuleKeyAction = formAction('openRuleKeyAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  await requirePerson();
  const key = String(form.get('key') ?? '').trim();
  if (!KEY_PATTERN.test(key)) return { fieldErrors: { key: KEY_MESSAGE }, values: { key } };
  redirect(`/rules/${key}`);
});

/**
 * The compiler's verdict on an expression as the author types it: the same compile as POST /v1/rules,
 * in its own words, with nothing stored.
 */
export const checkExpressionAction = serverAction('checkExpressionAction', async (key: string, expr: string): Promise<ExpressionCheck> => {
  const { actor } = await requirePerson();
  return checkRuleExpression(actor, { key: String(key), expr: String(expr) });
});

/** Saves the editor as the key's next version, a draft (POST /v1/rules), with the signed-in person as its author. */
export const saveRuleDraftAction = formAction('saveRuleDraftAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  const values = textValues(form, ['key', 'expr', 'weight', 'detail', 'subject']);
  const weight = values.weight?.trim() ? Number(values.weight) : undefined;
  let key: string;
  try {
    const row = await createRuleDraft(getDb(), actor, {
      key: values.key ?? '',
      expr: values.expr ?? '',
      weight: weight as number,
      detail: values.detail ?? '',
      subject: values.subject === 'destination' ? 'destination' : 'source',
    });
    key = row.key;
  } catch (err) {
    return formStateOf(err, values);
  }
  refreshScreens();
  redirect(`/rules/${key}`);
});

/** What the backtest form shows: the verb's result and its samples with their alerts. */
export type BacktestState = FormState & { run?: { result: BacktestResult; ranAt: string; samples: BacktestSample[] } };

/**
 * Backtests a version (POST /v1/rules/{id}/backtest) over the last `days` days, at most `max_events`
 * events; the verb decides the limits and keeps the run.
 */
const runBacktest = formAction('backtestRuleAction', async (_prev: BacktestState, form: FormData): Promise<BacktestState> => {
  const { actor } = await requirePerson();
  const id = ruleIdOf(form);
  const values = textValues(form, ['days', 'max_events']);
  try {
    return { ...(await backtestOver(actor, id, form)), values };
  } catch (err) {
    return formStateOf(err, values);
  }
});

async function backtestOver(actor: Actor, id: string, form: FormData): Promise<BacktestState> {
  const days = Number(String(form.get('days') ?? '7'));
  if (!Number.isFinite(days) || days <= 0) throw new InvalidInputError('the window must be a number of days', 'days');
  const maxText = String(form.get('max_events') ?? '').trim();
  const until = new Date();
  const db = getDb();
  const result = await backtestRule(db, actor, id, {
    since: new Date(until.getTime() - days * DAY_MS),
    until,
    ...(maxText ? { maxEvents: Number(maxText) } : {}),
  });
  return { ok: true, run: { result, ranAt: until.toISOString(), samples: await samplesWithAlerts(db, actor, result.sample_event_ids) } };
}

export async function backtestRuleAction(prev: BacktestState, form: FormData): Promise<BacktestState> {
  return runBacktest(prev, form);
}

/** Activates a draft (POST /v1/rules/{id}/activate) as the signed-in person: the verb decides role, state and four-eyes. */
export const activateRuleAction = formAction('activateRuleAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  await activateRule(getDb(), actor, ruleIdOf(form));
  refreshScreens();
  return { ok: true };
});
