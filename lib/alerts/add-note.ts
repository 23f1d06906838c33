import { storedDate } from '@/db/timestamps';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit/record';
import { lockAlert } from './lock-alert';
import type { AlertNoteRow } from './serialize';

export const NOTE_BODY_MESSAGE = 'body must be 1 to 5000 characters';
export const NOTE_NUL_MESSAGE = 'body cannot contain NUL characters';

/** POST /v1/alerts/{id}/notes body; missing or not a string gets the same message. */
export const addNoteBody = z.object({
  body: z
    .string({ error: NOTE_BODY_MESSAGE })
    // Characters are counted as code points, so an emoji counts once.
    .refine((s) => {
      const n = [...s].length;
      return n >= 1 && n <= 5000;
    }, NOTE_BODY_MESSAGE)
    .refine((s) => !s.includes('\u0000'), NOTE_NUL_MESSAGE),
});

/**
 * Adds a note by the actor's key to an alert of any status (audit `alert.note_added`). The alert row
 * is locked while the note is written, and a note's time is never earlier than the alert's previous
 * note, so notes read back oldest first in the order they were written.
 */
export async function addNote(db: Database, actor: Actor, alertId: string, input: { body: string }): Promise<AlertNoteRow> {
  return db.transaction(async (tx) => {
    await lockAlert(tx, actor, alertId);
    const inserted = await tx.execute<{ id: string; created_at: Date | string }>(sql`
      INSERT INTO alert_notes (org_id, alert_id, author, body, created_at)
      SELECT ${actor.orgId}, ${alertId}, ${actor.actorId}, ${input.body},
             greatest(now(), (SELECT max(n.created_at) + interval '1 millisecond' FROM alert_notes n
                              WHERE n.org_id = ${actor.orgId} AND n.alert_id = ${alertId}))
      RETURNING id, created_at`);
    const row = inserted.rows[0];
    if (!row) throw new Error('note insert returned no row');
    await recordAudit(tx, actor, {
      action: 'alert.note_added',
      targetType: 'alert',
      targetId: alertId,
      changes: { note_id: row.id, length: input.body.length },
    });
    return {
      orgId: actor.orgId,
      id: row.id,
      alertId,
      author: actor.actorId,
      body: input.body,
      createdAt: storedDate(row.created_at),
    };
  });
}
