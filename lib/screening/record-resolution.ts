import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '@/db/client';
import { isUniqueViolation } from '@/db/errors';
import { confirmedMatchAlertSql } from '@/lib/alerts/raise-for-screening';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { InvalidInputError, ConflictError } from '@/lib/errors';
import { parseInput } from '@/lib/validation';
import { lockScreening, resolutionsOf } from './lock-screening';
import { findTarget, targetKey } from './review';
import { NO_SUCH_MATCH, resolutionInput } from './schemas';
import type { ResolutionRow } from './serialize';
import { settleReview } from './settle-review';

export {
  NO_SUCH_MATCH,
  OUTCOME_MESSAGE,
  RESOLUTION_NOTE_MESSAGE,
  resolutionInput as resolutionBody,
  type Outcome,
} from './schemas';
export const WAITING_FOR_SECOND = 'a decision on this match is waiting for a second person';

export type ResolutionInput = z.output<typeof resolutionInput>;

/**
 * Records a decision on one match or near miss of a screening (audit `screening.match_resolved`):
 * `false_positive` waits for a second key (`pending_approval`), `true_match` and `needs_info` are
 * final at once. While a decision on the match waits, no other can be recorded (409; the partial
 * unique index on pending decisions backs the check). A later decision replaces the earlier one;
 * both are kept. The screening row is locked, so racing decisions serialise, and the review state is
 * recomputed in the same transaction. A true match confirmed on a screening that has no alert (a near
 * miss of a clear screening) raises a high screening alert in the same transaction, once.
 */
export async function recordResolution(
  db: Database,
  actor: Actor,
  screeningId: string,
  request: z.input<typeof resolutionInput>,
): Promise<ResolutionRow> {
  authorize(actor, 'work');
  const input = parseInput(resolutionInput, request);
  try {
    return await db.transaction(async (tx) => {
      const screening = await lockScreening(tx, actor, screeningId);
      const target = findTarget(screening, input);
      if (!target) throw new InvalidInputError(NO_SUCH_MATCH, 'entry_ref');
      const earlier = await resolutionsOf(tx, actor.orgId, screeningId);
      const key = targetKey(input);
      if (earlier.some((r) => r.status === 'pending_approval' && targetKey({ list: r.list, entry_ref: r.entryRef }) === key)) {
        throw new ConflictError(WAITING_FOR_SECOND);
      }
      const status = input.outcome === 'false_positive' ? 'pending_approval' : 'final';
      // Never earlier than the screening's previous decision, so "oldest first" is the order they were made in.
      const inserted = await tx.execute<{ id: string }>(sql`
        INSERT INTO screening_resolutions (org_id, screening_id, list, entry_ref, outcome, note, status, resolved_by, created_at)
        SELECT ${actor.orgId}, ${screeningId}, ${input.list}, ${input.entry_ref}, ${input.outcome}, ${input.note}, ${status},
               ${actor.actorId},
               greatest(now(), (SELECT max(r.created_at) + interval '1 millisecond' FROM screening_resolutions r
                                WHERE r.org_id = ${actor.orgId} AND r.screening_id = ${screeningId}))
        RETURNING id`);
      const id = inserted.rows[0]?.id;
      if (!id) throw new Error('resolution insert returned no row');
      const settled = await settleReview(tx, actor, screening);
      const resolution = settled.resolutions.find((r) => r.id === id);
      if (!resolution) throw new Error('recorded resolution not found');
      // A confirmed true match on a screening with no alert (a near miss on a clear screening) raises one.
      let raisedAlertId: string | undefined;
      if (input.outcome === 'true_match' && settled.screening.alertId === null) {
        const raised = await tx.execute<{ id: string }>(
          confirmedMatchAlertSql(actor, {
            screeningId,
            reference: screening.reference,
            confirmed: { list: input.list, entry_ref: input.entry_ref, score: target.match.score },
            screenedAt: screening.createdAt,
            alertId: randomUUID(),
          }),
        );
        raisedAlertId = raised.rows[0]?.id;
        if (!raisedAlertId) throw new Error('the screening changed meanwhile');
      }
      await recordAudit(tx, actor, {
        action: 'screening.match_resolved',
        targetType: 'screening',
        targetId: screeningId,
        changes: {
          resolution_id: id,
          list: input.list,
          entry_ref: input.entry_ref,
          near_miss: target.near,
          outcome: input.outcome,
          status,
          ...(settled.from !== settled.to ? { review: { from: settled.from, to: settled.to } } : {}),
          ...(raisedAlertId ? { alert_id: raisedAlertId } : {}),
        },
      });
      return resolution;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'screening_resolutions_one_pending')) throw new ConflictError(WAITING_FOR_SECOND);
    throw err;
  }
}
