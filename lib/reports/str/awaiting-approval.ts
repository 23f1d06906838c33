import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { strReports } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { strSubjectName } from './subject-name';

/** An STR sent for review, waiting for a reviewer or admin to file it. */
export interface StrAwaitingApproval {
  id: string;
  number: number;
  subjectName: string | null;
  subjectKind: 'person' | 'business';
  draftedBy: string;
  sentForReviewBy: string | null;
  /** When it was sent for review (its `str.sent_for_review` audit entry; its last change when none is found). */
  sentAt: Date;
  /** The filing's state when a filing was attempted and queued (the filing system was unreachable). */
  filingState: string | null;
}

/**
 * The organisation's STRs in `awaiting_approval`, the longest waiting first (ties by id), up to `limit`.
 * Anyone signed in can read them; who may file is decided by fileStr (and shown by strRefusals).
 */
export async function listStrsAwaitingApproval(db: Queryable, actor: Actor, input: { limit: number }): Promise<StrAwaitingApproval[]> {
  authorize(actor, 'work');
  const sentAt = sql<Date | string | null>`(SELECT max(a.at) FROM audit_log a
      WHERE a.org_id = ${strReports.orgId} AND a.target_id = ${strReports.id}::text AND a.action = 'str.sent_for_review')`;
  const rows = await db
    .select({
      id: strReports.id,
      number: strReports.number,
      subject: strReports.subject,
      draftedBy: strReports.draftedBy,
      sentForReviewBy: strReports.sentForReviewBy,
      updatedAt: strReports.updatedAt,
      filing: strReports.filing,
      sentAt,
    })
    .from(strReports)
    .where(and(eq(strReports.orgId, actor.orgId), eq(strReports.status, 'awaiting_approval')))
    .orderBy(asc(sql`coalesce(${sentAt}, ${strReports.updatedAt})`), asc(strReports.id))
    .limit(input.limit);
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    subjectName: strSubjectName(r.subject),
    subjectKind: r.subject.kind,
    draftedBy: r.draftedBy,
    sentForReviewBy: r.sentForReviewBy,
    sentAt: r.sentAt === null ? r.updatedAt : r.sentAt instanceof Date ? r.sentAt : new Date(r.sentAt),
    filingState: typeof r.filing?.state === 'string' ? r.filing.state : null,
  }));
}
