'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { getDb } from '@/db/client';
import { requirePerson } from '@/lib/auth/current-person';
import { NotFoundError } from '@/lib/errors';
import { formStateOf, textValues, type FormState } from '@/lib/forms/form-state';
import { formAction } from '@/lib/http/server-action';
import { createScreening } from '@/lib/screening/create-screening';
import { resolutionRequestOf, screeningRequestOf } from '@/lib/screening/form-input';
import { SCREENING_NOT_FOUND } from '@/lib/screening/lock-screening';
import { recordResolution } from '@/lib/screening/record-resolution';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The interface's messages name fields as the API spells them (`birth_year looks wrong`); a form says them in words. */
function inWords(state: FormState): FormState {
  const errors = state.fieldErrors;
  if (!errors?.birth_year) return state;
  return { ...state, fieldErrors: { ...errors, birth_year: errors.birth_year.replace(/^birth_year /, 'the birth year ') } };
}

/**
 * Screens a name from the console (the same verb as POST /v1/screenings, the signed-in person as the
 * actor) and goes to the new screening's page; a refused field is shown beside its box.
 */
export const createScreeningAction = formAction('createScreeningAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  const values = textValues(form, ['name', 'kind', 'birth_year', 'country', 'reference']);
  let id: string;
  try {
    id = (await createScreening(getDb(), actor, screeningRequestOf(form))).id;
  } catch (err) {
    return inWords(formStateOf(err, values));
  }
  revalidatePath('/', 'layout');
  redirect(`/screenings/${id}`);
});

/**
 * Records a decision on one match or near miss (the same verb as POST /v1/screenings/{id}/resolutions):
 * a false positive then waits for a second person; a true match or "needs information" is final.
 */
export const recordResolutionAction = formAction('recordResolutionAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  const values = textValues(form, ['outcome', 'note']);
  try {
    const screeningId = String(form.get('screening_id') ?? '');
    if (!UUID.test(screeningId)) throw new NotFoundError(SCREENING_NOT_FOUND);
    await recordResolution(getDb(), actor, screeningId, resolutionRequestOf(form));
  } catch (err) {
    return formStateOf(err, values);
  }
  revalidatePath('/', 'layout');
  return { ok: true };
});
