import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { filings, strReports } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { settings } from '@/lib/config';
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableError } from '@/lib/errors';
import { attemptFiling, type AttemptOptions } from '@/lib/filing/attempt-filing';
import { sha256Hex } from '@/lib/filing/client';
import { log } from '@/lib/log';
import { checkStr, configuredFilingSchema } from './checks';
import { strFiledReport } from './filing-status';
import { draftOf, readStr } from './get-str';
import { CHECKS_FAIL_MESSAGE, STR_NOT_FOUND } from './schemas';
import type { StrRow } from './serialize';
import { strDocumentHeader } from './str-xml';

export const ROLE_CANNOT_FILE = 'only a reviewer or an admin can file a report';
export const DRAFTER_CANNOT_FILE = 'the person who drafted a report cannot file it';
export const NOT_AWAITING_APPROVAL = 'only an STR awaiting approval can be filed';
export const ALREADY_BEING_FILED = 'the STR is already being filed; its filing is retried in the background';
/**
 * 409, not 503: an unset SERVICE_FILING_URL is how this installation is set up, not a passing outage. A 503 invites
 * clients to retry, and no retry can succeed until an operator sets the URL; a conflict with the service's state says
 * that something has to change first, as the message does.
 */
export const FILING_NOT_CONFIGURED = 'filing is not configured: SERVICE_FILING_URL must name the filing system';

export type FileStrOutcome = 'filed' | 'rejected' | 'queued';

/**
 * POST /v1/reports/str/{id}/file: approves and files an STR awaiting approval.
 *
 * In one transaction with the STR row locked: 404 for another organisation's STR, 409 unless it awaits approval or
 * while a filing of it is queued or being sent (so a second click cannot file twice), 403 for an analyst and for the
 * drafter (four-eyes by person id), 409 while filing is not configured, 422 `{error, checks}` while a check is an
 * error. Then the goAML document that passed the checks is stored with its SHA-256 as a queued filing, the STR names
 * its filer, and `str.filing_queued` is audited; commit.
 *
 * The first attempt follows at once, outside that transaction (a network call must not hold the row lock), through
 * the same function as the filing worker's retries: accepted → `filed`, refused → `rejected`, unreachable → the STR
 * stays `awaiting_approval` with its filing queued, and the worker sends it when the filing system is back.
 */
export async function fileStr(db: Database, actor: Actor, id: string, options: AttemptOptions = {}): Promise<{ str: StrRow; outcome: FileStrOutcome }> {
  authorize(actor, 'approve', ROLE_CANNOT_FILE);
  const now = (options.now ?? (() => new Date()))();
  const filing = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(strReports)
      .where(and(eq(strReports.orgId, actor.orgId), eq(strReports.id, id)))
      .for('update');
    if (!row) throw new NotFoundError(STR_NOT_FOUND);
    if (row.status !== 'awaiting_approval') throw new ConflictError(NOT_AWAITING_APPROVAL);
    const [pending] = await tx
      .select({ id: filings.id })
      .from(filings)
      .where(and(eq(filings.orgId, actor.orgId), eq(filings.reportKind, 'str'), eq(filings.reportId, id), inArray(filings.state, ['queued', 'sent'])))
      .limit(1);
    if (pending) throw new ConflictError(ALREADY_BEING_FILED);
    if (row.draftedBy === actor.actorId || (actor.owner !== undefined && row.draftedBy === actor.owner.id)) throw new ForbiddenError(DRAFTER_CANNOT_FILE);
    if (!settings().filingUrl) throw new ConflictError(FILING_NOT_CONFIGURED);

    // The header of GET .../xml (strDocumentHeader: dated by the STR's updated_at), so the document the reviewer
    // saw is the document checked here, stored and sent, byte for byte.
    const header = await strDocumentHeader(tx, row);
    const { document, checks } = await checkStr(draftOf(row), header, { schema: await configuredFilingSchema(), now });
    if (checks.some((c) => c.severity === 'error')) throw new UnprocessableError(CHECKS_FAIL_MESSAGE, { checks });

    const xmlSha256 = sha256Hex(document.xml);
    const [queued] = await tx
      .insert(filings)
      .values({ orgId: actor.orgId, reportKind: 'str', reportId: id, state: 'queued', xml: document.xml, xmlSha256, filedBy: actor.actorId, nextAttemptAt: now, createdAt: now, updatedAt: now })
      .returning();
    if (!queued) throw new Error('the filing was not stored');
    await tx.update(strReports).set({ filedBy: actor.actorId, updatedAt: now }).where(and(eq(strReports.orgId, actor.orgId), eq(strReports.id, id)));
    await strFiledReport.onFilingChange(tx, actor, queued, { kind: 'queued' });
    await recordAudit(tx, actor, {
      action: 'str.filing_queued',
      targetType: 'str',
      targetId: id,
      changes: { filing_id: queued.id, xml_sha256: xmlSha256, xml_bytes: Buffer.byteLength(document.xml, 'utf8'), warnings: checks.length },
    });
    return queued;
  });

  try {
    await attemptFiling(db, actor, { orgId: filing.orgId, id: filing.id }, options);
  } catch (err) {
    // The filing is stored as queued (or, if the failure came mid-attempt, its claim lapses): the worker sends it.
    log('error', 'first filing attempt failed; left to the filing worker', { org_id: filing.orgId, filing_id: filing.id, error: err instanceof Error ? err.message : String(err) });
  }
  const str = await readStr(db, actor, id);
  const outcome: FileStrOutcome = str.status === 'filed' || str.status === 'acknowledged' ? 'filed' : str.status === 'rejected' ? 'rejected' : 'queued';
  return { str, outcome };
}
