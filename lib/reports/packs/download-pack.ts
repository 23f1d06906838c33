import { and, eq } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { evidencePacks } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { NotFoundError } from '@/lib/errors';
import { NOT_GENERATED_MESSAGE, PACK_NOT_FOUND } from './schemas';

/** GET /v1/reports/packs/{id}/download: the generated PDF with its number and SHA-256; 404 before generation. */
export async function downloadPack(db: Queryable, actor: Actor, id: string): Promise<{ number: number; pdf: Buffer; sha256: string }> {
  authorize(actor, 'work');
  const [row] = await db
    .select({ number: evidencePacks.number, pdf: evidencePacks.pdf, sha256: evidencePacks.sha256 })
    .from(evidencePacks)
    .where(and(eq(evidencePacks.orgId, actor.orgId), eq(evidencePacks.id, id)));
  if (!row) throw new NotFoundError(PACK_NOT_FOUND);
  if (!row.pdf || !row.sha256) throw new NotFoundError(NOT_GENERATED_MESSAGE);
  return { number: row.number, pdf: row.pdf, sha256: row.sha256 };
}
