import type { Queryable } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { listRules } from './list-rules';
import type { RuleVersionRow } from './serialize';

/** One rule key of the organisation: its active version, its drafts (waiting for activation) and its newest version. */
export interface RuleKeySummary {
  key: string;
  active: RuleVersionRow | null;
  /** Newest first. */
  drafts: RuleVersionRow[];
  latest: RuleVersionRow;
  versions: number;
  /** `active` when a version runs, else `draft` when one waits, else `retired`. */
  status: 'active' | 'draft' | 'retired';
}

/** The organisation's rules by key (byte order), each with its active version and drafts: one query through listRules. */
export async function ruleOverview(db: Queryable, actor: Actor): Promise<RuleKeySummary[]> {
  const rows = await listRules(db, actor);
  const out: RuleKeySummary[] = [];
  for (const row of rows) {
    let current = out[out.length - 1];
    if (!current || current.key !== row.key) {
      // Rows come newest version first within a key, so the first row of a key is its latest.
      current = { key: row.key, active: null, drafts: [], latest: row, versions: 0, status: 'retired' };
      out.push(current);
    }
    current.versions++;
    if (row.status === 'active') current.active = row;
    if (row.status === 'draft') current.drafts.push(row);
  }
  for (const s of out) s.status = s.active ? 'active' : s.drafts.length > 0 ? 'draft' : 'retired';
  return out;
}
