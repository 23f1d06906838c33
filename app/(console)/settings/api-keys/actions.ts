'use server';

import { revalidatePath } from 'next/cache';
import { getDb } from '@/db/client';
import { requirePerson } from '@/lib/auth/current-person';
import { requireAdmin } from '@/lib/auth/person-actor';
import { formStateOf, textValues, type FormState } from '@/lib/forms/form-state';
import { createKey } from '@/lib/keys/create-key';
import { revokeKey } from '@/lib/keys/revoke-key';
import { formAction } from '@/lib/http/server-action';

const PATH = '/settings/api-keys';

/** The same functions as POST /v1/keys and DELETE /v1/keys/{id}, with the signed-in admin as the actor. */
export const createKeyAction = formAction('createKeyAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  const values = textValues(form, ['name']);
  try {
    requireAdmin(actor, 'manage API keys');
    const { key, secret } = await createKey(getDb(), actor, { name: String(form.get('name') ?? '') });
    revalidatePath(PATH);
    return {
      ok: true,
      reveal: {
        title: `Secret of the new key "${key.name}":`,
        value: secret,
        note: 'Copy it now: it is shown only this once and the service keeps only its hash. Integrators send it as "Authorization: Bearer <key>".',
      },
    };
  } catch (err) {
    const state = formStateOf(err, values);
    // createKey's message names the field (`name must be 1 to 64 characters`): show it beside the box.
    return state.message?.startsWith('name ') ? { fieldErrors: { name: state.message }, values } : state;
  }
});

export const revokeKeyAction = formAction('revokeKeyAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  try {
    requireAdmin(actor, 'manage API keys');
    await revokeKey(getDb(), actor, String(form.get('key_id') ?? ''));
    revalidatePath(PATH);
    return { ok: true };
  } catch (err) {
    return formStateOf(err);
  }
});
