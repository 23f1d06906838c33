import { z } from 'zod';
import { PACK_STATUSES } from '@/db/schema/reports';
import { PACK_SECTION_KEYS } from '@/lib/reports/packs/schemas';
import { DateTime, Integer, Uuid } from './common';

const FigureValue = z.union([z.number(), z.string(), z.null()]);

export const PackDocument = z
  .object({
    name: z.string(),
    type: z.enum(['application/pdf', 'image/png', 'image/jpeg']),
    size: Integer.min(0),
    sha256: z.string().meta({ description: 'SHA-256 of the bytes, hex' }),
    uploaded_by: z.string(),
    uploaded_at: DateTime,
  })
  .meta({ id: 'PackDocument' });

export const PackSection = z
  .object({
    key: z.enum(PACK_SECTION_KEYS),
    title: z.string(),
    text: z.string(),
    figures: z
      .record(z.string(), z.union([FigureValue, z.array(z.record(z.string(), FigureValue))]))
      .meta({ description: 'Live figures for the pack’s period by name: single values, and tables as arrays of rows. Counts only, never a report subject’s name' }),
    document: PackDocument.nullable(),
  })
  .meta({ id: 'PackSection' });

export const EvidencePack = z
  .object({
    id: Uuid,
    number: Integer.min(1).meta({ description: 'Short reference, shown as PACK-<number>' }),
    from: z.string().meta({ format: 'date', description: 'First day of the period (UTC)' }),
    to: z.string().meta({ format: 'date', description: 'Last day of the period (UTC), included' }),
    purpose: z.string().nullable(),
    status: z.enum(PACK_STATUSES).meta({ description: 'generated: the stored PDF matches the sections; an edit moves it back to draft' }),
    sections: z.array(PackSection).meta({ description: 'In DESIGN’s order: ' + PACK_SECTION_KEYS.join(', ') }),
    generated: z
      .object({ sha256: z.string(), at: DateTime, by: z.string().nullable(), bytes: Integer.min(0).nullable() })
      .nullable()
      .meta({ description: 'The stored PDF: its SHA-256 (also in the audit entry pack.generated), when and by whom, its length' }),
    created_by: z.string(),
    created_at: DateTime,
    updated_at: DateTime,
  })
  .meta({ id: 'EvidencePack' });
