import { z } from 'zod';
import { storableId } from '@/lib/entities/storable';
import { pageParams } from '@/lib/paging';
import { optionalQueryValue } from '@/lib/validation';

// The inputs of the screening verbs, each one schema: the verb parses with it (lib/validation.ts), /v1
// parses its query or body with it and the OpenAPI document is generated from it.

export const NAME_MESSAGE = 'name must be 1 to 200 characters';
export const KIND_MESSAGE = 'kind must be person or business';
export const BIRTH_YEAR_MESSAGE = 'birth_year looks wrong';

const codePoints = (s: string): number => [...s].length;

export const COUNTRY_MESSAGE = 'country must be a two-letter code';
export const REFERENCE_MESSAGE = 'reference must be 1 to 200 characters';
export const THRESHOLD_MESSAGE = 'threshold must be between 50 and 100';

/** Oldest birth year taken as plausible; the newest is the current year. */
export const EARLIEST_BIRTH_YEAR = 1900;

/** `null` reads as not sent, so clients that write every field can leave the optional ones empty. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === null ? undefined : v), schema.optional());

/**
 * createScreening; POST /v1/screenings body. Only `name` is required (DESIGN.md); every refusal carries the
 * interface's message. The name is trimmed and counted in characters (code points); a country is
 * taken in either case and stored uppercase.
 */
export const screeningInput = z.object({
  name: z
    .string({ error: NAME_MESSAGE })
    .transform((s) => s.trim())
    .refine((s) => codePoints(s) >= 1 && codePoints(s) <= 200 && storableId(s), NAME_MESSAGE),
  kind: optional(z.enum(['person', 'business'], { error: KIND_MESSAGE })),
  birth_year: optional(
    z
      .number({ error: BIRTH_YEAR_MESSAGE })
      .refine((y) => Number.isInteger(y) && y >= EARLIEST_BIRTH_YEAR && y <= new Date().getUTCFullYear(), BIRTH_YEAR_MESSAGE),
  ),
  country: optional(
    z
      .string({ error: COUNTRY_MESSAGE })
      .regex(/^[A-Za-z]{2}$/, COUNTRY_MESSAGE)
      .transform((c) => c.toUpperCase()),
  ),
  reference: optional(
    z.string({ error: REFERENCE_MESSAGE }).refine((s) => codePoints(s) >= 1 && codePoints(s) <= 200 && storableId(s), REFERENCE_MESSAGE),
  ),
  threshold: optional(
    z.number({ error: THRESHOLD_MESSAGE }).refine((t) => Number.isInteger(t) && t >= 50 && t <= 100, THRESHOLD_MESSAGE),
  ),
});

export const OUTCOME_MESSAGE = 'outcome must be true_match, false_positive or needs_info';
export const RESOLUTION_NOTE_MESSAGE = 'note must be 1 to 2000 characters';
export const NO_SUCH_MATCH = 'this screening has no such match';

export const OUTCOMES = ['true_match', 'false_positive', 'needs_info'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/**
 * recordResolution; POST /v1/screenings/{id}/resolutions body. Outcome and note are checked first; a missing or empty
 * `list` or `entry_ref` names no match of any screening. The note is counted in characters (code
 * points) and must not be blank.
 */
export const resolutionInput = z.object({
  outcome: z.enum(OUTCOMES, { error: OUTCOME_MESSAGE }),
  note: z.string({ error: RESOLUTION_NOTE_MESSAGE }).refine((s) => {
    const n = [...s].length;
    return n >= 1 && n <= 2000 && s.trim() !== '' && storableId(s);
  }, RESOLUTION_NOTE_MESSAGE),
  list: z.string({ error: NO_SUCH_MATCH }).min(1, NO_SUCH_MATCH),
  entry_ref: z.string({ error: NO_SUCH_MATCH }).min(1, NO_SUCH_MATCH),
});

export const SCREENING_STATUSES = ['clear', 'potential_match'] as const;
export const STATUS_FILTER_MESSAGE = 'status must be clear or potential_match';

/** GET /v1/screenings query, as listScreenings' filters. */
export const screeningListQuery = z.object({
  ...pageParams,
  reference: optionalQueryValue(z.string().refine(storableId, 'reference cannot contain NUL characters')),
  status: optionalQueryValue(z.enum(SCREENING_STATUSES, { error: STATUS_FILTER_MESSAGE })),
});
