// Public shapes of the matcher, re-exported by ./index.ts. They mirror the Match object and the
// screening list file of the service interface.

export type EntryKind = 'person' | 'business';
export type ListCategory = 'sanctions' | 'pep' | 'adverse_media';

export interface ListEntry {
  list: string;
  ref: string;
  kind: EntryKind;
  name: string;
  category: ListCategory;
  aliases?: string[];
  countries?: string[];
  program?: string;
  birth_year?: number;
}

export interface ScreeningQuery {
  name: string;
  kind?: EntryKind;
  birth_year?: number;
  country?: string;
}

export type ReasonCode =
  | 'name_exact'
  | 'name_close'
  | 'name_phonetic'
  | 'name_initial'
  | 'list_has_extra'
  | 'query_has_extra'
  | 'birth_year_match'
  | 'birth_year_close'
  | 'birth_year_differs'
  | 'country_match'
  | 'country_differs';

export interface MatchReason {
  code: ReasonCode;
  detail: string;
}

export interface Match {
  score: number;
  list: string;
  entry_ref: string;
  entry_name: string;
  matched_name: string;
  kind: EntryKind;
  category: ListCategory;
  program?: string;
  countries: string[];
  birth_year?: number;
  reasons: MatchReason[];
}

export interface ScreeningIndex {
  /** Number of list entries in the index. */
  readonly size: number;
}

export interface ScreenOptions {
  /** Score at or above which a candidate is a match. Default 80. */
  threshold?: number;
  /** Lowest score reported as a near miss. Default 50. */
  floor?: number;
  /** Matches and near misses together. Default 25. */
  maxCandidates?: number;
}

export interface ScreeningResult {
  matches: Match[];
  near: Match[];
}
