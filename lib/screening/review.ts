import type { Match } from './matcher';
import type { ResolutionRow, ScreeningRow } from './serialize';

export type ReviewState = ScreeningRow['review'];

/** A match or near miss is named by its list code and entry reference. */
export interface MatchTarget {
  list: string;
  entry_ref: string;
}

export const targetKey = (t: MatchTarget): string => JSON.stringify([t.list, t.entry_ref]);

/** The screening's match or near miss with that list and entry reference, if any. */
export function findTarget(s: Pick<ScreeningRow, 'matches' | 'near'>, t: MatchTarget): { match: Match; near: boolean } | undefined {
  const key = targetKey(t);
  const match = (s.matches as Match[]).find((m) => targetKey(m) === key);
  if (match) return { match, near: false };
  const nearMiss = (s.near as Match[]).find((m) => targetKey(m) === key);
  return nearMiss ? { match: nearMiss, near: true } : undefined;
}

/**
 * The standing decision of each decided match: the latest decision recorded on it (a later decision
 * replaces an earlier one), or none when that latest one was sent back (rejected). `resolutions`
 * must be oldest first.
 */
export function standingDecisions(resolutions: readonly ResolutionRow[]): Map<string, ResolutionRow> {
  const latest = new Map<string, ResolutionRow>();
  for (const r of resolutions) latest.set(targetKey({ list: r.list, entry_ref: r.entryRef }), r);
  for (const [key, r] of latest) if (r.status === 'rejected') latest.delete(key);
  return latest;
}

/**
 * The interface's "Screening review state":
 * - confirmed: a true match stands on a match or a near miss (the alert stays open);
 * - none: otherwise, for a clear screening;
 * - open: a match has no standing decision, or only `needs_info`;
 * - pending_approval: every match is cleared as false positive, and at least one clearing awaits a second key;
 * - cleared: every match cleared as false positive and each clearing approved.
 */
export function computeReview(s: Pick<ScreeningRow, 'status' | 'matches' | 'near'>, resolutions: readonly ResolutionRow[]): ReviewState {
  const standing = standingDecisions(resolutions);
  const matches = s.matches as Match[];
  const near = s.near as Match[];
  const confirmed = [...matches, ...near].some((m) => standing.get(targetKey(m))?.outcome === 'true_match');
  if (confirmed) return 'confirmed';
  if (s.status === 'clear' || matches.length === 0) return 'none';
  const decisions = matches.map((m) => standing.get(targetKey(m)));
  if (decisions.some((d) => d === undefined || d.outcome !== 'false_positive')) return 'open';
  if (decisions.some((d) => d?.status === 'pending_approval')) return 'pending_approval';
  return 'cleared';
}
