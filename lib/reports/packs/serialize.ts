import type { evidencePackDocuments, evidencePacks } from '@/db/schema';
import type { PackFigures } from './figures';
import { PACK_SECTION_KEYS, PACK_SECTION_TITLES, type PackSectionKey } from './schemas';

/** A pack row without its PDF bytes (read only by download and generate). */
export type PackRow = Omit<typeof evidencePacks.$inferSelect, 'pdf'>;
export type PackDocumentMeta = Omit<typeof evidencePackDocuments.$inferSelect, 'bytes' | 'orgId' | 'packId'>;

/** A pack with what its sections hold, read in one snapshot. */
export interface PackView {
  pack: PackRow;
  texts: Partial<Record<PackSectionKey, string>>;
  documents: Partial<Record<PackSectionKey, PackDocumentMeta>>;
  figures: PackFigures;
}

const iso = (d: Date): string => d.toISOString();

export function serializePackDocument(d: PackDocumentMeta) {
  return { name: d.name, type: d.type, size: d.size, sha256: d.sha256, uploaded_by: d.createdBy, uploaded_at: iso(d.createdAt) };
}

/** DESIGN's evidence pack: sections in their order, each with its text, live figures and document. */
export function serializePack(view: PackView) {
  const { pack } = view;
  return {
    id: pack.id,
    number: pack.number,
    from: pack.from,
    to: pack.to,
    purpose: pack.purpose,
    status: pack.status,
    sections: PACK_SECTION_KEYS.map((key) => {
      const doc = view.documents[key];
      return { key, title: PACK_SECTION_TITLES[key], text: view.texts[key] ?? '', figures: view.figures[key], document: doc ? serializePackDocument(doc) : null };
    }),
    generated:
      pack.status === 'generated' && pack.sha256 && pack.generatedAt
        ? { sha256: pack.sha256, at: iso(pack.generatedAt), by: pack.generatedBy, bytes: pack.bytes }
        : null,
    created_by: pack.createdBy,
    created_at: iso(pack.createdAt),
    updated_at: iso(pack.updatedAt),
  };
}
