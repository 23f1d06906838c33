import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '@/db/client';
import { alerts, caseAlerts, cases, screenings } from '@/db/schema';
import { ALERT_NOT_FOUND } from '@/lib/alerts/get-alert';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { NotFoundError } from '@/lib/errors';
import { nextReferenceNumberSql } from '@/lib/orgs/next-reference-number';
import { parseInput } from '@/lib/validation';
import { refuseAlreadyInCase } from './already-in-case';
import { caseCreateInput } from './schemas';
import type { CaseRecord } from './serialize';

/**
 * Opens a case (CASE-<number>) gathering alerts of the actor's organisation. The subject is the source
 * entity of the first alert named (for a screening alert, the screened reference). Every alert must be
 * the organisation's (404 `alert not found` otherwise) and in no other case: the primary key of
 * `case_alerts` refuses a second case for an alert, so of two requests racing for one alert exactly
 * one succeeds and the other gets a 409 naming the case that holds it. Audit: `case.created`, and
 * `alert.added_to_case` for each alert.
 */
export async function createCase(db: Database, actor: Actor, input: z.input<typeof caseCreateInput>): Promise<CaseRecord> {
  authorize(actor, 'work');
  const { title, alert_ids: alertIds } = parseInput(caseCreateInput, input);
  try {
    return await db.transaction(async (tx) => {
      const found = await tx
        .select({ id: alerts.id, number: alerts.number, subject: sql<string | null>`coalesce(${alerts.entityId}, ${screenings.reference})` })
        .from(alerts)
        .leftJoin(screenings, and(eq(screenings.orgId, alerts.orgId), eq(screenings.id, alerts.screeningId)))
        .where(and(eq(alerts.orgId, actor.orgId), inArray(alerts.id, alertIds)));
      if (found.length !== alertIds.length) throw new NotFoundError(ALERT_NOT_FOUND);
      const byId = new Map(found.map((a) => [a.id, a]));
      const subject = byId.get(alertIds[0] as string)?.subject ?? null;

      const numbered = await tx.execute<{ value: number }>(nextReferenceNumberSql(actor.orgId, 'case'));
      const number = Number(numbered.rows[0]?.value);
      const [row] = await tx
        .insert(cases)
        .values({ orgId: actor.orgId, number, title, subjectEntityId: subject, createdBy: actor.actorId })
        .returning();
      if (!row) throw new Error('case insert returned no row');
      await tx
        .insert(caseAlerts)
        .values(alertIds.map((alertId, i) => ({ orgId: actor.orgId, alertId, caseId: row.id, position: i + 1, addedBy: actor.actorId })));
      await recordAudit(tx, actor, [
        {
          action: 'case.created',
          targetType: 'case',
          targetId: row.id,
          changes: { number, title, subject_entity_id: subject, alert_ids: alertIds },
        },
        ...alertIds.map((alertId) => ({
          action: 'alert.added_to_case',
          targetType: 'alert',
          targetId: alertId,
          changes: { case_id: row.id, case_number: number },
        })),
      ]);
      return { case: row, alertIds };
    });
  } catch (err) {
    return refuseAlreadyInCase(db, actor.orgId, alertIds, err);
  }
}
