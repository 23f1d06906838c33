import { z } from 'zod';
import { InvalidInputError } from '@/lib/errors';

export const LIMIT_MESSAGE = 'limit must be between 1 and 200';

/** `limit` (1 to 200, default 50) and the opaque `cursor` of every paged list. */
export const pageParams = {
  limit: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return 50;
      // Digits only: Number() would also read `0x10`, `1e2` or ` 5 `.
      const n = /^[0-9]{1,3}$/.test(v) ? Number(v) : NaN;
      if (!Number.isInteger(n) || n < 1 || n > 200) {
        ctx.addIssue({ code: 'custom', message: LIMIT_MESSAGE });
        return z.NEVER;
      }
      return n;
    })
    .meta({ type: 'integer', minimum: 1, maximum: 200, description: 'Page size, 1 to 200 (default 50)' }),
  cursor: z.string().optional().meta({ description: 'The `next_cursor` of the previous page' }),
};

/** The position after which the next page starts: the last row's sort key and id. */
export interface Cursor {
  key: string | number;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString('base64url');
}

export function decodeCursor(text: string | undefined): Cursor | undefined {
  if (text === undefined || text === '') return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      (typeof value[0] === 'string' || typeof value[0] === 'number') &&
      typeof value[1] === 'string' &&
      // The service never sends a NUL in a cursor, and the database cannot compare one.
      !`${value[0]}${value[1]}`.includes('\u0000')
    ) {
      return { key: value[0], id: value[1] };
    }
  } catch {
    // fall through to the error below
  }
  throw new InvalidInputError('cursor is not valid; send back the next_cursor of a previous page');
}

/**
 * Rows were fetched with `limit + 1`; the extra row only says that another page exists, so
 * `next_cursor` is present exactly when at least one more row exists.
 */
export function toPage<T>(rows: T[], limit: number, cursorOf: (row: T) => Cursor): { items: T[]; nextCursor?: string } {
  if (rows.length <= limit) return { items: rows };
  const items = rows.slice(0, limit);
  return { items, nextCursor: encodeCursor(cursorOf(items[items.length - 1] as T)) };
}

/** A Date sort key travels in the cursor as its ISO text (timestamps are stored with millisecond precision). */
export const dateKey = (d: Date): string => d.toISOString();
