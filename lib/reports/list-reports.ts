import { and, eq, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '@/db/client';
import { afterCursorDesc, newestFirst } from '@/db/keyset';
import { cases, CTR_STATUSES, ctrBatches, evidencePacks, PACK_STATUSES, STR_STATUSES, strReports } from '@/db/schema';
import { storedDate } from '@/db/timestamps';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { InvalidInputError } from '@/lib/errors';
import { dateKey, decodeCursor, LIMIT_MESSAGE, toPage, type Cursor } from '@/lib/paging';
import { parseInput } from '@/lib/validation';
import { REPORT_KIND_MESSAGE, REPORT_KINDS, type ReportKind } from './schemas';

/** One line of the report list, whatever the kind. */
export interface ReportListItem {
  id: string;
  kind: ReportKind;
  /** Shown as STR-<number>, CTR-<number>, PACK-<number>. */
  number: number;
  status: string;
  updatedAt: Date;
  /** A line saying what the report is about (for an STR: the case title and the subject's name). */
  summary: string | null;
}

/** Report counts by kind and status over the whole organisation: DESIGN's "Report list" figures. */
export interface ReportFigures {
  str: Record<(typeof STR_STATUSES)[number], number>;
  ctr: Record<(typeof CTR_STATUSES)[number], number>;
  pack: Record<(typeof PACK_STATUSES)[number], number>;
}

const zeros = <S extends string>(statuses: readonly S[]): Record<S, number> => Object.fromEntries(statuses.map((s) => [s, 0])) as Record<S, number>;

/**
 * A kind's rows as the list reads them, newest change first after the cursor: `kind, id, number, status,
 * updated_at, summary`, at most `limit` rows, each branch read from its table's (org_id, updated_at, id) index.
 * A kind with no table yet has no branch; adding one is one more entry here and one in `FIGURES`.
 */
const BRANCHES: Partial<Record<ReportKind, (orgId: string, cursor: Cursor | undefined, limit: number) => SQL>> = {
  str: (orgId, cursor, limit) => {
    const subjectName = sql`coalesce(nullif(btrim(${strReports.subject}->>'name'), ''),
      nullif(btrim(concat_ws(' ', ${strReports.subject}->>'first_name', ${strReports.subject}->>'last_name')), ''))`;
    // The row comparison is not an index bound by itself; the redundant single-column bound is.
    const after = cursor ? and(afterCursorDesc(strReports.updatedAt, strReports.id, cursor), lte(strReports.updatedAt, new Date(cursor.key))) : undefined;
    return sql`(SELECT 'str'::text AS kind, ${strReports.id} AS id, ${strReports.number} AS number, ${strReports.status} AS status,
        ${strReports.updatedAt} AS updated_at, nullif(concat_ws(' — ', ${cases.title}, ${subjectName}), '') AS summary
      FROM ${strReports}
      JOIN ${cases} ON ${cases.orgId} = ${strReports.orgId} AND ${cases.id} = ${strReports.caseId}
      WHERE ${and(eq(strReports.orgId, orgId), after)}
      ORDER BY ${newestFirst(strReports.updatedAt)}, ${newestFirst(strReports.id)}
      LIMIT ${limit})`;
  },
  ctr: (orgId, cursor, limit) => {
    const after = cursor ? and(afterCursorDesc(ctrBatches.updatedAt, ctrBatches.id, cursor), lte(ctrBatches.updatedAt, new Date(cursor.key))) : undefined;
    return sql`(SELECT 'ctr'::text AS kind, ${ctrBatches.id} AS id, ${ctrBatches.number} AS number, ${ctrBatches.status} AS status,
        ${ctrBatches.updatedAt} AS updated_at,
        concat('Cash transactions of ', ${ctrBatches.date}::text, ': ', ${ctrBatches.rowsTotal}, CASE WHEN ${ctrBatches.rowsTotal} = 1 THEN ' row' ELSE ' rows' END) AS summary
      FROM ${ctrBatches}
      WHERE ${and(eq(ctrBatches.orgId, orgId), after)}
      ORDER BY ${newestFirst(ctrBatches.updatedAt)}, ${newestFirst(ctrBatches.id)}
      LIMIT ${limit})`;
  },
  pack: (orgId, cursor, limit) => {
    const after = cursor ? and(afterCursorDesc(evidencePacks.updatedAt, evidencePacks.id, cursor), lte(evidencePacks.updatedAt, new Date(cursor.key))) : undefined;
    return sql`(SELECT 'pack'::text AS kind, ${evidencePacks.id} AS id, ${evidencePacks.number} AS number, ${evidencePacks.status} AS status,
        ${evidencePacks.updatedAt} AS updated_at,
        concat('Evidence pack ', ${evidencePacks.from}::text, ' to ', ${evidencePacks.to}::text, CASE WHEN ${evidencePacks.purpose} IS NULL THEN '' ELSE concat(': ', ${evidencePacks.purpose}) END) AS summary
      FROM ${evidencePacks}
      WHERE ${and(eq(evidencePacks.orgId, orgId), after)}
      ORDER BY ${newestFirst(evidencePacks.updatedAt)}, ${newestFirst(evidencePacks.id)}
      LIMIT ${limit})`;
  },
};

/** Each kind's count by status; kinds with no table yet count zero. */
const FIGURES: Partial<Record<ReportKind, (orgId: string) => SQL>> = {
  str: (orgId) => sql`SELECT 'str'::text AS kind, ${strReports.status} AS status, count(*)::int AS n FROM ${strReports} WHERE ${strReports.orgId} = ${orgId} GROUP BY ${strReports.status}`,
  ctr: (orgId) => sql`SELECT 'ctr'::text AS kind, ${ctrBatches.status} AS status, count(*)::int AS n FROM ${ctrBatches} WHERE ${ctrBatches.orgId} = ${orgId} GROUP BY ${ctrBatches.status}`,
  pack: (orgId) =>
    sql`SELECT 'pack'::text AS kind, ${evidencePacks.status} AS status, count(*)::int AS n FROM ${evidencePacks} WHERE ${evidencePacks.orgId} = ${orgId} GROUP BY ${evidencePacks.status}`,
};

export interface ReportListFilter {
  kind?: ReportKind;
  /** 1 to 200. */
  limit: number;
  cursor?: string;
}

export interface ReportListPage {
  items: ReportListItem[];
  nextCursor?: string;
  figures: ReportFigures;
}

interface ListedRow extends Record<string, unknown> {
  kind: ReportKind;
  id: string;
  number: number;
  status: string;
  updated_at: string | Date;
  summary: string | null;
}

/**
 * GET /v1/reports: the organisation's reports of every kind (or of `kind`), newest change first, keyset-paged on
 * (updated_at, id), with the figures of all its reports by kind and status, not only the page's. Anyone signed in
 * can read.
 */
export async function listReports(db: Queryable, actor: Actor, filter: ReportListFilter): Promise<ReportListPage> {
  authorize(actor, 'work');
  const kind = parseInput(z.enum(REPORT_KINDS, { error: REPORT_KIND_MESSAGE }).optional(), filter.kind);
  const { limit } = filter;
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new InvalidInputError(LIMIT_MESSAGE, 'limit');
  const cursor = decodeCursor(filter.cursor);
  const kinds = kind ? [kind] : REPORT_KINDS;
  const branches = kinds.flatMap((k) => BRANCHES[k]?.(actor.orgId, cursor, limit + 1) ?? []);

  let items: ReportListItem[] = [];
  if (branches.length > 0) {
    const listed = await db.execute<ListedRow>(
      sql`SELECT * FROM (${sql.join(branches, sql` UNION ALL `)}) AS reports ORDER BY updated_at DESC, id DESC LIMIT ${limit + 1}`,
    );
    items = listed.rows.map((r) => ({ id: r.id, kind: r.kind, number: Number(r.number), status: r.status, updatedAt: storedDate(r.updated_at), summary: r.summary }));
  }

  const figures: ReportFigures = { str: zeros(STR_STATUSES), ctr: zeros(CTR_STATUSES), pack: zeros(PACK_STATUSES) };
  const counts = REPORT_KINDS.flatMap((k) => FIGURES[k]?.(actor.orgId) ?? []);
  if (counts.length > 0) {
    const counted = await db.execute<{ kind: ReportKind; status: string; n: number }>(sql.join(counts, sql` UNION ALL `));
    for (const c of counted.rows) {
      const byStatus = figures[c.kind] as Record<string, number>;
      if (c.status in byStatus) byStatus[c.status] = Number(c.n);
    }
  }

  const page = toPage(items, limit, (r) => ({ key: dateKey(r.updatedAt), id: r.id }));
  return { ...page, figures };
}
