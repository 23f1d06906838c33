import Link from 'next/link';
import { NextPageLink } from '@/components/ui/pager';
import { Notice } from '@/components/ui/notice';
import { DecisionControls } from '@/components/approvals/decision-controls';
import { WaitingSection } from '@/components/approvals/waiting-section';
import { Badge, EmptyState, LocalTime, PageHeader, priorityTone, rowClass, Table, Td, Th, THead, words } from '@/components/ui';
import { getDb } from '@/db/client';
import { actorNames } from '@/lib/console/actor-names';
import { countPendingApprovals, listPendingApprovals, type PendingItem } from '@/lib/approvals/list-pending';
import { refusalOf } from '@/lib/alerts/closure-review';
import { decisionRefusals } from '@/lib/approvals/who-may-decide';
import { requirePerson } from '@/lib/auth/current-person';
import { InvalidInputError } from '@/lib/errors';
import { StrStepForm } from '@/components/reports/str-step-form';
import { listStrsAwaitingApproval } from '@/lib/reports/str/awaiting-approval';
import { strRefusals } from '@/lib/reports/str/refusals';
import { fileStrAction } from '../reports/str/[id]/actions';
import { ActivateRuleForm } from '@/components/rules/activate-form';
import { activationRefusal } from '@/lib/rules/activation-refusal';
import { draftsAwaitingActivation } from '@/lib/rules/drafts-awaiting-activation';
import { activateRuleAction } from '../rules/actions';
import { CtrSubmitForm } from '@/components/reports/ctr-submit-form';
import { listCtrsAwaitingSubmission } from '@/lib/reports/ctr/awaiting-submission';
import { ctrRefusals } from '@/lib/reports/ctr/refusals';
import { submitCtrAction } from '../reports/ctr/[id]/actions';
import { approveClearanceAction, approveClosureAction, rejectClearanceAction, rejectClosureAction } from './actions';
import { linkClass } from '@/components/ui/link-class';

export const dynamic = 'force-dynamic';

const PAGE_SIZE = 50;
/** STRs awaiting filing shown at once; the report list (filtered to STRs) has every one. */
const STRS_SHOWN = 100;
/** Rule drafts shown at once; /rules lists every one. */
const RULE_DRAFTS_SHOWN = 100;
/** CTR batches awaiting submission shown at once; the report list (filtered to CTRs) has every one. */
const CTRS_SHOWN = 100;

function ItemCell({ item }: { item: PendingItem }) {
  if (item.kind === 'alert_closure') {
    return (
      <div className="space-y-1">
        <Link href={`/alerts/${item.id}`} prefetch={false} className={linkClass}>
          ALR-{item.number}
        </Link>{' '}
        <Badge tone={priorityTone(item.priority)}>{item.priority}</Badge>
        <div className="text-slate-700">{item.subjectName ?? item.subjectId ?? 'no subject'}</div>
      </div>
    );
  }
  return (
    <div className="space-y-1">
      <Link href={`/screenings/${item.screeningId}`} prefetch={false} className={linkClass}>
        {item.subjectName}
      </Link>
      {item.reference ? <div className="text-xs text-slate-600">reference {item.reference}</div> : null}
    </div>
  );
}

function RequestCell({ item }: { item: PendingItem }) {
  if (item.kind === 'alert_closure') {
    return (
      <div>
        Close as <strong>{item.disposition ? words(item.disposition) : 'no disposition'}</strong>
        <span className="text-xs text-slate-600"> · risk score {item.riskScore}</span>
        {item.note ? <blockquote className="mt-1 max-w-md border-l-2 border-slate-300 pl-2 text-xs break-words text-slate-700">{item.note}</blockquote> : null}
      </div>
    );
  }
  return (
    <div className="max-w-md space-y-1">
      <div>
        Not <strong>{item.entryName ?? item.entryRef}</strong> ({item.list} {item.entryRef}
        {item.score !== null ? `, score ${item.score}` : ''}): false positive
      </div>
      <blockquote className="border-l-2 border-slate-300 pl-2 text-xs break-words text-slate-700">{item.note}</blockquote>
    </div>
  );
}

export default async function ApprovalsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const person = await requirePerson();
  const params = await searchParams;
  const cursor = typeof params.cursor === 'string' ? params.cursor : undefined;
  const db = getDb();
  let ignored: string | null = null;
  let page;
  try {
    page = await listPendingApprovals(db, person.actor, { limit: PAGE_SIZE, cursor });
  } catch (err) {
    // A cursor from an old or edited link: say so and show the first page.
    if (!(err instanceof InvalidInputError) || cursor === undefined) throw err;
    ignored = err.message;
    page = await listPendingApprovals(db, person.actor, { limit: PAGE_SIZE });
  }
  const [counts, strs, ruleDrafts] = await Promise.all([
    countPendingApprovals(db, person.actor),
    listStrsAwaitingApproval(db, person.actor, { limit: STRS_SHOWN }),
    draftsAwaitingActivation(db, person.actor, { limit: RULE_DRAFTS_SHOWN }),
  ]);
  const ruleRefusals = await Promise.all(ruleDrafts.map((r) => activationRefusal(db, person.actor, r.draft)));
  const ctrs = await listCtrsAwaitingSubmission(db, person.actor, { limit: CTRS_SHOWN });
  const names = await actorNames(db, person.actor, [
    ...page.items.map((i) => i.requestedBy),
    ...strs.flatMap((s) => [s.sentForReviewBy, s.draftedBy]),
    ...ruleDrafts.map((r) => r.draft.createdBy),
    ...ctrs.flatMap((c) => [c.builtBy, ...c.editedBy]),
  ]);
  const who = (id: string | null) => (id === null ? '—' : `${names.get(id) ?? id}${id === person.id ? ' (you)' : ''}`);
  const role = refusalOf(person.actor, 'approve');
  return (
    <div className="max-w-6xl">
      <PageHeader
        title="Approvals"
        description="Alert closures, screening clearances, suspicious transaction reports, rule activations and currency transaction report (CTR) batches waiting for a second person, oldest first. Whoever asked cannot approve their own request, through the console or any of their API keys; whoever drafted a report cannot file it, and whoever built or edited a batch cannot submit it."
      >
        <p className="mt-2 text-sm text-slate-700" data-testid="approval-counts">
          {counts.alertClosures} alert {counts.alertClosures === 1 ? 'closure' : 'closures'} · {counts.screeningClearances} screening{' '}
          {counts.screeningClearances === 1 ? 'clearance' : 'clearances'}
        </p>
        {/* The other kinds wait further down the page: their counts jump there. */}
        <nav aria-label="Other kinds waiting" className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="approval-kinds">
          <a href="#waiting-strs" className={linkClass}>
            {counts.strs} STR{counts.strs === 1 ? '' : 's'} to file
          </a>
          <a href="#waiting-rules" className={linkClass}>
            {counts.ruleActivations} rule activation{counts.ruleActivations === 1 ? '' : 's'}
          </a>
          <a href="#waiting-ctrs" className={linkClass}>
            {counts.ctrs} CTR batch{counts.ctrs === 1 ? '' : 'es'} to submit
          </a>
        </nav>
        {role ? (
          <p className="mt-2 rounded border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="role-note">
            You can see what waits here; {role}.
          </p>
        ) : null}
      </PageHeader>
      {ignored ? (
        <Notice testId="list-problems">Ignored in the address: {ignored}. Showing the first page.</Notice>
      ) : null}
      {page.items.length === 0 ? (
        <EmptyState title="No alert closure or screening clearance waits for a second person.">Closures and clearances appear here as soon as someone asks for them.</EmptyState>
      ) : (
        <Table caption="Requests waiting for a second person, oldest first" testId="approvals-table">
          <THead>
            <tr>
              <Th>Waiting since</Th>
              <Th>Kind</Th>
              <Th>Item</Th>
              <Th>Request</Th>
              <Th>Asked by</Th>
              <Th>Decision</Th>
            </tr>
          </THead>
          <tbody>
            {page.items.map((item) => {
              const refusals = decisionRefusals(person.actor, item);
              const closure = item.kind === 'alert_closure';
              return (
                <tr key={`${item.kind}-${item.id}`} className={rowClass} data-testid="approval-row" data-kind={item.kind} data-id={item.id}>
                  <Td className="whitespace-nowrap">
                    <LocalTime iso={item.at.toISOString()} />
                  </Td>
                  <Td>
                    <Badge tone={closure ? 'info' : 'warning'}>{closure ? 'alert closure' : 'screening clearance'}</Badge>
                  </Td>
                  <Td>
                    <ItemCell item={item} />
                  </Td>
                  <Td>
                    <RequestCell item={item} />
                  </Td>
                  <Td>{(names.get(item.requestedBy) ?? item.requestedBy)}</Td>
                  <Td>
                    <DecisionControls
                      fields={closure ? { alert_id: item.id } : { screening_id: item.screeningId, resolution_id: item.id }}
                      what={closure ? `closure of ALR-${item.number}` : `clearance of ${item.entryName ?? item.entryRef} for ${item.subjectName}`}
                      approve={{ action: closure ? approveClosureAction : approveClearanceAction, refusal: refusals.approve }}
                      reject={{ action: closure ? rejectClosureAction : rejectClearanceAction, refusal: refusals.reject }}
                    />
                  </Td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      <NextPageLink href={page.nextCursor ? `/approvals?cursor=${encodeURIComponent(page.nextCursor)}` : null}>More requests</NextPageLink>

      <WaitingSection
        anchor="waiting-strs"
        title={`Suspicious transaction reports awaiting filing (${counts.strs})`}
        testId="approvals-strs"
        empty={{ title: 'No report waits to be filed.', body: <>An STR appears here once it is sent for review.</> }}
        caption="STRs sent for review, waiting for a reviewer or admin to file them, oldest first"
        columns={['Report', 'Subject', 'Sent by', 'Sent', 'Filing']}
        rows={strs.length}
      >
        {strs.map((s) => (
          <tr key={s.id} className={rowClass} data-testid="approval-str-row" data-id={s.id}>
            <Td className="whitespace-nowrap">
              <Link href={`/reports/str/${s.id}`} prefetch={false} className={linkClass}>
                STR-{s.number}
              </Link>
            </Td>
            <Td className="break-words">
              {s.subjectName ?? '—'}
              <div className="text-xs text-slate-600">{s.subjectKind}</div>
            </Td>
            <Td>
              {who(s.sentForReviewBy)}
              {s.sentForReviewBy !== s.draftedBy ? <div className="text-xs text-slate-600">drafted by {who(s.draftedBy)}</div> : null}
            </Td>
            <Td className="whitespace-nowrap">
              <LocalTime iso={s.sentAt.toISOString()} />
            </Td>
            <Td>
              <StrStepForm
                strId={s.id}
                action={fileStrAction}
                label={`File STR-${s.number}`}
                refusal={strRefusals(person.actor, { status: 'awaiting_approval', draftedBy: s.draftedBy, filing: s.filingState ? { state: s.filingState } : null }, []).file}
                testId="approval-file-str"
                variant="primary"
              />
            </Td>
          </tr>
        ))}
      </WaitingSection>

      <WaitingSection
        anchor="waiting-rules"
        title={`Rule activations (${counts.ruleActivations})`}
        testId="approvals-rules"
        empty={{ title: 'No rule draft waits for activation.', body: <>A rule&apos;s new version appears here once its author saves it as a draft.</> }}
        caption="Rule drafts waiting for someone other than their author to activate them, oldest first"
        columns={['Rule', 'Change', 'Written by', 'Written', 'Activation']}
        rows={ruleDrafts.length}
      >
        {ruleDrafts.map(({ draft, activeVersion }, i) => (
          <tr key={draft.id} className={rowClass} data-testid="approval-rule-row" data-key={draft.key} data-version={draft.version}>
            <Td className="whitespace-nowrap">
              <Link href={`/rules/${draft.key}`} prefetch={false} className={`font-mono ${linkClass}`}>
                {draft.key}
              </Link>{' '}
              v{draft.version}
            </Td>
            <Td className="max-w-sm">
              <div className="text-xs text-slate-700">{activeVersion === null ? 'first active version of the key' : `replaces active version ${activeVersion}`} · weight {draft.weight}</div>
              <code className="block truncate text-xs text-slate-800" title={draft.expr}>
                {draft.expr}
              </code>
            </Td>
            <Td>{who(draft.createdBy)}</Td>
            <Td className="whitespace-nowrap">
              <LocalTime iso={draft.createdAt.toISOString()} />
            </Td>
            <Td>
              <ActivateRuleForm
                ruleId={draft.id}
                label={`Activate ${draft.key} v${draft.version}`}
                refusal={ruleRefusals[i] ?? null}
                action={activateRuleAction}
                testId="approval-activate-rule"
              />
            </Td>
          </tr>
        ))}
      </WaitingSection>

      <WaitingSection
        anchor="waiting-ctrs"
        title={`Currency transaction reports awaiting submission (${counts.ctrs})`}
        testId="approvals-ctrs"
        empty={{ title: 'No CTR batch waits to be submitted.', body: <>A day&apos;s batch with rows appears here once it is built, every night or on request from Reports.</> }}
        caption="CTR batches waiting for a reviewer or admin who neither built nor edited them to submit them, oldest day first"
        columns={['Batch', 'Day (UTC)', 'Rows to file', 'Built and edited by', 'Submission']}
        rows={ctrs.length}
      >
        {ctrs.map((c) => (
          <tr key={c.id} className={rowClass} data-testid="approval-ctr-row" data-id={c.id}>
            <Td className="whitespace-nowrap">
              <Link href={`/reports/ctr/${c.id}`} prefetch={false} className={linkClass}>
                CTR-{c.number}
              </Link>
            </Td>
            <Td className="whitespace-nowrap">{c.date}</Td>
            <Td className="tabular-nums">
              {c.rowsToFile} of {c.rowsTotal}
              {c.rowsAttention > 0 ? <div className="text-xs text-amber-800">{c.rowsAttention} without a customer ID</div> : null}
            </Td>
            <Td>
              {c.builtBy === 'system' ? 'the nightly build' : who(c.builtBy)}
              {c.editedBy.length > 0 ? <div className="text-xs text-slate-600">edited by {c.editedBy.map(who).join(', ')}</div> : null}
            </Td>
            <Td>
              <CtrSubmitForm
                ctrId={c.id}
                action={submitCtrAction}
                label={`Submit CTR-${c.number}`}
                refusal={ctrRefusals(person.actor, { status: 'draft', builtBy: c.builtBy, editedBy: c.editedBy, filing: c.filingState ? { state: c.filingState } : null }, c).submit}
                testId="approval-submit-ctr"
              />
            </Td>
          </tr>
        ))}
      </WaitingSection>
    </div>
  );
}
