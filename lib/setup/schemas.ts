import { z } from 'zod';
import { emailField, passwordField, textField } from '@/lib/people/schemas';

export const SETUP_FIELDS = ['institution', 'licence', 'regulator', 'admin_name', 'admin_email', 'admin_password'] as const;
export type SetupField = (typeof SETUP_FIELDS)[number];

/** How the messages name each field: by default the API's field names (`admin_password must be …`). */
export type SetupFieldNames = Record<SetupField, string>;
const API_NAMES = Object.fromEntries(SETUP_FIELDS.map((f) => [f, f])) as SetupFieldNames;

/** How the setup wizard names the fields in its messages (`the password must be …`). */
export const SETUP_FIELD_WORDS: SetupFieldNames = {
  institution: 'the institution name',
  licence: 'the licence number',
  regulator: 'the regulator',
  admin_name: 'the name',
  admin_email: 'the email',
  admin_password: 'the password',
};

/**
 * completeSetup; POST /v1/setup body, also the wizard's second step, whose messages name the fields in
 * words (`names`). Field limits (DESIGN.md): institution, licence, regulator and admin_name 1 to 200
 * characters; admin_email an email of at most 254; the admin password 12 to 72 characters.
 */
export function setupSchema(names: SetupFieldNames = API_NAMES) {
  return z.object({
    institution: textField(names.institution),
    licence: textField(names.licence),
    regulator: textField(names.regulator),
    admin_name: textField(names.admin_name),
    admin_email: emailField(names.admin_email),
    admin_password: passwordField(names.admin_password),
  });
}

/** POST /v1/setup body. */
export const setupInput = setupSchema();

export type SetupInput = z.input<typeof setupInput>;

/** SERVICE_BOOTSTRAP_ADMIN_EMAIL and SERVICE_BOOTSTRAP_ADMIN_PASSWORD, named as the settings they come from. */
export const bootstrapAdminSettings = z.object({
  SERVICE_BOOTSTRAP_ADMIN_EMAIL: emailField('SERVICE_BOOTSTRAP_ADMIN_EMAIL'),
  SERVICE_BOOTSTRAP_ADMIN_PASSWORD: passwordField('SERVICE_BOOTSTRAP_ADMIN_PASSWORD'),
});
