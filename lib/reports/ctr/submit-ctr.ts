import { and, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { ctrBatches, filings } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/policy';
import { recordAudit } from '@/lib/audit/record';
import { settings } from '@/lib/config';
import { ConflictError, ForbiddenError, UnprocessableError } from '@/lib/errors';
import { attemptFiling, type AttemptOptions } from '@/lib/filing/attempt-filing';
import { sha256Hex } from '@/lib/filing/client';
import { sharedFilingSchema } from '@/lib/filing/schema';
import { log } from '@/lib/log';
import { ctrDocument } from './ctr-xml';
import { ctrFiledReport } from './filing-status';
import { readCtr } from './get-ctr';
import { BUILDER_CANNOT_SUBMIT, NOT_A_DRAFT_TO_SUBMIT, NOTHING_TO_FILE, ROLE_CANNOT_SUBMIT, SCHEMA_FAILS_MESSAGE } from './schemas';
import type { CtrBatchRow } from './serialize';
import { lockDraftCtr } from './update-row';

/** 409 rather than 503, as for STRs: an unset SERVICE_FILING_URL is how the installation is set up, not an outage. */
export const FILING_NOT_CONFIGURED = 'filing is not configured: SERVICE_FILING_URL must name the filing system';

export type SubmitCtrOutcome = 'filed' | 'rejected' | 'queued';

/** Whether the actor built or edited the batch, compared by person (and by a key's owner); `system` is nobody's. */
function builtOrEditedBy(batch: CtrBatchRow, actor: Actor): boolean {
  const ids = new Set([actor.actorId, ...(actor.owner ? [actor.owner.id] : [])]);
  return ids.has(batch.builtBy) || batch.editedBy.some((p) => ids.has(p));
}

/**
 * POST /v1/reports/ctr/{id}/submit: files every included row with a customer ID as one goAML CTR document.
 *
 * 403 for an analyst; in one transaction with the batch locked: 404 for another organisation's batch, 409 unless a
 * draft with no filing under way, 403 for whoever built or edited it (four-eyes by person; the nightly build's
 * `system` is no person), 409 while filing is not configured, 422 when no included row has a customer ID, and, with
 * SERVICE_FILING_SCHEMA set, 422 `{error, checks}` when the document does not validate (the filing system would
 * refuse it, and a rejected batch cannot be filed again). Then the document is stored with its SHA-256 as a queued
 * filing of kind `ctr`, the batch names its submitter and `ctr.filing_queued` is audited; commit.
 *
 * The first attempt follows at once through the filing machinery the worker retries with: accepted → `filed`,
 * refused → `rejected`, unreachable → the batch stays `draft` with its filing queued until the worker sends it.
 */
export async function submitCtr(db: Database, actor: Actor, id: string, options: AttemptOptions = {}): Promise<{ batch: CtrBatchRow; outcome: SubmitCtrOutcome }> {
  authorize(actor, 'approve', ROLE_CANNOT_SUBMIT);
  const now = (options.now ?? (() => new Date()))();
  const filing = await db.transaction(async (tx) => {
    const batch = await lockDraftCtr(tx, actor, id, NOT_A_DRAFT_TO_SUBMIT);
    if (builtOrEditedBy(batch, actor)) throw new ForbiddenError(BUILDER_CANNOT_SUBMIT);
    if (!settings().filingUrl) throw new ConflictError(FILING_NOT_CONFIGURED);

    const document = await ctrDocument(tx, batch, actor.actorId);
    if (document.rows === 0) throw new UnprocessableError(NOTHING_TO_FILE);
    const schemaPath = settings().filingSchema;
    if (schemaPath) {
      const result = await (await sharedFilingSchema(schemaPath)).validate(document.xml);
      if (!result.valid) {
        const checks = result.errors.slice(0, 100).map((e) => ({ severity: 'error', source: 'schema', code: 'schema_invalid', path: e.line === null ? 'document' : `line ${e.line}`, message: e.message }));
        throw new UnprocessableError(SCHEMA_FAILS_MESSAGE, { checks });
      }
    }

    const xmlSha256 = sha256Hex(document.xml);
    const [queued] = await tx
      .insert(filings)
      .values({ orgId: actor.orgId, reportKind: 'ctr', reportId: id, state: 'queued', xml: document.xml, xmlSha256, filedBy: actor.actorId, nextAttemptAt: now, createdAt: now, updatedAt: now })
      .returning();
    if (!queued) throw new Error('the filing was not stored');
    await tx.update(ctrBatches).set({ submittedBy: actor.actorId }).where(and(eq(ctrBatches.orgId, actor.orgId), eq(ctrBatches.id, id)));
    await ctrFiledReport.onFilingChange(tx, actor, queued, { kind: 'queued' });
    await recordAudit(tx, actor, {
      action: 'ctr.filing_queued',
      targetType: 'ctr',
      targetId: id,
      changes: { filing_id: queued.id, xml_sha256: xmlSha256, xml_bytes: Buffer.byteLength(document.xml, 'utf8'), rows: document.rows },
    });
    return queued;
  });

  try {
    await attemptFiling(db, actor, { orgId: filing.orgId, id: filing.id }, options);
  } catch (err) {
    log('error', 'first CTR filing attempt failed; left to the filing worker', { org_id: filing.orgId, filing_id: filing.id, error: err instanceof Error ? err.message : String(err) });
  }
  const batch = await readCtr(db, actor, id);
  const outcome: SubmitCtrOutcome = batch.status === 'filed' || batch.status === 'acknowledged' ? 'filed' : batch.status === 'rejected' ? 'rejected' : 'queued';
  return { batch, outcome };
}
