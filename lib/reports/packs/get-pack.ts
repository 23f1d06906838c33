import { and, eq, getTableColumns } from 'drizzle-orm';
import type { Database, Queryable } from '@/db/client';
import { evidencePackDocuments, evidencePacks, evidencePackSections } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { NotFoundError } from '@/lib/errors';
import { packFigures } from './figures';
import { inSnapshot, periodOf } from './figures/snapshot';
import { PACK_NOT_FOUND, type PackSectionKey } from './schemas';
import type { PackDocumentMeta, PackRow, PackView } from './serialize';

const { pdf: _pdf, ...columnsButPdf } = getTableColumns(evidencePacks);
/** The pack columns but its PDF bytes. */
export const packColumns = columnsButPdf;
const { bytes: _bytes, orgId: _orgId, packId: _packId, ...documentColumns } = getTableColumns(evidencePackDocuments);

/** One pack of the actor's organisation without its PDF bytes, or 404 (another organisation's included). */
export async function readPack(db: Queryable, actor: Actor, id: string): Promise<PackRow> {
  const [row] = await db
    .select(packColumns)
    .from(evidencePacks)
    .where(and(eq(evidencePacks.orgId, actor.orgId), eq(evidencePacks.id, id)));
  if (!row) throw new NotFoundError(PACK_NOT_FOUND);
  return row;
}

/** The pack, its sections' texts and documents and the period's figures, all read on `db` (one snapshot). */
export async function readPackView(db: Queryable, actor: Actor, id: string): Promise<PackView> {
  const pack = await readPack(db, actor, id);
  const sections = await db
    .select({ key: evidencePackSections.key, text: evidencePackSections.text })
    .from(evidencePackSections)
    .where(and(eq(evidencePackSections.orgId, actor.orgId), eq(evidencePackSections.packId, id)));
  const docs = await db
    .select(documentColumns)
    .from(evidencePackDocuments)
    .where(and(eq(evidencePackDocuments.orgId, actor.orgId), eq(evidencePackDocuments.packId, id)));
  const figures = await packFigures(db, periodOf(actor.orgId, pack.from, pack.to), id);
  return {
    pack,
    texts: Object.fromEntries(sections.map((s) => [s.key, s.text])) as Partial<Record<PackSectionKey, string>>,
    documents: Object.fromEntries(docs.map((d) => [d.sectionKey, d])) as Partial<Record<PackSectionKey, PackDocumentMeta>>,
    figures,
  };
}

/** GET /v1/reports/packs/{id}: the pack with its sections' live figures, read in one read-only snapshot. Anyone signed in. */
export async function getPack(db: Database, actor: Actor, id: string): Promise<PackView> {
  authorize(actor, 'work');
  return inSnapshot(db, (tx) => readPackView(tx, actor, id));
}
