'use server';

import { revalidatePath } from 'next/cache';
import { getDb } from '@/db/client';
import { approveClosure } from '@/lib/alerts/approve-closure';
import { ALERT_NOT_FOUND } from '@/lib/alerts/get-alert';
import { rejectClosure } from '@/lib/alerts/reject-closure';
import { requirePerson } from '@/lib/auth/current-person';
import { NotFoundError } from '@/lib/errors';
import type { FormState } from '@/lib/forms/form-state';
import { formAction } from '@/lib/http/server-action';
import { approveResolution } from '@/lib/screening/approve-resolution';
import { RESOLUTION_NOT_FOUND } from '@/lib/screening/lock-screening';
import { rejectResolution } from '@/lib/screening/reject-resolution';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record's id from the form; anything that is not an id names no record (not found, as an unknown one). */
function idField(form: FormData, name: string, notFound: string): string {
  const value = String(form.get(name) ?? '');
  if (!UUID.test(value)) throw new NotFoundError(notFound);
  return value;
}

/** Every screen shows waiting items (the navigation's count, home, approvals, the screening page). */
function refreshScreens(): void {
  revalidatePath('/', 'layout');
}

/**
 * The second step of four-eyes from the console: the same verbs as POST /v1/alerts/{id}/closure/approve
 * and .../reject and the screening resolution approve and reject, with the signed-in person as the
 * actor. The verbs decide: the role (lib/auth/policy.ts), four-eyes by owner, the state, and another
 * organisation's record (not found).
 */
export const approveClosureAction = formAction('approveClosureAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  await approveClosure(getDb(), actor, idField(form, 'alert_id', ALERT_NOT_FOUND));
  refreshScreens();
  return { ok: true };
});

export const rejectClosureAction = formAction('rejectClosureAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  await rejectClosure(getDb(), actor, idField(form, 'alert_id', ALERT_NOT_FOUND));
  refreshScreens();
  return { ok: true };
});

export const approveClearanceAction = formAction('approveClearanceAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  await approveResolution(getDb(), actor, idField(form, 'screening_id', RESOLUTION_NOT_FOUND), idField(form, 'resolution_id', RESOLUTION_NOT_FOUND));
  refreshScreens();
  return { ok: true };
});

export const rejectClearanceAction = formAction('rejectClearanceAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  await rejectResolution(getDb(), actor, idField(form, 'screening_id', RESOLUTION_NOT_FOUND), idField(form, 'resolution_id', RESOLUTION_NOT_FOUND));
  refreshScreens();
  return { ok: true };
});
