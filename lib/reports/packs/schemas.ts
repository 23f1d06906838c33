import { z } from 'zod';
import { isCalendarDay } from '@/lib/reports/ctr/schemas';

// The inputs of the evidence pack verbs, each one schema: the verb parses with it (lib/validation.ts), /v1 parses its
// body with it and the OpenAPI document is generated from it.

/** DESIGN's sections, in the order a pack shows and prints them. */
export const PACK_SECTION_KEYS = [
  'summary',
  'governance',
  'risk_assessment',
  'screening',
  'monitoring',
  'cases',
  'reporting',
  'rule_changes',
  'data_quality',
  'training',
  'independent_testing',
  'documents',
] as const;
export type PackSectionKey = (typeof PACK_SECTION_KEYS)[number];

export const PACK_SECTION_TITLES: Record<PackSectionKey, string> = {
  summary: 'Summary',
  governance: 'Governance and oversight',
  risk_assessment: 'Risk assessment',
  screening: 'Sanctions and PEP screening',
  monitoring: 'Transaction monitoring',
  cases: 'Investigations',
  reporting: 'Regulatory reporting',
  rule_changes: 'Rule changes',
  data_quality: 'Data quality',
  training: 'Training',
  independent_testing: 'Independent testing',
  documents: 'Documents',
};

export const PACK_NOT_FOUND = 'evidence pack not found';
export const SECTION_NOT_FOUND = 'section not found; sections are ' + PACK_SECTION_KEYS.join(', ');
export const FROM_MESSAGE = 'from must be a date as YYYY-MM-DD';
export const TO_MESSAGE = 'to must be a date as YYYY-MM-DD';
export const BOTH_DATES_MESSAGE = 'send both from and to, or neither for the current quarter';
export const ORDER_MESSAGE = 'to must be on or after from';
export const PURPOSE_MESSAGE = 'purpose must be at most 200 characters';
export const PURPOSE_MAX_CHARS = 200;
export const SECTION_TEXT_MAX_CHARS = 20_000;
export const TEXT_MESSAGE = `text must be a string of at most ${SECTION_TEXT_MAX_CHARS} characters`;
export const ROLE_CANNOT_GENERATE = 'only a reviewer or an admin can generate an evidence pack';
export const NOT_GENERATED_MESSAGE = 'the evidence pack has not been generated';
export const CHANGED_WHILE_GENERATING = 'the evidence pack changed while it was being generated; generate it again';
// A section's document is uploaded as an STR attachment is, and refused in the same words.
export {
  ATTACHMENT_TYPE_MESSAGE as DOCUMENT_TYPE_MESSAGE,
  ATTACHMENT_TOO_LARGE_MESSAGE as DOCUMENT_TOO_LARGE_MESSAGE,
  ATTACHMENT_FIELD_MESSAGE as DOCUMENT_FIELD_MESSAGE,
  ATTACHMENT_ONE_FILE_MESSAGE as DOCUMENT_ONE_FILE_MESSAGE,
  ATTACHMENT_MALFORMED_MESSAGE as DOCUMENT_MALFORMED_MESSAGE,
} from '@/lib/reports/str/schemas';

const day = (message: string) => z.string({ error: message }).refine((v) => isCalendarDay(v) && v >= '1970-01-01', message).meta({ format: 'date' });

/** createPack; POST /v1/reports/packs body: the period (both days included) and purpose; no dates: the current quarter. */
export const packCreateInput = z
  .object({
    from: day(FROM_MESSAGE).optional().meta({ description: 'First day of the period (UTC)' }),
    to: day(TO_MESSAGE).optional().meta({ description: 'Last day of the period (UTC), included' }),
    purpose: z
      .string({ error: PURPOSE_MESSAGE })
      .trim()
      .max(PURPOSE_MAX_CHARS, PURPOSE_MESSAGE)
      .optional()
      .meta({ description: 'Why the pack is made (an inspection, an audit), up to 200 characters' }),
  })
  .refine((b) => (b.from === undefined) === (b.to === undefined), BOTH_DATES_MESSAGE)
  .refine((b) => b.from === undefined || b.to === undefined || b.from <= b.to, { message: ORDER_MESSAGE, path: ['to'] });

/** updatePackSection; PATCH /v1/reports/packs/{id}/sections/{key} body. */
export const packSectionInput = z.object({
  text: z.string({ error: TEXT_MESSAGE }).max(SECTION_TEXT_MAX_CHARS, TEXT_MESSAGE).meta({ description: 'The section’s text, up to 20,000 characters' }),
});

export const packSectionKey = z.enum(PACK_SECTION_KEYS, { error: SECTION_NOT_FOUND });

/** The UTC calendar quarter holding `now`: its first and last day. */
export function quarterOf(now: Date): { from: string; to: string } {
  const y = now.getUTCFullYear();
  const q = Math.floor(now.getUTCMonth() / 3);
  const from = new Date(Date.UTC(y, q * 3, 1));
  const to = new Date(Date.UTC(y, q * 3 + 3, 0));
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}
