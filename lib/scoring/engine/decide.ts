import type { FiredRule } from './evaluate';

export type Decision = 'allow' | 'review' | 'block';

export interface Thresholds {
  block: number;
  review: number;
}

/** `SERVICE_BLOCK_SCORE` and `SERVICE_REVIEW_SCORE` defaults (DESIGN.md, "Decision thresholds"). */
export const DEFAULT_THRESHOLDS: Readonly<Thresholds> = Object.freeze({ block: 80, review: 40 });

/**
 * Risk score = min(100, sum of the weights that fired) (DESIGN.md, "Risk score"); block at or above the
 * block threshold, review at or above the review threshold, else allow. Block is tested first so a
 * misconfigured review threshold above block can never downgrade a block.
 */
export function decide(
  fired: readonly Pick<FiredRule, 'weight'>[],
  thresholds: Thresholds = DEFAULT_THRESHOLDS,
): { decision: Decision; risk_score: number } {
  let sum = 0;
  for (let i = 0; i < fired.length; i++) sum += fired[i]!.weight;
  const risk_score = Math.min(100, Math.max(0, Math.round(sum)));
  const decision: Decision =
    risk_score >= thresholds.block ? 'block' : risk_score >= thresholds.review ? 'review' : 'allow';
  return { decision, risk_score };
}
