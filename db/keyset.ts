import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { InvalidInputError } from '@/lib/errors';
import type { Cursor } from '@/lib/paging';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// A cursor's date is one the service sent: a stored timestamp, within what PostgreSQL holds (4713 BC on).
const EARLIEST_CURSOR_DATE = Date.UTC(-4712, 0, 1);
const LATEST_CURSOR_DATE = Date.UTC(100_000, 0, 1);

function cursorValues(idColumn: AnyColumn, cursor: Cursor, asDate: boolean): [unknown, string] {
  const key = asDate ? new Date(cursor.key) : cursor.key;
  const time = asDate ? (key as Date).getTime() : 0;
  const badKey = asDate
    ? typeof cursor.key !== 'string' || !(time >= EARLIEST_CURSOR_DATE && time < LATEST_CURSOR_DATE)
    : typeof key !== typeof cursor.key;
  const badId = idColumn.columnType === 'PgUUID' && !UUID.test(cursor.id);
  if (badKey || badId) throw new InvalidInputError('cursor is not valid; send back the next_cursor of a previous page');
  return [key, cursor.id];
}

/** Rows after the cursor in a `sort DESC, id DESC` ordering. */
export function afterCursorDesc(sortColumn: AnyColumn, idColumn: AnyColumn, cursor: Cursor | undefined, asDate = true): SQL | undefined {
  if (!cursor) return undefined;
  const [key, id] = cursorValues(idColumn, cursor, asDate);
  return sql`(${sortColumn}, ${idColumn}) < (${key}, ${id})`;
}

/** Rows after the cursor in a `sort ASC, id ASC` ordering. */
export function afterCursorAsc(sortColumn: AnyColumn, idColumn: AnyColumn, cursor: Cursor | undefined, asDate = true): SQL | undefined {
  if (!cursor) return undefined;
  const [key, id] = cursorValues(idColumn, cursor, asDate);
  return sql`(${sortColumn}, ${idColumn}) > (${key}, ${id})`;
}

/**
 * Newest first, as the list indexes are built: drizzle's `.desc()` in an index makes it DESC NULLS LAST,
 * while a plain ORDER BY ... DESC sorts nulls first, an order PostgreSQL cannot read from that index
 * (it would sort all of the organisation's rows for every page), even on a NOT NULL column.
 */
export const newestFirst = (column: AnyColumn): SQL => sql`${column} desc nulls last`;
