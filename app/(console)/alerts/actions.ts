'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { getDb } from '@/db/client';
import { addNote } from '@/lib/alerts/add-note';
import { approveClosure } from '@/lib/alerts/approve-closure';
import { ALERT_NOT_FOUND } from '@/lib/alerts/get-alert';
import { rejectClosure } from '@/lib/alerts/reject-closure';
import { requestClosure, requestClosureBody } from '@/lib/alerts/request-closure';
import { updateAlert } from '@/lib/alerts/update-alert';
import { requirePerson } from '@/lib/auth/current-person';
import { authorize } from '@/lib/auth/policy';
import { addAlertToCase } from '@/lib/cases/add-alert-to-case';
import { createCase } from '@/lib/cases/create-case';
import { CASE_CLOSED_MESSAGE, CASE_NOT_FOUND } from '@/lib/cases/schemas';
import { InvalidInputError, NotFoundError, ServiceError } from '@/lib/errors';
import { formStateOf, textValues, type FormState } from '@/lib/forms/form-state';
import { formAction, serverAction } from '@/lib/http/server-action';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOTE_REQUIRED = 'note is required: say why the alert can be closed (1 to 5000 characters)';

/** The alert a form names; anything but a UUID is no alert of anyone's (404, as /v1 answers). */
function alertIdOf(form: FormData): string {
  const id = String(form.get('alert_id') ?? '');
  if (!UUID.test(id)) throw new NotFoundError(ALERT_NOT_FOUND);
  return id;
}

function refresh(alertId?: string): void {
  revalidatePath('/alerts');
  if (alertId) revalidatePath(`/alerts/${alertId}`);
}

export type BulkChange = 'assign_me' | 'in_review';

export interface BulkResult {
  /** Alerts changed (or already as asked). */
  done: string[];
  /** Alerts refused, each with the service's reason. */
  failed: { id: string; message: string }[];
}

const BULK_LIMIT = 200;

/**
 * "Assign to me" or "set in review" on the queue's selected alerts: updateAlert (PATCH /v1/alerts/{id})
 * once per alert with the signed-in person as the actor, each alert on its own, so one refusal (an alert
 * put up for closure meanwhile, another organisation's id) is reported and the others still change.
 */
export const bulkUpdateAlertsAction = serverAction('bulkUpdateAlertsAction', async (ids: unknown, change: unknown): Promise<BulkResult> => {
  const { actor } = await requirePerson();
  if (change !== 'assign_me' && change !== 'in_review') throw new InvalidInputError('change must be assign_me or in_review');
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > BULK_LIMIT || !ids.every((id) => typeof id === 'string')) {
    throw new InvalidInputError(`select 1 to ${BULK_LIMIT} alerts`);
  }
  const result: BulkResult = { done: [], failed: [] };
  for (const id of new Set(ids as string[])) {
    if (!UUID.test(id)) {
      result.failed.push({ id, message: ALERT_NOT_FOUND });
      continue;
    }
    try {
      await updateAlert(getDb(), actor, id, change === 'assign_me' ? { assignedTo: actor.actorId } : { status: 'in_review' });
      result.done.push(id);
    } catch (err) {
      if (!(err instanceof ServiceError)) throw err;
      result.failed.push({ id, message: err.message });
    }
  }
  if (result.done.length > 0) refresh();
  return result;
});

/** Assign the alert to the signed-in person (PATCH assigned_to). */
export const assignToMeAction = formAction('assignToMeAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  const id = alertIdOf(form);
  await updateAlert(getDb(), actor, id, { assignedTo: actor.actorId });
  refresh(id);
  return { ok: true, message: undefined };
});

/** Open or in review (PATCH status). */
export const setStatusAction = formAction('setStatusAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  const id = alertIdOf(form);
  const status = form.get('status');
  if (status !== 'open' && status !== 'in_review') throw new InvalidInputError('unknown status', 'status');
  await updateAlert(getDb(), actor, id, { status });
  refresh(id);
  return { ok: true };
});

/** A note on the alert (POST /v1/alerts/{id}/notes); the verb's refusal shows beside the box. */
export const addNoteAction = formAction('addNoteAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  const values = textValues(form, ['body']);
  const id = alertIdOf(form);
  try {
    await addNote(getDb(), actor, id, { body: String(form.get('body') ?? '') });
  } catch (err) {
    return formStateOf(err, values);
  }
  refresh(id);
  return { ok: true };
});

/**
 * Put the alert up for closure with a disposition and a note saying why. The console requires the note;
 * requestClosure stores it as an alert note in the closure's own transaction, so a refused request
 * leaves no note behind.
 */
export const requestClosureAction = formAction('requestClosureAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  const values = textValues(form, ['disposition', 'note']);
  const id = alertIdOf(form);
  const disposition = requestClosureBody.safeParse({ disposition: form.get('disposition') ?? undefined });
  const note = String(form.get('note') ?? '');
  const fieldErrors: Record<string, string> = {};
  if (!disposition.success) fieldErrors.disposition = disposition.error.issues[0]?.message ?? 'unknown disposition';
  if (note.trim() === '') fieldErrors.note = NOTE_REQUIRED;
  if (!disposition.success || Object.keys(fieldErrors).length > 0) return { fieldErrors, values };
  try {
    await requestClosure(getDb(), actor, id, { disposition: disposition.data.disposition, note });
  } catch (err) {
    return formStateOf(err, values);
  }
  refresh(id);
  return { ok: true };
});

/** Approve someone else's closure request (four-eyes: another owner; a reviewer or an admin). */
export const approveClosureAction = formAction('approveClosureAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  // The verb decides too; asked here as well so the refusal is the policy's own words before any lookup.
  authorize(actor, 'approve');
  const id = alertIdOf(form);
  await approveClosure(getDb(), actor, id);
  refresh(id);
  return { ok: true };
});

/** Send a closure request back to in review (a reviewer or an admin). */
export const rejectClosureAction = formAction('rejectClosureAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  // The verb decides too; asked here as well so the refusal is the policy's own words before any lookup.
  authorize(actor, 'approve');
  const id = alertIdOf(form);
  await rejectClosure(getDb(), actor, id);
  refresh(id);
  return { ok: true };
});

/** The case a form or the queue names; anything but a UUID is no case of anyone's (404, as /v1 answers). */
function caseIdOf(value: unknown): string {
  const id = String(value ?? '');
  if (!UUID.test(id)) throw new NotFoundError(CASE_NOT_FOUND);
  return id;
}

/**
 * "Open a case" on the alert page: a case of this alert with the title given (createCase, POST
 * /v1/cases), then the case's page. An alert already in a case is refused with the case named.
 */
export const openCaseAction = formAction('openCaseAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  const values = textValues(form, ['title']);
  const alertId = alertIdOf(form);
  let caseId: string;
  try {
    caseId = (await createCase(getDb(), actor, { title: String(form.get('title') ?? ''), alert_ids: [alertId] })).case.id;
  } catch (err) {
    return formStateOf(err, values);
  }
  refresh(alertId);
  revalidatePath('/cases');
  redirect(`/cases/${caseId}`);
});

/** "Add to case" on the alert page: the alert joins the open case chosen (POST /v1/cases/{id}/alerts). */
export const addToCaseAction = formAction('addToCaseAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  const alertId = alertIdOf(form);
  const value = form.get('case_id');
  if (value === null || value === '') return { fieldErrors: { case_id: 'choose a case' } };
  const caseId = caseIdOf(value);
  await addAlertToCase(getDb(), actor, caseId, { alert_id: alertId });
  refresh(alertId);
  revalidatePath('/cases');
  revalidatePath(`/cases/${caseId}`);
  return { ok: true };
});

export interface BulkCaseResult extends BulkResult {
  /** The case opened or added to. */
  caseId?: string;
  caseNumber?: number;
  /** A refusal of the whole request (an alert already in a case, a case not found or closed), in the service's words. */
  error?: string;
}

/**
 * The queue's bulk case actions on the selected alerts, as the signed-in person. `open`: one new case
 * of all of them, titled `target` (createCase: all or nothing, so an alert already in a case refuses
 * the whole request with that case named; the subject is the first selected alert's). `add`: each
 * alert joins the case `target` on its own (addAlertToCase), so one refusal is reported and the others
 * still join. Refusals come back as values, so the queue can show the service's words.
 */
export const bulkCaseAction = serverAction(
  'bulkCaseAction',
  async (ids: unknown, change: unknown, target: unknown): Promise<BulkCaseResult> => {
    const { actor } = await requirePerson();
    if (change !== 'open' && change !== 'add') throw new InvalidInputError('change must be open or add');
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > 100 || !ids.every((id) => typeof id === 'string')) {
      throw new InvalidInputError('select 1 to 100 alerts');
    }
    const unique = [...new Set(ids as string[])];
    if (change === 'open') {
      try {
        if (!unique.every((id) => UUID.test(id))) throw new NotFoundError(ALERT_NOT_FOUND);
        const made = await createCase(getDb(), actor, { title: String(target ?? ''), alert_ids: unique });
        refresh();
        revalidatePath('/cases');
        return { caseId: made.case.id, caseNumber: made.case.number, done: unique, failed: [] };
      } catch (err) {
        if (!(err instanceof ServiceError)) throw err;
        return { done: [], failed: [], error: err.message };
      }
    }
    const result: BulkCaseResult = { done: [], failed: [] };
    if (typeof target !== 'string' || !UUID.test(target)) return { ...result, error: CASE_NOT_FOUND };
    result.caseId = target;
    for (const id of unique) {
      if (!UUID.test(id)) {
        result.failed.push({ id, message: ALERT_NOT_FOUND });
        continue;
      }
      try {
        result.caseNumber = (await addAlertToCase(getDb(), actor, target, { alert_id: id })).case.number;
        result.done.push(id);
      } catch (err) {
        if (!(err instanceof ServiceError)) throw err;
        // A case that is not there, or closed, refuses every alert alike: said once, for the whole request.
        if (err.message === CASE_NOT_FOUND || err.message === CASE_CLOSED_MESSAGE) return { done: result.done, failed: [], error: err.message };
        result.failed.push({ id, message: err.message });
      }
    }
    if (result.done.length > 0) {
      refresh();
      revalidatePath('/cases');
      revalidatePath(`/cases/${target}`);
    }
    return result;
  },
);
