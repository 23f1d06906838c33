/**
 * Checks of the fields people are made of, shared by setup, the people screens, the CLI and sign-in,
 * so every way in gives the same answer with the same message.
 */
import { z } from 'zod';
import { ROLES, type Role } from '@/db/schema/people';
import { InvalidInputError } from '@/lib/errors';

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

/** A trimmed text of 1 to `max` characters. */
export function checkText(value: unknown, field: string, max = NAME_MAX): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text.length === 0 || characters(text) > max) throw new InvalidInputError(textMessage(field, max), field);
  return text;
}

/** A trimmed email address of at most 254 characters. Kept as written; compared case-insensitively. */
export function checkEmail(value: unknown, field = 'email'): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text.length === 0 || text.length > EMAIL_MAX || !emailShape.safeParse(text).success) {
    throw new InvalidInputError(emailMessage(field), field);
  }
  return text;
}

/** 12 to 72 characters, used exactly as typed (no trimming: spaces are characters of a passphrase). */
export function checkPassword(value: unknown, field = 'password', label = field): string {
  if (typeof value !== 'string') throw new InvalidInputError(passwordMessage(label), field);
  const n = characters(value);
  if (n < PASSWORD_MIN || n > PASSWORD_MAX) throw new InvalidInputError(passwordMessage(label), field);
  return value;
}

export function checkRole(value: unknown, field = 'role'): Role {
  if (typeof value !== 'string' || !(ROLES as readonly string[]).includes(value)) throw new InvalidInputError(ROLE_MESSAGE, field);
  return value as Role;
}
