import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { evidencePackDocuments } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { InvalidInputError, TooLargeError } from '@/lib/errors';
import { attachmentTypeOf } from '@/lib/reports/attachment-type';
import { attachmentName } from '@/lib/reports/str/attach-file';
import { ATTACHMENT_MAX_BYTES } from '@/lib/reports/str/checks';
import { parseInput } from '@/lib/validation';
import { DOCUMENT_TOO_LARGE_MESSAGE, DOCUMENT_TYPE_MESSAGE, packSectionKey } from './schemas';
import { markPackChanged } from './update-section';

export const DOCUMENT_MAX_BYTES = ATTACHMENT_MAX_BYTES;

/**
 * POST /v1/reports/packs/{id}/sections/{key}/upload: the section's document, a PDF, PNG or JPEG judged by its
 * content (400 otherwise) of at most 20 MB (413), kept with its SHA-256; a second upload replaces it. Like a text
 * edit, it moves a generated pack back to draft. Audit: `pack.document_uploaded` with name, type, size and SHA-256.
 */
export async function uploadPackDocument(db: Database, actor: Actor, id: string, key: string, upload: { name: string | null; bytes: Uint8Array }): Promise<void> {
  authorize(actor, 'work');
  const section = parseInput(packSectionKey, key);
  if (upload.bytes.byteLength > DOCUMENT_MAX_BYTES) throw new TooLargeError(DOCUMENT_TOO_LARGE_MESSAGE);
  const type = attachmentTypeOf(upload.bytes);
  if (!type) throw new InvalidInputError(DOCUMENT_TYPE_MESSAGE, 'file');
  const bytes = Buffer.isBuffer(upload.bytes) ? upload.bytes : Buffer.from(upload.bytes.buffer, upload.bytes.byteOffset, upload.bytes.byteLength);
  const name = attachmentName(upload.name, section);
  const size = bytes.byteLength;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await db.transaction(async (tx) => {
    const { wasGenerated } = await markPackChanged(tx, actor, id);
    await tx
      .insert(evidencePackDocuments)
      .values({ orgId: actor.orgId, packId: id, sectionKey: section, name, type, size, sha256, bytes, createdBy: actor.actorId })
      .onConflictDoUpdate({
        target: [evidencePackDocuments.orgId, evidencePackDocuments.packId, evidencePackDocuments.sectionKey],
        set: { name, type, size, sha256, bytes, createdBy: actor.actorId, createdAt: sql`now()` },
      });
    await recordAudit(tx, actor, {
      action: 'pack.document_uploaded',
      targetType: 'pack',
      targetId: id,
      changes: { section, name, type, size, sha256, ...(wasGenerated ? { status: { from: 'generated', to: 'draft' } } : {}) },
    });
  });
}
