import { and, eq, lte, type SQL } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { afterCursorDesc, newestFirst } from '@/db/keyset';
import { cases, CASE_STATUSES } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { dateKey, decodeCursor, toPage } from '@/lib/paging';
import { selectCaseRecords } from './get-case';

export { CASE_STATUSES };

export interface CaseFilter {
  status?: (typeof CASE_STATUSES)[number];
  limit: number;
  cursor?: string;
}

/**
 * The organisation's cases, most recently changed first, with the ids of their alerts. Keyset paging
 * on (updated_at, id) descending, read from cases_org_updated_idx or, with a status, from
 * cases_org_status_updated_idx; one query per page.
 */
export async function listCases(db: Queryable, actor: Actor, filter: CaseFilter) {
  authorize(actor, 'work');
  const cursor = decodeCursor(filter.cursor);
  const conditions: (SQL | undefined)[] = [eq(cases.orgId, actor.orgId), filter.status ? eq(cases.status, filter.status) : undefined];
  // The row comparison is not an index bound by itself; the redundant single-column bound is.
  if (cursor) conditions.push(afterCursorDesc(cases.updatedAt, cases.id, cursor), lte(cases.updatedAt, new Date(cursor.key)));
  const rows = await selectCaseRecords(db)
    .where(and(...conditions))
    .orderBy(newestFirst(cases.updatedAt), newestFirst(cases.id))
    .limit(filter.limit + 1);
  return toPage(rows, filter.limit, (r) => ({ key: dateKey(r.case.updatedAt), id: r.case.id }));
}
