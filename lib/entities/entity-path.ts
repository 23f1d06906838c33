import { PlainBadRequestError } from '@/lib/http/errors';

export type EntityPath =
  | { resource: 'entity'; raw: string }
  | { resource: 'events'; raw: string }
  | { resource: 'links'; raw: string }
  | { resource: 'unknown' };

const PREFIX = '/v1/entities/';

/**
 * Splits `/v1/entities/{id}[/events|/links]` on the literal slashes of the still-encoded path of the
 * request URL. Entity ids are free strings: a client sends a `/` inside an id as `%2F`, so an id is
 * always exactly one raw segment, and an id such as `acct/events` (`acct%2Fevents`) can never be
 * mistaken for the timeline of `acct`. The id stays encoded here; `decodeEntityId` decodes it.
 */
export function parseEntityPath(url: string): EntityPath {
  const pathname = new URL(url).pathname;
  if (!pathname.startsWith(PREFIX)) return { resource: 'unknown' };
  const parts = pathname.slice(PREFIX.length).split('/');
  const [raw, sub] = parts;
  if (raw === undefined || raw === '') return { resource: 'unknown' };
  if (parts.length === 1) return { resource: 'entity', raw };
  if (parts.length === 2 && (sub === 'events' || sub === 'links')) return { resource: sub, raw };
  return { resource: 'unknown' };
}

/** The entity id of one raw path segment, percent-decoded (UTF-8). */
export function decodeEntityId(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new PlainBadRequestError('the entity id in the path is not valid percent-encoding');
  }
}
