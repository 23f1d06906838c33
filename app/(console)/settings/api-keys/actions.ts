'use server';

import { revalidatePath } from 'next/cache';
import { getDb } from '@/db/client';
import { requirePerson } from '@/lib/auth/current-person';
import { formStateOf, textValues, type FormState } from '@/lib/forms/form-state';
import { createKey } from '@/lib/keys/create-key';
import { revokeKey } from '@/lib/keys/revoke-key';
import { formAction } from '@/lib/http/server-action';

const PATH = '/settings/api-keys';

/** The same functions as POST /v1/keys and DELETE /v1/keys/{id}, with the signed-in person as the actor (they refuse all but admins). */
export const createKeyAction = formAction('createKeyAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  const values = textValues(form, ['name']);
  try {
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
    return formStateOf(err, values);
  }
});

export const revokeKeyAction = formAction('revokeKeyAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  try {
    await revokeKey(getDb(), actor, String(form.get('key_id') ?? ''));
    revalidatePath(PATH);
    return { ok: true };
  } catch (err) {
    return formStateOf(err);
  }
});
