'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { getDb } from '@/db/client';
import { requirePerson } from '@/lib/auth/current-person';
import { NotFoundError } from '@/lib/errors';
import { formStateOf, textValues, type FormState } from '@/lib/forms/form-state';
import { formAction } from '@/lib/http/server-action';
import { createPack } from '@/lib/reports/packs/create-pack';
import { generatePack } from '@/lib/reports/packs/generate-pack';
import { PACK_NOT_FOUND } from '@/lib/reports/packs/schemas';
import { updatePackSection } from '@/lib/reports/packs/update-section';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The pack an action names; anything but a UUID is no record of anyone's (404, as /v1 answers). */
function packIdOf(form: FormData): string {
  const id = String(form.get('pack_id') ?? '');
  if (!UUID.test(id)) throw new NotFoundError(PACK_NOT_FOUND);
  return id;
}

function refresh(id: string): void {
  revalidatePath(`/reports/packs/${id}`);
  revalidatePath('/reports');
}

/** "Start a pack" on /reports (POST /v1/reports/packs): empty dates mean the current quarter; then the pack's page. */
export const createPackAction = formAction('createPackAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  const values = textValues(form, ['from', 'to', 'purpose']);
  const from = values.from?.trim() || undefined;
  const to = values.to?.trim() || undefined;
  const purpose = values.purpose?.trim() || undefined;
  let id: string;
  try {
    ({ id } = await createPack(getDb(), actor, { from, to, purpose }));
  } catch (err) {
    return formStateOf(err, values);
  }
  refresh(id);
  redirect(`/reports/packs/${id}`);
});

/** A section's text saved (PATCH /v1/reports/packs/{id}/sections/{key}); a generated pack goes back to draft. */
export const savePackSectionAction = formAction('savePackSectionAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  const id = packIdOf(form);
  const key = String(form.get('key') ?? '');
  const text = String(form.get('text') ?? '');
  try {
    await updatePackSection(getDb(), actor, id, key, { text });
  } catch (err) {
    return formStateOf(err, { text });
  }
  refresh(id);
  return { ok: true };
});

/** "Generate PDF" (POST /v1/reports/packs/{id}/generate): a reviewer or admin. */
export const generatePackAction = formAction('generatePackAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  const id = packIdOf(form);
  try {
    await generatePack(getDb(), actor, id);
  } catch (err) {
    return formStateOf(err);
  }
  refresh(id);
  return { ok: true };
});
