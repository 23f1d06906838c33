import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '@/db/client';
import { strReports } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { lockCase } from '@/lib/cases/lock-case';
import { nextReferenceNumberSql } from '@/lib/orgs/next-reference-number';
import { parseInput } from '@/lib/validation';
import { draftFromCase } from './draft-from-case';
import { strCreateInput } from './schemas';
import type { StrRow } from './serialize';

/**
 * Starts an STR (STR-<number>) from a case of the actor's organisation (404 `case not found` otherwise)
 * as a draft: the subject from the case subject's record, one transaction per event behind its alerts.
 * One STR per case: the case row is locked first, so a second start for the same case (also a racing one)
 * finds the first and returns it with `created` false; the unique index on (org_id, case_id) backs this.
 * Audit: `str.created`.
 */
export async function createStr(db: Database, actor: Actor, input: z.input<typeof strCreateInput>): Promise<{ str: StrRow; created: boolean }> {
  authorize(actor, 'work');
  const { case_id: caseId } = parseInput(strCreateInput, input);
  return db.transaction(async (tx) => {
    const c = await lockCase(tx, actor, caseId);
    const [existing] = await tx
      .select()
      .from(strReports)
      .where(and(eq(strReports.orgId, actor.orgId), eq(strReports.caseId, c.id)));
    if (existing) return { str: existing, created: false };

    const { subject, transactions } = await draftFromCase(tx, c);
    const numbered = await tx.execute<{ value: number }>(nextReferenceNumberSql(actor.orgId, 'str'));
    const number = Number(numbered.rows[0]?.value);
    const [row] = await tx
      .insert(strReports)
      .values({ orgId: actor.orgId, number, caseId: c.id, subject, transactions, draftedBy: actor.actorId })
      .returning();
    if (!row) throw new Error('STR insert returned no row');
    await recordAudit(tx, actor, {
      action: 'str.created',
      targetType: 'str',
      targetId: row.id,
      changes: { number, case_id: c.id, case_number: c.number, transactions: transactions.length },
    });
    return { str: row, created: true };
  });
}
