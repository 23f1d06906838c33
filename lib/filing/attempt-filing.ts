import { and, eq, inArray, lte, sql, type AnyColumn } from 'drizzle-orm';
import type { Database, Tx } from '@/db/client';
import { filingResponses, filings } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { settings } from '@/lib/config';
import { log } from '@/lib/log';
import { nextAttemptAt, pollAt } from './backoff';
import { pollReport, submitReport, type RawResponse } from './client';
import { refusalSummary, type FilingChange, type FilingRow } from './filings';
import { filedReportKind } from './report-kinds';

/**
 * One attempt to send a filing, and one acknowledgement poll: the same functions for the route that files a report
 * (its first attempt, right after approval) and for the filing worker (retries and polls).
 *
 * Claiming. A filing is sent only by whoever moves it from due to `sent` with one conditional update
 * (`state IN ('queued','sent') AND next_attempt_at <= now`), which also counts the attempt and sets
 * `next_attempt_at` to the end of a lease: the filing timeout plus CLAIM_GRACE_MS. Two instances, or the route and
 * the worker, can therefore never send the same filing at once. A filing left in `sent` by a process that died
 * mid-attempt becomes due again when its lease ends, which is after its request has certainly timed out; it is then
 * taken back and sent again. The result of an attempt is written only if the filing is still in the claim that made
 * it (`state = 'sent'` and the same `attempts`), so a late answer cannot overwrite a newer attempt's.
 *
 * Duplicates. A timeout or a connection broken after the request went out does not prove that the filing system did
 * not receive the report, and the protocol has no idempotency key: the retry may file it twice. Every attempt sends
 * the same stored bytes, whose SHA-256 is in the filing, in every audit entry about it and in the filing system's
 * own records, so a duplicate at the unit is recognised by that hash.
 *
 * Every answer that arrived, and the reason when none did, is kept in `filing_responses`.
 */

/** Time past the filing timeout after which a claim left in `sent` is taken back (a crashed attempt). */
export const CLAIM_GRACE_MS = 60_000;

export interface FilingTarget {
  orgId: string;
  id: string;
}

export interface AttemptOptions {
  /** The clock; default the system's. Tests move it to make a backoff due. */
  now?: () => Date;
  /** Jitter source of the backoff and poll schedules. */
  random?: () => number;
}

export type AttemptResult =
  | { claimed: false }
  | { claimed: true; outcome: 'accepted' | 'refused' | 'unreachable'; filing: FilingRow }
  /** Claimed and answered, but meanwhile taken back as a crashed attempt: the answer is kept, nothing else changed. */
  | { claimed: true; outcome: 'superseded' };

export type PollResult = { claimed: false } | { claimed: true; outcome: 'acknowledged' | 'waiting'; filing: FilingRow } | { claimed: true; outcome: 'superseded' };

function configured(): { url: string; timeoutMs: number } {
  const { filingUrl, filingTimeoutMs } = settings();
  if (!filingUrl) throw new Error('filing is not configured (SERVICE_FILING_URL is unset)');
  return { url: filingUrl, timeoutMs: filingTimeoutMs };
}

const leaseEnd = (now: Date, timeoutMs: number) => new Date(now.getTime() + timeoutMs + CLAIM_GRACE_MS);

const sqlIncrement = (column: AnyColumn) => sql`${column} + 1`;

async function keepResponse(tx: Tx, filing: FilingRow, operation: 'submit' | 'poll', at: Date, raw: RawResponse | undefined, error: string | null) {
  await tx.insert(filingResponses).values({
    orgId: filing.orgId,
    filingId: filing.id,
    operation,
    at,
    httpStatus: raw?.status ?? null,
    contentType: raw?.content_type ?? null,
    body: raw?.body ?? null,
    truncated: raw?.truncated ?? false,
    error,
  });
}

async function changed(tx: Tx, actor: Actor, filing: FilingRow, change: FilingChange) {
  await filedReportKind(filing.reportKind).onFilingChange(tx, actor, filing, change);
}

/**
 * Sends a queued filing once, if it is due and nobody else holds it: accepted (the report is filed and its first
 * acknowledgement poll scheduled), refused (the report is rejected), or unreachable (back to `queued` with the next
 * attempt from FILING_BACKOFF). `actor` is whom the audit entries name: the person filing, or the worker.
 */
export async function attemptFiling(db: Database, actor: Actor, target: FilingTarget, options: AttemptOptions = {}): Promise<AttemptResult> {
  const clock = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const { url, timeoutMs } = configured();
  const claimedAt = clock();
  const claim = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(filings)
      .set({ state: 'sent', attempts: sqlIncrement(filings.attempts), nextAttemptAt: leaseEnd(claimedAt, timeoutMs), updatedAt: claimedAt })
      .where(and(eq(filings.orgId, target.orgId), eq(filings.id, target.id), inArray(filings.state, ['queued', 'sent']), lte(filings.nextAttemptAt, claimedAt)))
      .returning();
    if (row) await changed(tx, actor, row, { kind: 'claimed' });
    return row;
  });
  if (!claim) return { claimed: false };

  const kind = filedReportKind(claim.reportKind);
  const answer = await submitReport(url, claim.xml, await kind.attachments(db, claim), { timeoutMs });
  if (answer.xml_sha256 !== claim.xmlSha256) {
    // The stored XML is what was approved and hashed at approval; a different hash means the row was altered.
    log('error', 'filing XML does not match its recorded SHA-256', { org_id: claim.orgId, filing_id: claim.id });
  }
  const at = clock();

  return db.transaction(async (tx): Promise<AttemptResult> => {
    const error = answer.outcome === 'unreachable' ? answer.error : answer.outcome === 'refused' ? refusalSummary(answer.errors) : null;
    await keepResponse(tx, claim, 'submit', at, answer.raw, error);
    const inClaim = and(eq(filings.orgId, claim.orgId), eq(filings.id, claim.id), eq(filings.state, 'sent'), eq(filings.attempts, claim.attempts));
    const set =
      answer.outcome === 'accepted'
        ? { state: 'accepted' as const, reference: answer.reference, sentAt: claimedAt, lastError: null, polls: 0, nextAttemptAt: pollAt(0, at, random) }
        : answer.outcome === 'refused'
          ? { state: 'refused' as const, sentAt: claimedAt, lastError: error, nextAttemptAt: null }
          : { state: 'queued' as const, lastError: error, nextAttemptAt: nextAttemptAt(claim.attempts, at, random) };
    const [row] = await tx
      .update(filings)
      .set({ ...set, updatedAt: at })
      .where(inClaim)
      .returning();
    if (!row) {
      log('warn', 'filing answer arrived after its claim was taken back; kept in filing_responses only', { org_id: claim.orgId, filing_id: claim.id, outcome: answer.outcome });
      return { claimed: true, outcome: 'superseded' };
    }
    if (answer.outcome === 'accepted') await changed(tx, actor, row, { kind: 'accepted' });
    else if (answer.outcome === 'refused') await changed(tx, actor, row, { kind: 'refused', errors: answer.errors });
    else await changed(tx, actor, row, { kind: 'unreachable', error: answer.error });
    return { claimed: true, outcome: answer.outcome, filing: row };
  });
}

/**
 * Asks the filing system once whether an accepted filing is acknowledged, if its poll is due and nobody else is
 * asking: acknowledged (the report follows, nothing left to do) or still waiting (accepted, unknown or unreachable:
 * `polls` + 1 and the next poll from ACK_POLLING).
 */
export async function pollFiling(db: Database, actor: Actor, target: FilingTarget, options: AttemptOptions = {}): Promise<PollResult> {
  const clock = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const { url, timeoutMs } = configured();
  const claimedAt = clock();
  const claim = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(filings)
      .set({ polls: sqlIncrement(filings.polls), nextAttemptAt: leaseEnd(claimedAt, timeoutMs), updatedAt: claimedAt })
      .where(and(eq(filings.orgId, target.orgId), eq(filings.id, target.id), eq(filings.state, 'accepted'), lte(filings.nextAttemptAt, claimedAt)))
      .returning();
    if (row) await changed(tx, actor, row, { kind: 'polled' });
    return row;
  });
  if (!claim) return { claimed: false };
  if (!claim.reference) throw new Error(`accepted filing ${claim.id} has no reference`);

  const answer = await pollReport(url, claim.reference, { timeoutMs });
  const at = clock();
  return db.transaction(async (tx): Promise<PollResult> => {
    const error =
      answer.outcome === 'unreachable' ? answer.error : answer.outcome === 'unknown' ? `the filing system knows no report ${claim.reference} (HTTP 404)` : null;
    await keepResponse(tx, claim, 'poll', at, answer.raw, error);
    const inClaim = and(eq(filings.orgId, claim.orgId), eq(filings.id, claim.id), eq(filings.state, 'accepted'), eq(filings.polls, claim.polls));
    const acknowledged = answer.outcome === 'found' && answer.status === 'acknowledged';
    const [row] = await tx
      .update(filings)
      .set(
        acknowledged
          ? { state: 'acknowledged', fiuRef: answer.fiu_ref, acknowledgedAt: answer.acknowledged_at ? new Date(answer.acknowledged_at) : at, lastError: null, nextAttemptAt: null, updatedAt: at }
          : { lastError: error, nextAttemptAt: pollAt(claim.polls, at, random), updatedAt: at },
      )
      .where(inClaim)
      .returning();
    if (!row) return { claimed: true, outcome: 'superseded' };
    if (answer.outcome === 'unknown') log('warn', 'the filing system does not know an accepted report', { org_id: row.orgId, filing_id: row.id, reference: row.reference });
    await changed(tx, actor, row, { kind: acknowledged ? 'acknowledged' : 'polled' });
    return { claimed: true, outcome: acknowledged ? 'acknowledged' : 'waiting', filing: row };
  });
}
