import { sql, type SQL } from 'drizzle-orm';
import type { Database, Queryable } from '@/db/client';

/** A figure: a count, a share or a time (null when there is nothing to measure), or a line of text. */
export type FigureValue = number | string | null;
/** A table of figures, one object per row, its keys the columns in order. */
export type FigureTable = Array<Record<string, FigureValue>>;
/** A section's figures by name: single values and tables. */
export type SectionFigures = Record<string, FigureValue | FigureTable>;

/** The pack's period as the figures read it: UTC days `from` to `to` inclusive, as the half-open [start, end). */
export interface FigurePeriod {
  orgId: string;
  /** `from` at 00:00 UTC. */
  start: string;
  /** The day after `to` at 00:00 UTC. */
  end: string;
}

export function periodOf(orgId: string, from: string, to: string): FigurePeriod {
  const end = new Date(`${to}T00:00:00.000Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { orgId, start: `${from}T00:00:00.000Z`, end: end.toISOString() };
}

/** The period's bounds as SQL parameters. */
export const startOf = (p: FigurePeriod): SQL => sql`${p.start}::timestamptz`;
export const endOf = (p: FigurePeriod): SQL => sql`${p.end}::timestamptz`;

/** Runs one statement and answers its rows with numeric strings (counts, sums, percentiles) turned into numbers. */
export async function rowsOf(db: Queryable, query: SQL): Promise<FigureTable> {
  const { rows } = await db.execute<Record<string, unknown>>(query);
  return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, figureValue(v)])));
}

function figureValue(v: unknown): FigureValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return v;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'bigint') return Number(v);
  const s = String(v);
  // A timestamptz read as text (`2026-07-04 00:00:00+00`) is answered in ISO 8601 UTC, as everywhere in /v1.
  const stamp = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d+)?)([+-]\d{2})(?::?(\d{2}))?$/.exec(s);
  if (stamp) return new Date(`${stamp[1]}T${stamp[2]}${stamp[3]}:${stamp[4] ?? '00'}`).toISOString();
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s;
}

/** The one row of an aggregate statement. */
export async function rowOf(db: Queryable, query: SQL): Promise<Record<string, FigureValue>> {
  return (await rowsOf(db, query))[0] ?? {};
}

/**
 * Runs `read` in one read-only REPEATABLE READ transaction, so every figure of a pack (and the PDF rendered from
 * them) sees the same committed state, however long the reading takes and whatever is written meanwhile.
 */
export function inSnapshot<T>(db: Database, read: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/** Hours between two timestamps, as SQL. */
export const hoursBetween = (from: SQL, to: SQL): SQL => sql`extract(epoch FROM (${to} - ${from})) / 3600.0`;
