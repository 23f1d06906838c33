import type { Database } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { generateOneTimePassword, hashPassword } from '@/lib/auth/passwords';
import { authorizePeopleAdministration } from '@/lib/auth/policy';
import { parseInput } from '@/lib/validation';
import { newPersonInput } from './schemas';
import { insertPerson } from './insert-person';
import type { PersonRow } from './serialize';

export interface CreatePersonInput {
  email: unknown;
  name: unknown;
  role: unknown;
  /** A final password. Without one, a one-time password is generated and must be changed at first sign-in. */
  password?: unknown;
}

export interface CreatedPerson {
  person: PersonRow;
  /** The password to hand over: the one given, or the generated one-time password. Shown once, never stored. */
  password: string;
  oneTime: boolean;
}

/** Adds a person to the actor's organisation (admins, and the command line). */
export async function createPerson(db: Database, actor: Actor, input: CreatePersonInput): Promise<CreatedPerson> {
  authorizePeopleAdministration(actor, 'manage people');
  const { name, email, role, password: given } = parseInput(newPersonInput, input);
  const oneTime = given === undefined;
  const password = given ?? generateOneTimePassword();
  const passwordHash = await hashPassword(password);
  const person = await db.transaction((tx) =>
    insertPerson(tx, actor, { orgId: actor.orgId, email, name, role, passwordHash, mustChangePassword: oneTime }),
  );
  return { person, password, oneTime };
}
