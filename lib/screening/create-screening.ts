import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { settings } from '@/lib/config';
import { storableId } from '@/lib/entities/storable';
import { ServiceUnavailableError } from '@/lib/errors';
import { recordScreening } from '@/lib/metrics';
import { screeningIndex } from './list-index';
import { DEFAULT_FLOOR, DEFAULT_MAX_CANDIDATES } from './matcher';
import { storeScreening } from './store-screening';
import type { ScreeningRow, ScreeningSubject } from './serialize';

export const NAME_MESSAGE = 'name must be 1 to 200 characters';
export const KIND_MESSAGE = 'kind must be person or business';
export const BIRTH_YEAR_MESSAGE = 'birth_year looks wrong';
export const COUNTRY_MESSAGE = 'country must be a two-letter code';
export const REFERENCE_MESSAGE = 'reference must be 1 to 200 characters';
export const THRESHOLD_MESSAGE = 'threshold must be between 50 and 100';
export const NO_LIST_MESSAGE = 'no screening list is loaded, so nothing can be checked';

/** Oldest birth year taken as plausible; the newest is the current year. */
export const EARLIEST_BIRTH_YEAR = 1900;

const codePoints = (s: string): number => [...s].length;

/** `null` reads as not sent, so clients that write every field can leave the optional ones empty. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === null ? undefined : v), schema.optional());

/**
 * POST /v1/screenings body. Only `name` is required (DESIGN.md); every refusal carries the
 * interface's message. The name is trimmed and counted in characters (code points); a country is
 * taken in either case and stored uppercase.
 */
export const createScreeningBody = z.object({
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

export type CreateScreeningInput = z.output<typeof createScreeningBody>;

/**
 * Screens one name against this instance's index and stores the result exactly as answered. A
 * potential match raises its own alert in the same statement (a screening alert holds exactly one
 * screening, even when the reference already has an open one). With no list loaded: 503.
 */
export async function createScreening(db: Database, actor: Actor, input: CreateScreeningInput): Promise<ScreeningRow> {
  const started = performance.now();
  const index = await screeningIndex(db);
  if (index.lists.length === 0) throw new ServiceUnavailableError(NO_LIST_MESSAGE);
  const threshold = input.threshold ?? settings().screeningThreshold;
  const subject: ScreeningSubject = {
    name: input.name,
    ...(input.kind !== undefined ? { kind: input.kind } : {}),
    ...(input.birth_year !== undefined ? { birth_year: input.birth_year } : {}),
    ...(input.country !== undefined ? { country: input.country } : {}),
  };
  const { matches, near } = index.screen(subject, { threshold, floor: DEFAULT_FLOOR, maxCandidates: DEFAULT_MAX_CANDIDATES });
  const stored = await storeScreening(db, actor, {
    id: randomUUID(),
    reference: input.reference ?? null,
    threshold,
    subject,
    matches,
    near,
    lists: index.lists,
    alertId: matches.length > 0 ? randomUUID() : null,
    screenedAt: new Date(),
  });
  // Counted only once committed, so a rolled-back screening never shows in the metrics.
  recordScreening(stored.status, performance.now() - started);
  return stored;
}
