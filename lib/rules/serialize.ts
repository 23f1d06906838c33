import type { ruleVersions } from '@/db/schema';

export type RuleVersionRow = typeof ruleVersions.$inferSelect;

/** The Rule version resource of the interface. `approved_by` and `activated_at` are absent until activation, like other fields without a value. */
export function serializeRule(r: RuleVersionRow) {
  return {
    id: r.id,
    key: r.key,
    version: r.version,
    expr: r.expr,
    weight: r.weight,
    detail: r.detail,
    subject: r.subject,
    status: r.status,
    created_by: r.createdBy,
    ...(r.approvedBy !== null ? { approved_by: r.approvedBy } : {}),
    created_at: r.createdAt.toISOString(),
    ...(r.activatedAt ? { activated_at: r.activatedAt.toISOString() } : {}),
  };
}
