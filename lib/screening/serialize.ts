import type { screeningResolutions, screenings } from '@/db/schema';
import type { Match } from './matcher';

export type ScreeningRow = typeof screenings.$inferSelect;
export type ResolutionRow = typeof screeningResolutions.$inferSelect;

/** Loaded-list descriptor of the interface. */
export interface ListDescriptor {
  code: string;
  name: string;
  version: string;
  entries: number;
  loaded_at: string;
}

/** The subject as screened: only the fields the caller sent. */
export interface ScreeningSubject {
  name: string;
  kind?: 'person' | 'business';
  birth_year?: number;
  country?: string;
}

export function toListDescriptor(row: { code: string; name: string; version: string; entries: number; loadedAt: Date }): ListDescriptor {
  return { code: row.code, name: row.name, version: row.version, entries: row.entries, loaded_at: row.loadedAt.toISOString() };
}

const iso = (d: Date): string => d.toISOString();

const SUBJECT_FIELDS = ['name', 'kind', 'birth_year', 'country'];
const MATCH_FIELDS = ['score', 'list', 'entry_ref', 'entry_name', 'matched_name', 'kind', 'category', 'program', 'countries', 'birth_year', 'reasons'];
const REASON_FIELDS = ['code', 'detail'];
const LIST_FIELDS = ['code', 'name', 'version', 'entries', 'loaded_at'];

/**
 * The same object with its fields in the interface's order (jsonb keeps keys in its own order).
 * Values are untouched, and fields not named are kept after the named ones.
 */
function inOrder<T>(value: unknown, fields: readonly string[]): T {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value as T;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const f of fields) if (f in source) out[f] = source[f];
  for (const [k, v] of Object.entries(source)) if (!(k in out)) out[k] = v;
  return out as T;
}

function storedMatches(value: unknown): Match[] {
  if (!Array.isArray(value)) return [];
  return value.map((m) => {
    const match = inOrder<Match>(m, MATCH_FIELDS);
    return Array.isArray(match.reasons) ? { ...match, reasons: match.reasons.map((r) => inOrder(r, REASON_FIELDS)) } : match;
  });
}

export function serializeResolution(r: ResolutionRow) {
  return {
    id: r.id,
    list: r.list,
    entry_ref: r.entryRef,
    outcome: r.outcome,
    note: r.note,
    status: r.status,
    resolved_by: r.resolvedBy,
    ...(r.decidedBy !== null ? { decided_by: r.decidedBy } : {}),
    created_at: iso(r.createdAt),
    ...(r.decidedAt !== null ? { decided_at: iso(r.decidedAt) } : {}),
  };
}

/**
 * The Screening resource. Subject, matches, near misses and lists are the stored JSON exactly as
 * first returned (fields shown in the interface's order); `resolutions` (oldest first), `review` and
 * `alert_id` are current.
 */
export function serializeScreening(s: ScreeningRow, resolutions: readonly ResolutionRow[]) {
  return {
    id: s.id,
    ...(s.reference !== null ? { reference: s.reference } : {}),
    status: s.status,
    threshold: s.threshold,
    subject: inOrder<ScreeningSubject>(s.subject, SUBJECT_FIELDS),
    matches: storedMatches(s.matches),
    near: storedMatches(s.near),
    lists: (Array.isArray(s.lists) ? s.lists : []).map((l) => inOrder<ListDescriptor>(l, LIST_FIELDS)),
    resolutions: resolutions.map(serializeResolution),
    review: s.review,
    ...(s.alertId !== null ? { alert_id: s.alertId } : {}),
    created_at: iso(s.createdAt),
  };
}
