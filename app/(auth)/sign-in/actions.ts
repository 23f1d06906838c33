'use server';

import { AuthError, CredentialsSignin } from 'next-auth';
import { signIn } from '@/lib/auth/auth';
import { signInMessage } from '@/lib/auth/sign-in-with-password';
import type { FormState } from '@/lib/forms/form-state';
import { formAction } from '@/lib/http/server-action';

/** Signs in through Auth.js's credentials flow (the same one as POST /api/auth/callback/credentials). */
export const signInAction = formAction('signInAction', async (_prev: FormState, form: FormData): Promise<FormState> => {
  const email = typeof form.get('email') === 'string' ? String(form.get('email')).trim() : '';
  const password = typeof form.get('password') === 'string' ? String(form.get('password')) : '';
  const values = { email };
  const fieldErrors: Record<string, string> = {};
  if (!email) fieldErrors.email = 'enter your email';
  if (!password) fieldErrors.password = 'enter your password';
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors, values };
  try {
    // On success this redirects (a thrown redirect that must not be caught here).
    await signIn('credentials', { email, password, redirectTo: '/' });
  } catch (err) {
    if (err instanceof CredentialsSignin) return { message: signInMessage(err.code), values };
    if (err instanceof AuthError) return { message: 'signing in failed; try again', values };
    throw err;
  }
  return { values };
});
