import type { Tone } from '@/components/ui';
import type { Match, ReasonCode } from '@/lib/screening/matcher';

/** The matcher's reason codes (the interface's list) as words an analyst reads at a glance. */
const LABELS: Record<ReasonCode, { label: string; tone: Tone }> = {
  name_exact: { label: 'same word', tone: 'warning' },
  name_close: { label: 'spelled alike', tone: 'warning' },
  name_phonetic: { label: 'sounds alike', tone: 'warning' },
  name_initial: { label: 'could be an initial', tone: 'neutral' },
  list_has_extra: { label: 'extra word on the list', tone: 'neutral' },
  query_has_extra: { label: 'extra word screened', tone: 'neutral' },
  birth_year_match: { label: 'same birth year', tone: 'warning' },
  birth_year_close: { label: 'birth year close', tone: 'warning' },
  birth_year_differs: { label: 'birth year differs', tone: 'success' },
  country_match: { label: 'same country', tone: 'warning' },
  country_differs: { label: 'country differs', tone: 'success' },
};

export interface ReasonLabel {
  label: string;
  tone: Tone;
  detail: string;
}

/**
 * A match's reasons as labels with the matcher's detail (which words were compared) for hover and
 * screen readers; "matched an alias" first when the best name was not the entry's own.
 */
export function reasonLabels(match: Pick<Match, 'reasons' | 'matched_name' | 'entry_name'>): ReasonLabel[] {
  const out: ReasonLabel[] = [];
  if (match.matched_name && match.entry_name && match.matched_name !== match.entry_name) {
    out.push({ label: 'alias', tone: 'info', detail: `matched the alias "${match.matched_name}"` });
  }
  for (const r of match.reasons ?? []) {
    const known = LABELS[r.code];
    out.push({ label: known?.label ?? r.code.replace(/_/g, ' '), tone: known?.tone ?? 'neutral', detail: r.detail });
  }
  return out;
}

export const REVIEW_LABELS: Record<string, { label: string; tone: Tone }> = {
  none: { label: 'nothing to review', tone: 'neutral' },
  open: { label: 'to review', tone: 'warning' },
  pending_approval: { label: 'waiting for approval', tone: 'info' },
  cleared: { label: 'cleared', tone: 'success' },
  confirmed: { label: 'match confirmed', tone: 'danger' },
};

export const STATUS_LABELS: Record<string, { label: string; tone: Tone }> = {
  clear: { label: 'clear', tone: 'success' },
  potential_match: { label: 'potential match', tone: 'warning' },
};

export const OUTCOME_LABELS: Record<string, string> = {
  false_positive: 'not the same (false positive)',
  true_match: 'true match',
  needs_info: 'needs more information',
};
