import { and, eq } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { screenings } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { NotFoundError } from '@/lib/errors';
import { resolutionsOf, SCREENING_NOT_FOUND } from './lock-screening';
import type { ResolutionRow, ScreeningRow } from './serialize';

/** One stored screening of the actor's organisation with its decisions; another organisation's is a 404. */
export async function getScreening(db: Queryable, actor: Actor, id: string): Promise<{ screening: ScreeningRow; resolutions: ResolutionRow[] }> {
  authorize(actor, 'work');
  const [screening] = await db
    .select()
    .from(screenings)
    .where(and(eq(screenings.orgId, actor.orgId), eq(screenings.id, id)));
  if (!screening) throw new NotFoundError(SCREENING_NOT_FOUND);
  return { screening, resolutions: await resolutionsOf(db, actor.orgId, id) };
}
