import { z } from 'zod';
import { SETUP_FIELD_WORDS, setupSchema, type SetupFieldNames } from '@/lib/setup/schemas';

/** The organisation's details that head its regulatory filings, as setup asks for them. */
export const FILING_FIELDS = ['institution', 'licence', 'regulator'] as const;
export type FilingField = (typeof FILING_FIELDS)[number];

/** How the messages name each field: by default as the command line and the audit log do (`licence must be …`). */
export type FilingFieldNames = Pick<SetupFieldNames, FilingField>;

const API_NAMES: FilingFieldNames = { institution: 'institution', licence: 'licence', regulator: 'regulator' };

/** How the organisation screen names the fields in its messages, in the setup wizard's words (`the licence number must be …`). */
export const FILING_FIELD_WORDS: FilingFieldNames = {
  institution: SETUP_FIELD_WORDS.institution,
  licence: SETUP_FIELD_WORDS.licence,
  regulator: SETUP_FIELD_WORDS.regulator,
};

/** Refusal when none of the three is given, naming them as `names` does. */
export const nothingToChangeMessage = (names: FilingFieldNames = API_NAMES): string =>
  `give at least one of ${names.institution}, ${names.licence} and ${names.regulator}`;

/**
 * updateFilingDetails: any of institution, licence and regulator, at least one. Each is setup's own field
 * (lib/setup/schemas.ts: trimmed, 1 to 200 characters, the same message), so a value setup would refuse is
 * refused here too; a field left out keeps its value, and none can be emptied (filings need all three).
 */
export function filingDetailsSchema(names: FilingFieldNames = API_NAMES) {
  return setupSchema({ ...SETUP_FIELD_WORDS, ...names })
    .pick({ institution: true, licence: true, regulator: true })
    .partial()
    .refine((v) => FILING_FIELDS.some((f) => v[f] !== undefined), { error: nothingToChangeMessage(names) });
}

/** The command line's and the tests' input: what each of the three is to become. */
export type FilingDetailsInput = z.input<ReturnType<typeof filingDetailsSchema>>;

/** Where a person sets the filing details in the console (a report's header check can point there). */
export const FILING_DETAILS_PATH = '/settings/organisation';

/** The filing details an organisation has not set yet, in the order institution, licence, regulator. */
export const missingFilingFields = (org: Record<FilingField, string | null>): FilingField[] => FILING_FIELDS.filter((f) => org[f] === null || org[f].trim() === '');
