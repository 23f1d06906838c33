'use server';

import { redirect } from 'next/navigation';
import { getDb } from '@/db/client';
import { currentPerson } from '@/lib/auth/current-person';
import { formStateOf, type FormState } from '@/lib/forms/form-state';
import { changePassword } from '@/lib/people/change-password';
import { formAction } from '@/lib/http/server-action';

export const changePasswordAction = formAction('changePasswordAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const person = await currentPerson();
  if (!person) redirect('/sign-in');
  const currentPassword = form.get('current_password');
  const newPassword = form.get('new_password');
  if (typeof newPassword === 'string' && newPassword !== form.get('new_password_confirm')) {
    return { fieldErrors: { new_password_confirm: 'the two new passwords are not the same' } };
  }
  try {
    await changePassword(getDb(), person.actor, { currentPassword, newPassword, sessionId: person.sessionId });
  } catch (err) {
    return formStateOf(err);
  }
  redirect('/');
});
