import { z } from 'zod';
import { DateTime, Integer, KeyId, nextCursor, Uuid } from './common';

export const ListDescriptor = z
  .object({ code: z.string(), name: z.string(), version: z.string(), entries: Integer.min(0), loaded_at: DateTime })
  .meta({ id: 'ListDescriptor', description: 'A loaded screening list' });

export const ScreeningLists = z.object({ lists: z.array(ListDescriptor) }).meta({ id: 'ScreeningLists' });

export const MatchReason = z
  .object({
    code: z.enum([
      'name_exact',
      'name_close',
      'name_phonetic',
      'name_initial',
      'list_has_extra',
      'query_has_extra',
      'birth_year_match',
      'birth_year_close',
      'birth_year_differs',
      'country_match',
      'country_differs',
    ]),
    detail: z.string().meta({ description: 'For display: which words were compared' }),
  })
  .meta({ id: 'MatchReason' });

export const Match = z
  .object({
    score: Integer.min(0).max(100),
    list: z.string().meta({ description: 'List code' }),
    entry_ref: z.string(),
    entry_name: z.string(),
    matched_name: z.string().meta({ description: 'The name or alias that matched best' }),
    kind: z.enum(['person', 'business']),
    category: z.enum(['sanctions', 'pep', 'adverse_media']),
    program: z.string().optional(),
    countries: z.array(z.string()),
    birth_year: Integer.optional(),
    reasons: z.array(MatchReason),
  })
  .meta({ id: 'Match' });

export const Resolution = z
  .object({
    id: Uuid,
    list: z.string(),
    entry_ref: z.string(),
    outcome: z.enum(['true_match', 'false_positive', 'needs_info']),
    note: z.string(),
    status: z.enum(['pending_approval', 'final', 'rejected']),
    resolved_by: KeyId,
    decided_by: KeyId.optional(),
    created_at: DateTime,
    decided_at: DateTime.optional(),
  })
  .meta({ id: 'Resolution' });

export const Screening = z
  .object({
    id: Uuid,
    reference: z.string().optional(),
    status: z.enum(['clear', 'potential_match']),
    threshold: Integer.min(50).max(100),
    subject: z
      .object({ name: z.string(), kind: z.enum(['person', 'business']).optional(), birth_year: Integer.optional(), country: z.string().optional() })
      .meta({ description: 'As screened' }),
    matches: z.array(Match).meta({ description: 'Candidates at or above the threshold' }),
    near: z.array(Match).meta({ description: 'Candidates scoring 50 up to the threshold' }),
    lists: z.array(ListDescriptor).meta({ description: 'Lists in force when screened' }),
    resolutions: z.array(Resolution).meta({ description: 'Oldest first' }),
    review: z.enum(['none', 'open', 'pending_approval', 'cleared', 'confirmed']),
    alert_id: Uuid.optional().meta({ description: 'Absent for a clear screening' }),
    created_at: DateTime,
  })
  .meta({ id: 'Screening' });

export const ScreeningPage = z.object({ screenings: z.array(Screening), next_cursor: nextCursor }).meta({ id: 'ScreeningPage' });
