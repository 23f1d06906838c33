'use server';

import { getDb } from '@/db/client';
import { signOut } from '@/lib/auth/auth';
import { currentPerson } from '@/lib/auth/current-person';
import { signOutSession } from '@/lib/auth/sign-out';
import { serverAction } from '@/lib/http/server-action';

/** Ends the session row (so a copy of the cookie is useless too), clears the cookie, and goes to sign-in. */
export const signOutAction = serverAction('signOutAction', async (): Promise<void> => {
  const person = await currentPerson();
  if (person) await signOutSession(getDb(), person.sessionId);
  await signOut({ redirectTo: '/sign-in?signed_out=1' });
});
