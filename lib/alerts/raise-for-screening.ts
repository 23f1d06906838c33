import { sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit/record';
import { settings } from '@/lib/config';
import { nextReferenceNumber } from '@/lib/orgs/next-reference-number';

export interface ScreeningForAlert {
  screeningId: string;
  /** The caller's reference (usually an entity id); null when the screening had none. */
  reference: string | null;
  /** The best match's score. */
  bestScore: number;
  /** Any match on a list of category `sanctions`: the alert is high, else medium. */
  sanctionsMatch: boolean;
  /** When the screening ran. */
  screenedAt: Date;
}

/**
 * Raises the alert of a `potential_match` screening, in the screening's transaction. A screening
 * alert holds exactly one screening and is never grouped with other alerts; its list fields
 * (decision `review`, reasons per match, source and event) are read from the screening row by
 * lib/alerts/serialize.ts. `entity_id` is the reference, so the entity's open alerts and the flow
 * view include it. Returns the alert id; the caller stores it on the screening.
 */
export async function raiseAlertForScreening(tx: Queryable, actor: Actor, s: ScreeningForAlert): Promise<string> {
  const { slaHighMs, slaMediumMs } = settings();
  const priority = s.sanctionsMatch ? 'high' : 'medium';
  const dueInMs = s.sanctionsMatch ? slaHighMs : slaMediumMs;
  const number = await nextReferenceNumber(tx, actor.orgId, 'alert');
  const created = await tx.execute<{ id: string }>(sql`
    INSERT INTO alerts (org_id, number, entity_id, status, priority, occurrences, screening_id, risk_score,
                        last_event_at, due_at)
    VALUES (${actor.orgId}, ${number}, ${s.reference}, 'open', ${priority}, 1, ${s.screeningId}, ${s.bestScore},
            ${s.screenedAt}, now() + ${dueInMs} * interval '1 millisecond')
    RETURNING id`);
  const id = created.rows[0]?.id as string;
  await recordAudit(tx, actor, {
    action: 'alert.raised',
    targetType: 'alert',
    targetId: id,
    changes: { number, priority, screening_id: s.screeningId, entity_id: s.reference },
  });
  return id;
}
