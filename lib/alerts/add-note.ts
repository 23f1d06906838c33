import { storedDate } from '@/db/timestamps';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { parseInput } from '@/lib/validation';
import { lockAlert } from './lock-alert';
import { noteInput } from './schemas';
import type { AlertNoteRow } from './serialize';

export { NOTE_BODY_MESSAGE, NOTE_NUL_MESSAGE, noteInput as addNoteBody } from './schemas';

/**
 * Adds a note by the actor to an alert of any status (audit `alert.note_added`). The alert row
 * is locked while the note is written, and a note's time is never earlier than the alert's previous
 * note, so notes read back oldest first in the order they were written.
 */
export async function addNote(db: Database, actor: Actor, alertId: string, input: z.input<typeof noteInput>): Promise<AlertNoteRow> {
  authorize(actor, 'work');
  const { body } = parseInput(noteInput, input);
  return db.transaction(async (tx) => {
    await lockAlert(tx, actor, alertId);
    return insertNote(tx, actor, alertId, body);
  });
}

/** Writes a note and its audit entry on an alert the caller has locked in this transaction. */
export async function insertNote(tx: Tx, actor: Actor, alertId: string, body: string): Promise<AlertNoteRow> {
  const inserted = await tx.execute<{ id: string; created_at: Date | string }>(sql`
    INSERT INTO alert_notes (org_id, alert_id, author, body, created_at)
    SELECT ${actor.orgId}, ${alertId}, ${actor.actorId}, ${body},
           greatest(now(), (SELECT max(n.created_at) + interval '1 millisecond' FROM alert_notes n
                            WHERE n.org_id = ${actor.orgId} AND n.alert_id = ${alertId}))
    RETURNING id, created_at`);
  const row = inserted.rows[0];
  if (!row) throw new Error('note insert returned no row');
  await recordAudit(tx, actor, {
    action: 'alert.note_added',
    targetType: 'alert',
    targetId: alertId,
    changes: { note_id: row.id, length: body.length },
  });
  return {
    orgId: actor.orgId,
    id: row.id,
    alertId,
    author: actor.actorId,
    body,
    createdAt: storedDate(row.created_at),
  };
}
