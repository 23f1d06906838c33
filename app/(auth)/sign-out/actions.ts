'use server';

import { getDb } from '@/db/client';
import { signOut } from '@/lib/auth/auth';
import { currentPerson } from '@/lib/auth/current-person';
import { signOutSession } from '@/lib/auth/sign-out';

/** Ends the session row (so a copy of the cookie is useless too), clears the cookie, and goes to sign-in. */
export async function signOutAction(): Promise<void> {
  const person = await currentPerson();
  if (person) await signOutSession(getDb(), person.sessionId);
  await signOut({ redirectTo: '/sign-in?signed_out=1' });
}
