import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { strAttachments, strReports } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError, InvalidInputError, NotFoundError, TooLargeError } from '@/lib/errors';
import { parseInput } from '@/lib/validation';
import { attachmentTypeOf } from '../attachment-type';
import { ATTACHMENT_MAX_BYTES } from './checks';
import { ATTACHMENT_TOO_LARGE_MESSAGE, ATTACHMENT_TYPE_MESSAGE, NOT_A_DRAFT_MESSAGE, STR_NOT_FOUND, strAttachmentKey } from './schemas';
import type { StrRow } from './serialize';
import type { StrAttachment } from './types';

/** A file to attach: its bytes and the name it was uploaded with (the multipart `filename`). */
export interface StrUpload {
  name: string | null;
  bytes: Uint8Array;
}

const NAME_MAX_CHARS = 255;

/**
 * The name kept for an attachment: the uploaded file name without any folder part, control characters (NUL
 * among them, which PostgreSQL text cannot hold) or surrounding spaces, at most 255 characters; the key when
 * nothing is left.
 */
export function attachmentName(uploaded: string | null, key: string): string {
  const base = (uploaded ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return [...clean].slice(0, NAME_MAX_CHARS).join('') || key;
}

/**
 * POST /v1/reports/str/{id}/attachments/{key}: attaches a PDF, PNG or JPEG (judged by its content, 400 otherwise)
 * of at most 20 MB (413) to a draft STR (409 otherwise) under `key` (1 to 64 of `[a-z0-9._-]`, 400 otherwise).
 * The same key again replaces the file. The bytes go to `str_attachments` with their SHA-256, and the STR's
 * `attachments` list is kept in step in the same transaction (a replaced file keeps its place). Audit:
 * `str.attachment_added` with key, name, size and SHA-256 (and `replaced` when the key was taken).
 */
export async function attachStrFile(db: Database, actor: Actor, id: string, key: string, upload: StrUpload): Promise<StrRow> {
  authorize(actor, 'work');
  const k = parseInput(strAttachmentKey, key);
  if (upload.bytes.byteLength > ATTACHMENT_MAX_BYTES) throw new TooLargeError(ATTACHMENT_TOO_LARGE_MESSAGE);
  const type = attachmentTypeOf(upload.bytes);
  if (!type) throw new InvalidInputError(ATTACHMENT_TYPE_MESSAGE, 'file');
  const bytes = Buffer.isBuffer(upload.bytes) ? upload.bytes : Buffer.from(upload.bytes.buffer, upload.bytes.byteOffset, upload.bytes.byteLength);
  const meta: StrAttachment = {
    key: k,
    name: attachmentName(upload.name, k),
    type,
    size: bytes.byteLength,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };

  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: strReports.status, attachments: strReports.attachments })
      .from(strReports)
      .where(and(eq(strReports.orgId, actor.orgId), eq(strReports.id, id)))
      .for('update');
    if (!before) throw new NotFoundError(STR_NOT_FOUND);
    if (before.status !== 'draft') throw new ConflictError(NOT_A_DRAFT_MESSAGE);

    await tx
      .insert(strAttachments)
      .values({ orgId: actor.orgId, strId: id, key: k, name: meta.name, type, size: meta.size, sha256: meta.sha256, bytes, createdBy: actor.actorId })
      .onConflictDoUpdate({
        target: [strAttachments.orgId, strAttachments.strId, strAttachments.key],
        set: { name: meta.name, type, size: meta.size, sha256: meta.sha256, bytes, createdBy: actor.actorId, createdAt: sql`now()` },
      });
    const replaced = before.attachments.some((a) => a.key === k);
    const attachments = replaced ? before.attachments.map((a) => (a.key === k ? meta : a)) : [...before.attachments, meta];
    const [row] = await tx
      .update(strReports)
      .set({ attachments, updatedAt: sql`now()` })
      .where(and(eq(strReports.orgId, actor.orgId), eq(strReports.id, id), eq(strReports.status, 'draft')))
      .returning();
    if (!row) throw new ConflictError(NOT_A_DRAFT_MESSAGE);
    await recordAudit(tx, actor, {
      action: 'str.attachment_added',
      targetType: 'str',
      targetId: row.id,
      changes: { key: k, name: meta.name, type, size: meta.size, sha256: meta.sha256, ...(replaced ? { replaced: true } : {}) },
    });
    return row;
  });
}
