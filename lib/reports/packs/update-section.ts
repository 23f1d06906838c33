import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '@/db/client';
import { evidencePacks, evidencePackSections } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { NotFoundError } from '@/lib/errors';
import { parseInput } from '@/lib/validation';
import { PACK_NOT_FOUND, packSectionInput, packSectionKey, type PackSectionKey } from './schemas';

/**
 * Marks the pack changed in `tx`, locking its row: a generated pack goes back to draft and loses its PDF, so what is
 * downloaded never disagrees with the sections (the audit log keeps the hash of every PDF that was generated).
 * Answers whether it had been generated; 404 when the pack is not the organisation's.
 */
export async function markPackChanged(tx: Tx, actor: Actor, id: string): Promise<{ wasGenerated: boolean }> {
  const [before] = await tx
    .select({ status: evidencePacks.status })
    .from(evidencePacks)
    .where(and(eq(evidencePacks.orgId, actor.orgId), eq(evidencePacks.id, id)))
    .for('update');
  if (!before) throw new NotFoundError(PACK_NOT_FOUND);
  await tx
    .update(evidencePacks)
    .set({ status: 'draft', pdf: null, sha256: null, bytes: null, generatedAt: null, generatedBy: null, updatedAt: sql`now()` })
    .where(and(eq(evidencePacks.orgId, actor.orgId), eq(evidencePacks.id, id)));
  return { wasGenerated: before.status === 'generated' };
}

/**
 * PATCH /v1/reports/packs/{id}/sections/{key}: sets a section's text (up to 20,000 characters). Editing a generated
 * pack moves it back to draft (see markPackChanged). Audit: `pack.section_updated` with the key and length.
 */
export async function updatePackSection(db: Database, actor: Actor, id: string, key: string, input: unknown): Promise<void> {
  authorize(actor, 'work');
  const k: PackSectionKey = parseInput(packSectionKey, key);
  const { text } = parseInput(packSectionInput, input);
  await db.transaction(async (tx) => {
    const { wasGenerated } = await markPackChanged(tx, actor, id);
    await tx
      .insert(evidencePackSections)
      .values({ orgId: actor.orgId, packId: id, key: k, text, updatedBy: actor.actorId })
      .onConflictDoUpdate({
        target: [evidencePackSections.orgId, evidencePackSections.packId, evidencePackSections.key],
        set: { text, updatedBy: actor.actorId, updatedAt: sql`now()` },
      });
    await recordAudit(tx, actor, {
      action: 'pack.section_updated',
      targetType: 'pack',
      targetId: id,
      changes: { section: k, length: text.length, ...(wasGenerated ? { status: { from: 'generated', to: 'draft' } } : {}) },
    });
  });
}
