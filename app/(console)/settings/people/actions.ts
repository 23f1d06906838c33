'use server';

import { revalidatePath } from 'next/cache';
import { getDb } from '@/db/client';
import { requirePerson } from '@/lib/auth/current-person';
import { formStateOf, textValues, type FormState } from '@/lib/forms/form-state';
import { changeRole } from '@/lib/people/change-role';
import { createPerson } from '@/lib/people/create-person';
import { deactivatePerson } from '@/lib/people/deactivate-person';
import { formAction } from '@/lib/http/server-action';

const PATH = '/settings/people';

export const addPersonAction = formAction('addPersonAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  const values = textValues(form, ['name', 'email', 'role']);
  try {
    // The console always hands out a one-time password: the person chooses their own at first sign-in.
    const { person, password } = await createPerson(getDb(), actor, { name: form.get('name'), email: form.get('email'), role: form.get('role') });
    revalidatePath(PATH);
    return {
      ok: true,
      reveal: {
        title: `${person.name} (${person.email}) can now sign in as ${person.role} with this one-time password:`,
        value: password,
        note: 'It is shown only this once. Hand it over in person or by a second channel; they will choose their own password at first sign-in.',
      },
    };
  } catch (err) {
    return formStateOf(err, values);
  }
});

export const changeRoleAction = formAction('changeRoleAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  try {
    const person = await changeRole(getDb(), actor, String(form.get('person_id') ?? ''), form.get('role'));
    revalidatePath(PATH);
    return { ok: true, message: undefined, values: { role: person.role } };
  } catch (err) {
    return formStateOf(err);
  }
});

export const deactivatePersonAction = formAction('deactivatePersonAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const { actor } = await requirePerson();
  try {
    await deactivatePerson(getDb(), actor, String(form.get('person_id') ?? ''));
    revalidatePath(PATH);
    return { ok: true };
  } catch (err) {
    return formStateOf(err);
  }
});
