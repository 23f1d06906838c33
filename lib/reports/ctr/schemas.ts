import { z } from 'zod';
import { pageParams } from '@/lib/paging';

// The inputs of the CTR verbs, each one schema: the verb parses with it (lib/validation.ts), /v1 parses its body or
// query with it and the OpenAPI document is generated from it.

export const CTR_NOT_FOUND = 'CTR batch not found';
export const CTR_ROW_NOT_FOUND = 'CTR row not found';
export const DATE_MESSAGE = 'date must be a UTC day as YYYY-MM-DD';
export const DAY_NOT_OVER_MESSAGE = 'date must be a UTC day that is over (yesterday or earlier)';

/** A real calendar day written YYYY-MM-DD (2026-02-30 is refused). */
export function isCalendarDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** buildCtrBatch; POST /v1/reports/ctr body: the UTC day to build. */
export const ctrCreateInput = z.object({
  date: z
    .string({ error: DATE_MESSAGE })
    .refine((v) => isCalendarDay(v) && v >= '1970-01-01', DATE_MESSAGE)
    .meta({ format: 'date', description: 'The UTC day whose cash events the batch reports; a day that is over' }),
});

export const ATTENTION_MESSAGE = 'attention must be true or false';

/** getCtr; GET /v1/reports/ctr/{id} query: a page of rows, only those lacking a customer ID with `attention=true`. */
export const ctrRowsQuery = z.object({
  attention: z
    .enum(['true', 'false'], { error: ATTENTION_MESSAGE })
    .optional()
    .transform((v) => v === 'true')
    .meta({ description: 'true: only rows with no customer ID' }),
  ...pageParams,
});

export const NOT_A_DRAFT_MESSAGE = 'only a draft CTR batch can be edited';
export const BEING_FILED_MESSAGE = 'the CTR batch is being filed; its filing is retried in the background';
export const NOTHING_TO_SAVE = 'send included or customer_id';
export const INCLUDED_MESSAGE = 'included must be true or false';
export const CUSTOMER_ID_MESSAGE = 'customer_id must be 1 to 100 characters';

/** updateCtrRow; PATCH /v1/reports/ctr/{id}/rows/{row_id} body. */
export const ctrRowUpdateInput = z
  .object({
    included: z.boolean({ error: INCLUDED_MESSAGE }).optional().meta({ description: 'Whether the row is filed' }),
    customer_id: z
      .string({ error: CUSTOMER_ID_MESSAGE })
      .trim()
      .min(1, CUSTOMER_ID_MESSAGE)
      .max(100, CUSTOMER_ID_MESSAGE)
      .optional()
      .meta({ description: 'The customer ID; also written to the entity’s customer_id attribute' }),
  })
  .refine((b) => b.included !== undefined || b.customer_id !== undefined, NOTHING_TO_SAVE);

export const ROLE_CANNOT_SUBMIT = 'only a reviewer or an admin can submit a CTR batch';
export const BUILDER_CANNOT_SUBMIT = 'the person who built or edited a CTR batch cannot submit it';
export const NOT_A_DRAFT_TO_SUBMIT = 'only a draft CTR batch can be submitted';
export const NOTHING_TO_FILE = 'no included row has a customer ID; there is nothing to file';
export const SCHEMA_FAILS_MESSAGE = 'the CTR document does not validate against the filing schema; complete the customers’ records first';
