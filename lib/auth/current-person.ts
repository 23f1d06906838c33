/**
 * The signed-in person for server components and server actions of the console. Every console page
 * (and every action) asks here, not only the layout: on client-side navigation Next.js re-renders the
 * page but not the shared layout, so only a page-level check notices a session that ended meanwhile.
 */
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '@/db/client';
import { setupComplete } from '@/lib/setup/installation';
import { authenticatePerson, type SignedInPerson } from './authenticate-person';

/** The person of this request, or null (read once per request). */
export const currentPerson = cache(async (): Promise<SignedInPerson | null> => authenticatePerson(getDb(), await headers()));

/**
 * The signed-in person, or a redirect: to /setup while setup is open, to /sign-in without a live session,
 * and to /change-password while the person still has a one-time password.
 */
export async function requirePerson(options: { allowPasswordChange?: boolean } = {}): Promise<SignedInPerson> {
  const person = await currentPerson();
  if (!person) {
    if (!(await setupComplete(getDb()))) redirect('/setup');
    redirect('/sign-in');
  }
  if (person.mustChangePassword && !options.allowPasswordChange) redirect('/change-password');
  return person;
}
