import { and, eq } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { strAttachments } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { NotFoundError } from '@/lib/errors';
import { readStr } from './get-str';
import { ATTACHMENT_NOT_FOUND } from './schemas';
import type { StrAttachment } from './types';

export interface StrAttachmentFile extends StrAttachment {
  bytes: Buffer;
}

/**
 * GET /v1/reports/str/{id}/attachments/{key}: an attachment's bytes as stored, with its type, name, size and
 * SHA-256. Anyone signed in can read; 404 for another organisation's STR, an unknown key or one that is not a
 * valid key.
 */
export async function readStrAttachment(db: Queryable, actor: Actor, id: string, key: string): Promise<StrAttachmentFile> {
  authorize(actor, 'work');
  await readStr(db, actor, id);
  const [file] = await db
    .select({ key: strAttachments.key, name: strAttachments.name, type: strAttachments.type, size: strAttachments.size, sha256: strAttachments.sha256, bytes: strAttachments.bytes })
    .from(strAttachments)
    .where(and(eq(strAttachments.orgId, actor.orgId), eq(strAttachments.strId, id), eq(strAttachments.key, key)));
  if (!file) throw new NotFoundError(ATTACHMENT_NOT_FOUND);
  return file;
}
