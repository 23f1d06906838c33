import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Database } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { settings } from '@/lib/config';
import { ServiceUnavailableError } from '@/lib/errors';
import { recordScreening } from '@/lib/metrics';
import { parseInput } from '@/lib/validation';
import { screeningIndex } from './list-index';
import { DEFAULT_FLOOR, DEFAULT_MAX_CANDIDATES } from './matcher';
import { screeningInput } from './schemas';
import { storeScreening } from './store-screening';
import type { ScreeningRow, ScreeningSubject } from './serialize';

export {
  BIRTH_YEAR_MESSAGE,
  COUNTRY_MESSAGE,
  EARLIEST_BIRTH_YEAR,
  KIND_MESSAGE,
  NAME_MESSAGE,
  REFERENCE_MESSAGE,
  THRESHOLD_MESSAGE,
  screeningInput as createScreeningBody,
} from './schemas';
export const NO_LIST_MESSAGE = 'no screening list is loaded, so nothing can be checked';

export type CreateScreeningInput = z.output<typeof screeningInput>;

/**
 * Screens one name against this instance's index and stores the result exactly as answered. A
 * potential match raises its own alert in the same statement (a screening alert holds exactly one
 * screening, even when the reference already has an open one). With no list loaded: 503.
 */
export async function createScreening(db: Database, actor: Actor, request: z.input<typeof screeningInput>): Promise<ScreeningRow> {
  authorize(actor, 'work');
  const input = parseInput(screeningInput, request);
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
