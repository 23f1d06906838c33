import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { strAttachments, strReports } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError, NotFoundError } from '@/lib/errors';
import { ATTACHMENT_NOT_FOUND, NOT_A_DRAFT_MESSAGE, STR_NOT_FOUND } from './schemas';
import type { StrRow } from './serialize';

/**
 * DELETE /v1/reports/str/{id}/attachments/{key}: removes an attachment of a draft STR (409 otherwise; 404 for an
 * unknown key), its bytes and its entry in the STR's `attachments` in one transaction. Audit:
 * `str.attachment_removed` with key, name, size and SHA-256.
 */
export async function removeStrAttachment(db: Database, actor: Actor, id: string, key: string): Promise<StrRow> {
  authorize(actor, 'work');
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: strReports.status, attachments: strReports.attachments })
      .from(strReports)
      .where(and(eq(strReports.orgId, actor.orgId), eq(strReports.id, id)))
      .for('update');
    if (!before) throw new NotFoundError(STR_NOT_FOUND);
    const [removed] = await tx
      .select({ key: strAttachments.key, name: strAttachments.name, size: strAttachments.size, sha256: strAttachments.sha256 })
      .from(strAttachments)
      .where(and(eq(strAttachments.orgId, actor.orgId), eq(strAttachments.strId, id), eq(strAttachments.key, key)));
    if (!removed) throw new NotFoundError(ATTACHMENT_NOT_FOUND);
    if (before.status !== 'draft') throw new ConflictError(NOT_A_DRAFT_MESSAGE);

    await tx.delete(strAttachments).where(and(eq(strAttachments.orgId, actor.orgId), eq(strAttachments.strId, id), eq(strAttachments.key, key)));
    const [row] = await tx
      .update(strReports)
      .set({ attachments: before.attachments.filter((a) => a.key !== key), updatedAt: sql`now()` })
      .where(and(eq(strReports.orgId, actor.orgId), eq(strReports.id, id), eq(strReports.status, 'draft')))
      .returning();
    if (!row) throw new ConflictError(NOT_A_DRAFT_MESSAGE);
    await recordAudit(tx, actor, {
      action: 'str.attachment_removed',
      targetType: 'str',
      targetId: row.id,
      changes: { key: removed.key, name: removed.name, size: removed.size, sha256: removed.sha256 },
    });
    return row;
  });
}
