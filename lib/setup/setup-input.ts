import { z } from 'zod';
import { characters, EMAIL_MAX, emailMessage, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, passwordMessage, textMessage } from '@/lib/people/input';

const text = (field: string) =>
  z
    .string({ error: textMessage(field) })
    .trim()
    .refine((v) => v.length > 0 && characters(v) <= NAME_MAX, { error: textMessage(field) });

const emailShape = z.email();

/**
 * The body of POST /v1/setup, also the wizard's second step. Field limits (DESIGN.md): institution,
 * licence, regulator and admin_name 1 to 200 characters; admin_email an email of at most 254; the admin
 * password 12 to 72 characters.
 */
export const setupInputSchema = z.object({
  institution: text('institution'),
  licence: text('licence'),
  regulator: text('regulator'),
  admin_name: text('admin_name'),
  admin_email: z
    .string({ error: emailMessage('admin_email') })
    .trim()
    .refine((v) => v.length <= EMAIL_MAX && emailShape.safeParse(v).success, { error: emailMessage('admin_email') }),
  admin_password: z
    .string({ error: passwordMessage('admin_password') })
    .refine((v) => characters(v) >= PASSWORD_MIN && characters(v) <= PASSWORD_MAX, { error: passwordMessage('admin_password') }),
});

export type SetupInput = z.output<typeof setupInputSchema>;
