import { z } from 'zod';
import { characters, EMAIL_MAX, emailMessage, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, passwordMessage, textMessage } from '@/lib/people/input';

export const SETUP_FIELDS = ['institution', 'licence', 'regulator', 'admin_name', 'admin_email', 'admin_password'] as const;
export type SetupField = (typeof SETUP_FIELDS)[number];

/** How the messages name each field: by default the API's field names (`admin_password must be …`). */
export type SetupFieldNames = Record<SetupField, string>;
const API_NAMES = Object.fromEntries(SETUP_FIELDS.map((f) => [f, f])) as SetupFieldNames;

const emailShape = z.email();

/**
 * completeSetup; POST /v1/setup body, also the wizard's second step, whose messages name the fields in
 * words (`names`). Field limits (DESIGN.md): institution, licence, regulator and admin_name 1 to 200
 * characters; admin_email an email of at most 254; the admin password 12 to 72 characters.
 */
export function setupSchema(names: SetupFieldNames = API_NAMES) {
  const text = (field: SetupField) =>
    z
      .string({ error: textMessage(names[field]) })
      .trim()
      .refine((v) => v.length > 0 && characters(v) <= NAME_MAX, { error: textMessage(names[field]) });
  return z.object({
    institution: text('institution'),
    licence: text('licence'),
    regulator: text('regulator'),
    admin_name: text('admin_name'),
    admin_email: z
      .string({ error: emailMessage(names.admin_email) })
      .trim()
      .refine((v) => v.length <= EMAIL_MAX && emailShape.safeParse(v).success, { error: emailMessage(names.admin_email) }),
    admin_password: z
      .string({ error: passwordMessage(names.admin_password) })
      .refine((v) => characters(v) >= PASSWORD_MIN && characters(v) <= PASSWORD_MAX, { error: passwordMessage(names.admin_password) }),
  });
}

/** POST /v1/setup body. */
export const setupInput = setupSchema();

export type SetupInput = z.input<typeof setupInput>;
