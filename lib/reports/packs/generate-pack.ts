import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { evidencePacks, organisations } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { ConflictError } from '@/lib/errors';
import { inSnapshot } from './figures/snapshot';
import { packColumns, readPackView } from './get-pack';
import { renderPackPdf } from './render-pdf';
import { CHANGED_WHILE_GENERATING, ROLE_CANNOT_GENERATE } from './schemas';
import type { PackRow } from './serialize';

/**
 * POST /v1/reports/packs/{id}/generate (reviewer or admin): reads the pack and its figures in one read-only
 * snapshot, renders the PDF from that reading, and stores it with its SHA-256 and length, status `generated`.
 * The store is conditional on the pack being unchanged since the reading (its `updated_at`): an edit made while the
 * PDF was rendered answers 409 rather than storing a PDF that misses it. Audit: `pack.generated` with the SHA-256
 * and byte length. Generating again renders afresh (the figures are live) and records the new hash.
 */
export async function generatePack(db: Database, actor: Actor, id: string, now: () => Date = () => new Date()): Promise<PackRow> {
  authorize(actor, 'approve', ROLE_CANNOT_GENERATE);
  const { view, institution } = await inSnapshot(db, async (tx) => {
    const read = await readPackView(tx, actor, id);
    const [org] = await tx
      .select({ name: organisations.name, institution: organisations.institution })
      .from(organisations)
      .where(eq(organisations.id, actor.orgId));
    return { view: read, institution: org?.institution?.trim() || org?.name || 'Institution' };
  });
  const generatedAt = now();
  const pdf = await renderPackPdf(view, { institution, generatedAt, generatedBy: actor.actorId });
  const sha256 = createHash('sha256').update(pdf).digest('hex');

  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(evidencePacks)
      .set({ status: 'generated', pdf, sha256, bytes: pdf.byteLength, generatedAt, generatedBy: actor.actorId, updatedAt: sql`now()` })
      .where(and(eq(evidencePacks.orgId, actor.orgId), eq(evidencePacks.id, id), eq(evidencePacks.updatedAt, view.pack.updatedAt)))
      .returning({ id: evidencePacks.id });
    if (!row) throw new ConflictError(CHANGED_WHILE_GENERATING);
    await recordAudit(tx, actor, {
      action: 'pack.generated',
      targetType: 'pack',
      targetId: id,
      changes: { number: view.pack.number, from: view.pack.from, to: view.pack.to, sha256, bytes: pdf.byteLength },
    });
    const [pack] = await tx
      .select(packColumns)
      .from(evidencePacks)
      .where(and(eq(evidencePacks.orgId, actor.orgId), eq(evidencePacks.id, id)));
    if (!pack) throw new Error('generated evidence pack not found');
    return pack;
  });
}
