import pg from 'pg';

// pg's own reading of timestamptz text: it understands BC years (PostgreSQL's year 0000 is 1 BC) and years
// past 9999, where `new Date(text)` gives an Invalid Date that no serialiser can print.
const parseTimestamptz = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (text: string) => Date;

/** A timestamp as PostgreSQL returned it (text, or a Date already parsed), as a valid Date whatever its year. */
export function storedDate(value: Date | string): Date {
  return value instanceof Date ? value : parseTimestamptz(value);
}

/**
 * A Date as timestamptz text PostgreSQL reads back to the same instant, including years before 1 (written
 * `… BC`, PostgreSQL having no year 0) and after 9999, which `toISOString()` writes in forms it refuses.
 */
export function toPostgresTimestamp(date: Date): string {
  const iso = date.toISOString();
  const year = date.getUTCFullYear();
  if (year >= 1 && year <= 9999) return iso;
  const rest = iso.slice(iso.indexOf('-', 1)).replace('Z', '+00');
  return year >= 1 ? `${year}${rest}` : `${String(1 - year).padStart(4, '0')}${rest} BC`;
}
