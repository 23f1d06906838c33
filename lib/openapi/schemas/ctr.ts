import { z } from 'zod';
import { CTR_DIRECTIONS, CTR_STATUSES } from '@/db/schema/reports';
import { DateTime, Integer, nextCursor, Uuid } from './common';
import { StrFiling, StrRejection } from './reports';

export const CtrRow = z
  .object({
    id: Uuid,
    event_id: Uuid,
    occurred_at: DateTime,
    entity_id: z.string(),
    direction: z.enum(CTR_DIRECTIONS).meta({ description: 'in: cash paid in to the entity; out: cash taken out' }),
    amount: z.number(),
    currency: z.string(),
    customer_id: z.string().nullable().meta({ description: 'From the entity’s customer_id attribute; null needs attention and is not filed' }),
    included: z.boolean().meta({ description: 'Filed on submission (with a customer ID)' }),
  })
  .meta({ id: 'CtrRow' });

export const CtrBatch = z
  .object({
    id: Uuid,
    number: Integer.min(1).meta({ description: 'Short reference, shown as CTR-<number>' }),
    date: z.string().meta({ format: 'date', description: 'The UTC day reported' }),
    status: z.enum(CTR_STATUSES),
    threshold: z.number().meta({ description: 'The threshold the batch was built with (SERVICE_CTR_THRESHOLD), in whole units of any one currency' }),
    rows_total: Integer.min(0),
    rows_included: Integer.min(0),
    rows_attention: Integer.min(0).meta({ description: 'Rows with no customer ID' }),
    rows_to_file: Integer.min(0).meta({ description: 'Included rows with a customer ID: what submit files' }),
    total_amount: z.record(z.string(), z.number()).meta({ description: 'Included rows’ amounts by currency; currencies are never added together' }),
    built_by: z.string().meta({ description: 'The person who built it, or `system` for the nightly build' }),
    edited_by: z.array(z.string()).meta({ description: 'Every person who changed a row' }),
    submitted_by: z.string().nullable(),
    filing: StrFiling.nullable(),
    last_rejection: StrRejection.nullable(),
    created_at: DateTime,
    updated_at: DateTime,
  })
  .meta({ id: 'CtrBatch' });

export const CtrBatchWithRows = CtrBatch.extend({
  rows: z.array(CtrRow),
  next_cursor: nextCursor,
}).meta({ id: 'CtrBatchWithRows' });
