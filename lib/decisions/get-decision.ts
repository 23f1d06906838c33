import { and, eq } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { decisions } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { NotFoundError } from '@/lib/errors';
import type { DecisionRow } from './serialize';

export async function getDecision(db: Queryable, actor: Actor, id: string): Promise<DecisionRow> {
  const [row] = await db
    .select()
    .from(decisions)
    .where(and(eq(decisions.orgId, actor.orgId), eq(decisions.id, id)));
  if (!row) throw new NotFoundError('decision not found');
  return row;
}
