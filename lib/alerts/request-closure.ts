import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/db/client';
import { alerts, DISPOSITIONS } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError } from '@/lib/errors';
import { lockAlert } from './lock-alert';
import type { AlertRow } from './serialize';

export const UNKNOWN_DISPOSITION = 'unknown disposition';
export const NOT_CLOSABLE = 'only open or in_review alerts can be put up for closure';

export type Disposition = (typeof DISPOSITIONS)[number];

/** POST /v1/alerts/{id}/closure body; a missing or non-string disposition gets the same message. */
export const requestClosureBody = z.object({ disposition: z.enum(DISPOSITIONS, { error: UNKNOWN_DISPOSITION }) });

const CLOSABLE = ['open', 'in_review'] as const;

/**
 * First step of four-eyes closure: an open or in-review alert becomes `pending_closure` with the
 * disposition and the requesting key recorded (audit `alert.closure_requested`).
 */
export async function requestClosure(db: Database, actor: Actor, id: string, input: { disposition: Disposition }): Promise<AlertRow> {
  return db.transaction(async (tx) => {
    const before = await lockAlert(tx, actor, id);
    if (!(CLOSABLE as readonly string[]).includes(before.status)) throw new ConflictError(NOT_CLOSABLE);
    const [row] = await tx
      .update(alerts)
      .set({ status: 'pending_closure', disposition: input.disposition, closureRequestedBy: actor.actorId, updatedAt: sql`now()` })
      .where(and(eq(alerts.orgId, actor.orgId), eq(alerts.id, id), inArray(alerts.status, [...CLOSABLE])))
      .returning();
    if (!row) throw new ConflictError(NOT_CLOSABLE);
    await recordAudit(tx, actor, {
      action: 'alert.closure_requested',
      targetType: 'alert',
      targetId: id,
      changes: { status: { from: before.status, to: 'pending_closure' }, disposition: input.disposition },
    });
    return row;
  });
}
