import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '@/db/client';
import { ctrBatches, ctrRows, entities, filings } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError, NotFoundError } from '@/lib/errors';
import { parseInput } from '@/lib/validation';
import { BEING_FILED_MESSAGE, CTR_NOT_FOUND, CTR_ROW_NOT_FOUND, ctrRowUpdateInput, NOT_A_DRAFT_MESSAGE } from './schemas';
import type { CtrBatchRow, CtrRowRow } from './serialize';

/**
 * Locks a draft batch of the actor's organisation for a change: 404 for another organisation's, 409 once it is not a
 * draft or while a filing of it is queued or being sent (what is being filed must not change under it).
 */
export async function lockDraftCtr(tx: Tx, actor: Actor, id: string, notDraft: string): Promise<CtrBatchRow> {
  const [batch] = await tx
    .select()
    .from(ctrBatches)
    .where(and(eq(ctrBatches.orgId, actor.orgId), eq(ctrBatches.id, id)))
    .for('update');
  if (!batch) throw new NotFoundError(CTR_NOT_FOUND);
  if (batch.status !== 'draft') throw new ConflictError(notDraft);
  const [pending] = await tx
    .select({ id: filings.id })
    .from(filings)
    .where(and(eq(filings.orgId, actor.orgId), eq(filings.reportKind, 'ctr'), eq(filings.reportId, id), inArray(filings.state, ['queued', 'sent'])))
    .limit(1);
  if (pending) throw new ConflictError(BEING_FILED_MESSAGE);
  return batch;
}

/**
 * PATCH /v1/reports/ctr/{id}/rows/{row_id}: includes or leaves out a row of a draft batch, or gives it a customer ID.
 * A customer ID is the entity's: it is written to the entity's `customer_id` attribute and to every row of the same
 * entity on the batch, in the same transaction. The editor joins the batch's `edited_by` (four-eyes at submission).
 * Audit: `ctr.row_updated` with the values before and after.
 */
export async function updateCtrRow(db: Database, actor: Actor, id: string, rowId: string, input: z.input<typeof ctrRowUpdateInput>): Promise<CtrRowRow> {
  authorize(actor, 'work');
  const edit = parseInput(ctrRowUpdateInput, input);
  return db.transaction(async (tx) => {
    await lockDraftCtr(tx, actor, id, NOT_A_DRAFT_MESSAGE);
    const here = and(eq(ctrRows.orgId, actor.orgId), eq(ctrRows.batchId, id));
    const [before] = await tx
      .select()
      .from(ctrRows)
      .where(and(here, eq(ctrRows.id, rowId)));
    if (!before) throw new NotFoundError(CTR_ROW_NOT_FOUND);

    if (edit.included !== undefined) {
      await tx.update(ctrRows).set({ included: edit.included }).where(and(here, eq(ctrRows.id, rowId)));
    }
    let rowsWithCustomerId = 0;
    if (edit.customer_id !== undefined) {
      const updated = await tx
        .update(ctrRows)
        .set({ customerId: edit.customer_id })
        .where(and(here, eq(ctrRows.entityId, before.entityId)))
        .returning({ id: ctrRows.id });
      rowsWithCustomerId = updated.length;
      // An entity named by an event always exists (events create placeholders); the upsert keeps this true regardless.
      await tx
        .insert(entities)
        .values({ orgId: actor.orgId, id: before.entityId, attributes: { customer_id: edit.customer_id } })
        .onConflictDoUpdate({
          target: [entities.orgId, entities.id],
          set: { attributes: sql`${entities.attributes} || jsonb_build_object('customer_id', ${edit.customer_id}::text)`, updatedAt: sql`now()` },
        });
    }
    const [batch] = await tx
      .update(ctrBatches)
      .set({
        editedBy: sql`CASE WHEN ${ctrBatches.editedBy} ? ${actor.actorId} THEN ${ctrBatches.editedBy} ELSE ${ctrBatches.editedBy} || jsonb_build_array(${actor.actorId}::text) END`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(ctrBatches.orgId, actor.orgId), eq(ctrBatches.id, id), eq(ctrBatches.status, 'draft')))
      .returning({ id: ctrBatches.id });
    if (!batch) throw new ConflictError(NOT_A_DRAFT_MESSAGE);

    const [after] = await tx
      .select()
      .from(ctrRows)
      .where(and(here, eq(ctrRows.id, rowId)));
    if (!after) throw new Error('CTR row vanished while locked');
    await recordAudit(tx, actor, {
      action: 'ctr.row_updated',
      targetType: 'ctr',
      targetId: id,
      changes: {
        row_id: rowId,
        event_id: before.eventId,
        entity_id: before.entityId,
        ...(edit.included !== undefined ? { included: { from: before.included, to: after.included } } : {}),
        ...(edit.customer_id !== undefined ? { customer_id: { from: before.customerId, to: after.customerId }, rows_of_entity: rowsWithCustomerId, entity_attribute: 'customer_id' } : {}),
      },
    });
    return after;
  });
}
