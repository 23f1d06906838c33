'use server';

import { revalidatePath } from 'next/cache';
import { getDb } from '@/db/client';
import { requirePerson } from '@/lib/auth/current-person';
import { formStateOf, textValues, type FormState } from '@/lib/forms/form-state';
import { formAction } from '@/lib/http/server-action';
import { findOrganisation } from '@/lib/orgs/find-organisation';
import { FILING_FIELD_WORDS, FILING_FIELDS } from '@/lib/orgs/schemas';
import { updateFilingDetails } from '@/lib/orgs/update-filing-details';

const PATH = '/settings/organisation';

/**
 * The same function as `service-admin orgs update`, with the signed-in person as the actor (it refuses all
 * but admins), its messages in the screen's words. A box left empty for a detail that is still missing is
 * not sent (fill in one at a time); emptying one that is set is refused, as filings need all three.
 */
export const updateFilingDetailsAction = formAction('updateFilingDetailsAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  const values = textValues(form, [...FILING_FIELDS]);
  try {
    const stored = await findOrganisation(getDb(), actor.orgId);
    const input = Object.fromEntries(
      FILING_FIELDS.filter((f) => values[f] !== undefined && !(values[f]?.trim() === '' && stored[f] === null)).map((f) => [f, values[f]]),
    );
    const org = await updateFilingDetails(getDb(), actor, input, { fieldNames: FILING_FIELD_WORDS });
    revalidatePath(PATH);
    return { ok: true, values: { institution: org.institution ?? '', licence: org.licence ?? '', regulator: org.regulator ?? '' } };
  } catch (err) {
    return formStateOf(err, values);
  }
});
