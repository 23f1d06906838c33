import { and, asc, eq } from 'drizzle-orm';
import type { Queryable, Tx } from '@/db/client';
import { screeningResolutions, screenings } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { NotFoundError } from '@/lib/errors';
import type { ResolutionRow, ScreeningRow } from './serialize';

export const SCREENING_NOT_FOUND = 'screening not found';
export const RESOLUTION_NOT_FOUND = 'resolution not found';

/**
 * Reads and row-locks a screening of the actor's organisation for a change in this transaction (404
 * with `notFound` otherwise). Two decisions on one screening racing each other serialise here: the
 * second sees the first's committed resolutions and review.
 */
export async function lockScreening(tx: Tx, actor: Actor, id: string, notFound = SCREENING_NOT_FOUND): Promise<ScreeningRow> {
  const [row] = await tx
    .select()
    .from(screenings)
    .where(and(eq(screenings.orgId, actor.orgId), eq(screenings.id, id)))
    .for('update');
  if (!row) throw new NotFoundError(notFound);
  return row;
}

/** Every decision on a screening, oldest first. */
export function resolutionsOf(db: Queryable, orgId: string, screeningId: string): Promise<ResolutionRow[]> {
  return db
    .select()
    .from(screeningResolutions)
    .where(and(eq(screeningResolutions.orgId, orgId), eq(screeningResolutions.screeningId, screeningId)))
    .orderBy(asc(screeningResolutions.createdAt), asc(screeningResolutions.id));
}
