import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '@/db/client';
import { alerts, DISPOSITIONS } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError } from '@/lib/errors';
import { parseInput } from '@/lib/validation';
import { insertNote } from './add-note';
import { lockAlert } from './lock-alert';
import { closureRequestInput } from './schemas';
import type { AlertRow } from './serialize';

export { UNKNOWN_DISPOSITION, closureRequestBody as requestClosureBody } from './schemas';
export const NOT_CLOSABLE = 'only open or in_review alerts can be put up for closure';

export type Disposition = (typeof DISPOSITIONS)[number];

const CLOSABLE = ['open', 'in_review'] as const;

/**
 * First step of four-eyes closure: an open or in-review alert becomes `pending_closure` with the
 * disposition and the requester recorded (audit `alert.closure_requested`). A `note` saying why is
 * stored as an alert note (audit `alert.note_added`) in the same transaction, so a refused request
 * leaves no note behind.
 */
export async function requestClosure(
  db: Database,
  actor: Actor,
  id: string,
  input: z.input<typeof closureRequestInput>,
): Promise<AlertRow> {
  authorize(actor, 'work');
  const { disposition, note } = parseInput(closureRequestInput, input);
  return db.transaction(async (tx) => {
    const before = await lockAlert(tx, actor, id);
    if (!(CLOSABLE as readonly string[]).includes(before.status)) throw new ConflictError(NOT_CLOSABLE);
    const [row] = await tx
      .update(alerts)
      .set({ status: 'pending_closure', disposition, closureRequestedBy: actor.actorId, updatedAt: sql`now()` })
      .where(and(eq(alerts.orgId, actor.orgId), eq(alerts.id, id), inArray(alerts.status, [...CLOSABLE])))
      .returning();
    if (!row) throw new ConflictError(NOT_CLOSABLE);
    if (note !== undefined) await insertNote(tx, actor, id, note);
    await recordAudit(tx, actor, {
      action: 'alert.closure_requested',
      targetType: 'alert',
      targetId: id,
      changes: { status: { from: before.status, to: 'pending_closure' }, disposition },
    });
    return row;
  });
}
