import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { cases, entities, strReports } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError, NotFoundError, UnprocessableError } from '@/lib/errors';
import { subjectFromAttributes } from './draft-from-case';
import { NO_CUSTOMER_RECORD, NOT_A_DRAFT_MESSAGE, NOTHING_TO_COPY, STR_NOT_FOUND, SUBJECT_FIELDS } from './schemas';
import type { StrRow } from './serialize';
import type { StrAddress, StrSubject } from './types';

const ADDRESS_PARTS = ['street', 'city', 'country'] as const;
const missing = (v: unknown): boolean => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * The subject with every field it lacks (null or blank) taken from the customer record, and the fields taken
 * (`address.city` for a part of the address). Fields the drafter has filled are never overwritten.
 */
export function fillSubject(subject: StrSubject, record: StrSubject): { subject: StrSubject; copied: string[] } {
  const next: Record<string, unknown> = { ...subject };
  const from = record as unknown as Record<string, unknown>;
  const copied: string[] = [];
  for (const field of SUBJECT_FIELDS[subject.kind]) {
    if (missing(next[field]) && !missing(from[field])) {
      next[field] = from[field];
      copied.push(field);
    }
  }
  if (record.address) {
    const address: StrAddress = { street: null, city: null, country: null, ...(subject.address ?? {}) };
    for (const part of ADDRESS_PARTS) {
      if (missing(address[part]) && !missing(record.address[part])) {
        address[part] = record.address[part];
        copied.push(`address.${part}`);
      }
    }
    next.address = address;
  }
  return { subject: next as unknown as StrSubject, copied };
}

/**
 * POST /v1/reports/str/{id}/subject/from-kyc: copies the subject fields a draft lacks from the case subject
 * entity's `attributes` (the same field names as the subject of its kind; `address` part by part). 422 when the
 * record adds nothing (or the case has no subject record), 409 once not a draft. Audit: `str.subject_filled`
 * with the fields copied.
 */
export async function fillStrSubjectFromKyc(db: Database, actor: Actor, id: string): Promise<StrRow> {
  authorize(actor, 'work');
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(strReports)
      .where(and(eq(strReports.orgId, actor.orgId), eq(strReports.id, id)))
      .for('update');
    if (!before) throw new NotFoundError(STR_NOT_FOUND);
    if (before.status !== 'draft') throw new ConflictError(NOT_A_DRAFT_MESSAGE);

    const [record] = await tx
      .select({ id: entities.id, attributes: entities.attributes })
      .from(cases)
      .innerJoin(entities, and(eq(entities.orgId, cases.orgId), eq(entities.id, cases.subjectEntityId)))
      .where(and(eq(cases.orgId, actor.orgId), eq(cases.id, before.caseId)));
    if (!record) throw new UnprocessableError(NO_CUSTOMER_RECORD);
    // Read as a subject of the draft's own kind, so a person draft only takes person fields.
    const fromRecord = subjectFromAttributes(record.id, before.subject.kind, record.attributes);
    const { subject, copied } = fillSubject(before.subject, fromRecord);
    if (copied.length === 0) throw new UnprocessableError(NOTHING_TO_COPY);

    const [row] = await tx
      .update(strReports)
      .set({ subject, updatedAt: sql`now()` })
      .where(and(eq(strReports.orgId, actor.orgId), eq(strReports.id, id), eq(strReports.status, 'draft')))
      .returning();
    if (!row) throw new ConflictError(NOT_A_DRAFT_MESSAGE);
    await recordAudit(tx, actor, { action: 'str.subject_filled', targetType: 'str', targetId: row.id, changes: { fields: copied, entity_id: record.id } });
    return row;
  });
}
