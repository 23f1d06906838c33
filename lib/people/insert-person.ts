import { sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { isUniqueViolation } from '@/db/errors';
import { people, type Role } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError } from '@/lib/errors';
import type { PersonRow } from './serialize';

export const EMAIL_TAKEN_MESSAGE = 'this email already has an account';

export interface NewPerson {
  orgId: string;
  email: string;
  name: string;
  role: Role;
  passwordHash: string;
  mustChangePassword: boolean;
}

/**
 * Inserts a person and writes `person.created`, inside the caller's transaction. Emails are unique across
 * the install whatever their case; a clash (also one lost to a concurrent insert) is a 409 naming
 * `emailField`, so a form shows it beside the email box.
 */
export async function insertPerson(tx: Queryable, actor: Actor, input: NewPerson, emailField = 'email'): Promise<PersonRow> {
  const taken = await tx.select({ id: people.id }).from(people).where(sql`lower(${people.email}) = lower(${input.email})`);
  if (taken.length > 0) throw new ConflictError(EMAIL_TAKEN_MESSAGE, emailField);
  let row: PersonRow | undefined;
  try {
    [row] = await tx
      .insert(people)
      .values({ ...input, createdBy: actor.actorId })
      .returning();
  } catch (err) {
    if (isUniqueViolation(err, 'people_email_key')) throw new ConflictError(EMAIL_TAKEN_MESSAGE, emailField);
    throw err;
  }
  if (!row) throw new Error('person insert returned no row');
  await recordAudit(tx, { ...actor, orgId: input.orgId }, {
    action: 'person.created',
    targetType: 'person',
    targetId: row.id,
    changes: { email: row.email, name: row.name, role: row.role, must_change_password: row.mustChangePassword },
  });
  return row;
}
