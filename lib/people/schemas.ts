/**
 * The fields people are made of, shared by setup, the people screens, the command line and sign-in, so
 * every way in gives the same answer with the same message, and the inputs of the people verbs.
 */
import { z } from 'zod';
import { ROLES } from '@/db/schema/people';

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 72;
export const NAME_MAX = 200;
export const EMAIL_MAX = 254;

export const passwordMessage = (field = 'password') => `${field} must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`;
export const emailMessage = (field = 'email') => `${field} must be an email address of at most ${EMAIL_MAX} characters`;
export const textMessage = (field: string, max = NAME_MAX) => `${field} must be 1 to ${max} characters`;
export const ROLE_MESSAGE = 'role must be analyst, reviewer or admin';

/** Length in characters as a person counts them (code points), not UTF-16 units. */
export const characters = (text: string): number => [...text].length;

const emailShape = z.email();

/** A trimmed text of 1 to `max` characters; `label` names the field in the message. */
export const textField = (label: string, max = NAME_MAX) =>
  z
    .string({ error: textMessage(label, max) })
    .trim()
    .refine((v) => v.length > 0 && characters(v) <= max, { error: textMessage(label, max) });

/** A trimmed email address of at most 254 characters. Kept as written; compared case-insensitively. */
export const emailField = (label = 'email') =>
  z
    .string({ error: emailMessage(label) })
    .trim()
    .refine((v) => v.length > 0 && v.length <= EMAIL_MAX && emailShape.safeParse(v).success, { error: emailMessage(label) });

/** 12 to 72 characters, used exactly as typed (no trimming: spaces are characters of a passphrase). */
export const passwordField = (label = 'password') =>
  z
    .string({ error: passwordMessage(label) })
    .refine((v) => characters(v) >= PASSWORD_MIN && characters(v) <= PASSWORD_MAX, { error: passwordMessage(label) });

const role = z.enum(ROLES, { error: ROLE_MESSAGE });

/** createPerson: a final password is optional (none, null or empty: a one-time password is made). */
export const newPersonInput = z.object({
  name: textField('name'),
  email: emailField(),
  role,
  password: z.preprocess((v) => (v === null || v === '' ? undefined : v), passwordField().optional()),
});

/** changeRole. */
export const roleChangeInput = z.object({ role });

/** changePassword's new password, named as the form names it. */
export const newPasswordInput = z.object({ new_password: passwordField('the new password') });
