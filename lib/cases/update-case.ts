import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '@/db/client';
import { cases } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit, type AuditChange } from '@/lib/audit/record';
import { ConflictError } from '@/lib/errors';
import { parseInput } from '@/lib/validation';
import { readCase } from './get-case';
import { lockCase } from './lock-case';
import { caseUpdateInput } from './schemas';
import type { CaseRecord } from './serialize';

export const CASE_CHANGED_MEANWHILE = 'the case changed meanwhile; read it again and retry';

/**
 * Renames a case, closes or reopens it, or assigns it (null unassigns), with one audit entry per
 * change (`case.title_changed`, `case.closed` or `case.reopened`, `case.assigned`). Closing sets
 * `closed_at`, reopening clears it. Values equal to the current ones change nothing and write no entry.
 */
export async function updateCase(db: Database, actor: Actor, id: string, input: z.input<typeof caseUpdateInput>): Promise<CaseRecord> {
  authorize(actor, 'work');
  const update = parseInput(caseUpdateInput, input);
  return db.transaction(async (tx) => {
    const before = await lockCase(tx, actor, id);
    const title = update.title !== undefined && update.title !== before.title ? update.title : undefined;
    const status = update.status !== undefined && update.status !== before.status ? update.status : undefined;
    const assignee = update.assigned_to !== undefined && update.assigned_to !== before.assignedTo ? update.assigned_to : undefined;
    if (title === undefined && status === undefined && assignee === undefined) return readCase(tx, actor, id);

    const [row] = await tx
      .update(cases)
      .set({
        ...(title !== undefined ? { title } : {}),
        ...(status !== undefined ? { status, closedAt: status === 'closed' ? sql`now()` : null } : {}),
        ...(assignee !== undefined ? { assignedTo: assignee } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(cases.orgId, actor.orgId), eq(cases.id, id), eq(cases.status, before.status)))
      .returning({ id: cases.id });
    if (!row) throw new ConflictError(CASE_CHANGED_MEANWHILE);

    const entries: AuditChange[] = [];
    if (title !== undefined) entries.push({ action: 'case.title_changed', targetType: 'case', targetId: id, changes: { title: { from: before.title, to: title } } });
    if (status !== undefined) {
      entries.push({ action: status === 'closed' ? 'case.closed' : 'case.reopened', targetType: 'case', targetId: id, changes: { status: { from: before.status, to: status } } });
    }
    if (assignee !== undefined) entries.push({ action: 'case.assigned', targetType: 'case', targetId: id, changes: { assigned_to: { from: before.assignedTo, to: assignee } } });
    await recordAudit(tx, actor, entries);
    return readCase(tx, actor, id);
  });
}
