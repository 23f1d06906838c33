import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '@/db/client';
import { strReports } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError, InvalidInputError, NotFoundError } from '@/lib/errors';
import { parseInput } from '@/lib/validation';
import { NOT_A_DRAFT_MESSAGE, STR_NOT_FOUND, SUBJECT_FIELDS, strUpdateInput } from './schemas';
import type { StrRow } from './serialize';
import type { StrSubject, StrTransaction } from './types';

export const subjectFieldMessage = (field: string, kind: string): string => `subject.${field} does not apply to a ${kind} subject`;
export const unknownTransactionMessage = (index: number): string => `transactions: the STR has no transaction with index ${index}`;

/**
 * Saves a draft STR: subject fields of the subject's kind (null clears one; `address` is merged part by
 * part), edits of its transactions by `index` (`date`, `amount_local`, `description`; the events behind
 * them stay), `reason`, `action` and `indicators`. Only a draft (409 otherwise); the row is locked and
 * updated only while still a draft. Audit: `str.updated` naming the fields saved.
 */
export async function updateStr(db: Database, actor: Actor, id: string, input: z.input<typeof strUpdateInput>): Promise<StrRow> {
  authorize(actor, 'work');
  const edit = parseInput(strUpdateInput, input);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(strReports)
      .where(and(eq(strReports.orgId, actor.orgId), eq(strReports.id, id)))
      .for('update');
    if (!before) throw new NotFoundError(STR_NOT_FOUND);
    if (before.status !== 'draft') throw new ConflictError(NOT_A_DRAFT_MESSAGE);

    let subject: StrSubject | undefined;
    if (edit.subject !== undefined) {
      const allowed: readonly string[] = SUBJECT_FIELDS[before.subject.kind];
      const next: Record<string, unknown> = { ...before.subject };
      for (const [field, value] of Object.entries(edit.subject)) {
        if (value === undefined) continue;
        if (field === 'address') {
          next.address = value === null ? null : { street: null, city: null, country: null, ...(before.subject.address ?? {}), ...(value as object) };
        } else if (!allowed.includes(field)) {
          throw new InvalidInputError(subjectFieldMessage(field, before.subject.kind), 'subject');
        } else next[field] = value;
      }
      subject = next as unknown as StrSubject;
    }

    let transactions: StrTransaction[] | undefined;
    if (edit.transactions !== undefined) {
      transactions = before.transactions.map((t) => ({ ...t }));
      for (const e of edit.transactions) {
        const t = transactions.find((x) => x.index === e.index);
        if (!t) throw new InvalidInputError(unknownTransactionMessage(e.index), 'transactions');
        if (e.date !== undefined) t.date = new Date(e.date).toISOString();
        if (e.amount_local !== undefined) t.amount_local = e.amount_local;
        if (e.description !== undefined) t.description = e.description;
      }
    }

    const [row] = await tx
      .update(strReports)
      .set({
        ...(subject !== undefined ? { subject } : {}),
        ...(transactions !== undefined ? { transactions } : {}),
        ...(edit.reason !== undefined ? { reason: edit.reason } : {}),
        ...(edit.action !== undefined ? { action: edit.action } : {}),
        ...(edit.indicators !== undefined ? { indicators: edit.indicators } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(strReports.orgId, actor.orgId), eq(strReports.id, id), eq(strReports.status, 'draft')))
      .returning();
    if (!row) throw new ConflictError(NOT_A_DRAFT_MESSAGE);
    const fields = (['subject', 'transactions', 'reason', 'action', 'indicators'] as const).filter((f) => edit[f] !== undefined);
    await recordAudit(tx, actor, {
      action: 'str.updated',
      targetType: 'str',
      targetId: row.id,
      changes: {
        fields,
        ...(edit.subject !== undefined ? { subject_fields: Object.keys(edit.subject) } : {}),
        ...(edit.transactions !== undefined ? { transaction_indexes: edit.transactions.map((t) => t.index) } : {}),
      },
    });
    return row;
  });
}
