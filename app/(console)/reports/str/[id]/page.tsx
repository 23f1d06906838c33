import Link from 'next/link';
import { editorFieldIds, targetOf } from '@/components/reports/field-ids';
import { StrAttachments } from '@/components/reports/str-attachments';
import { StrChecksPanel, type ShownCheck } from '@/components/reports/str-checks-panel';
import { StrEditor } from '@/components/reports/str-editor';
import { StrStepForm } from '@/components/reports/str-step-form';
import { FilingSection, LastRejectionSection, type ShownFiling, type ShownRejection } from '@/components/reports/filing-sections';
import { Badge, buttonClass, ButtonLink, LocalTime, PageHeader, Section, words } from '@/components/ui';
import { strStatusTone } from '@/components/reports/status';
import { getDb } from '@/db/client';
import { requirePerson } from '@/lib/auth/current-person';
import { readCase } from '@/lib/cases/get-case';
import { settings } from '@/lib/config';
import { actorNames } from '@/lib/console/actor-names';
import { recordOrNotFound } from '@/lib/console/record-or-not-found';
import { NotFoundError } from '@/lib/errors';
import { FILING_DETAILS_PATH } from '@/lib/orgs/schemas';
import { REASON_MAX_CHARS } from '@/lib/reports/str/checks';
import { getStr } from '@/lib/reports/str/get-str';
import { indicatorChoices } from '@/lib/reports/str/indicator-choices';
import { strRefusals } from '@/lib/reports/str/refusals';
import { fileStrAction, fillFromKycAction, removeAttachmentAction, reopenStrAction, saveStrAction, sendForReviewAction, sourceDateAction } from './actions';
import { linkClass } from '@/components/ui/link-class';

export const dynamic = 'force-dynamic';

export default async function StrPage({ params }: { params: Promise<{ id: string }> }) {
  const person = await requirePerson();
  const { id } = await params;
  const db = getDb();
  const { str, checks } = await recordOrNotFound(id, (recordId) => getStr(db, person.actor, recordId));
  const [origin, names, choices] = await Promise.all([
    readCase(db, person.actor, str.caseId).catch((err) => (err instanceof NotFoundError ? null : Promise.reject(err))),
    actorNames(db, person.actor, [str.draftedBy, str.sentForReviewBy, str.filedBy]),
    indicatorChoices(),
  ]);
  const who = (actorId: string | null) => (actorId === null ? '—' : `${names.get(actorId) ?? actorId}${actorId === person.id ? ' (you)' : ''}`);
  const currencyLocal = settings().reportCurrency;
  const refusals = strRefusals(person.actor, str, checks);
  const readOnly = refusals.edit !== null;
  const known = editorFieldIds(str, currencyLocal);
  const shown: ShownCheck[] = checks.map((c) => {
    let target: ShownCheck['target'] = null;
    if (c.path.startsWith('header.')) target = c.path === 'header.entity_id' || c.path === 'header.currency_local' ? null : { href: FILING_DETAILS_PATH };
    else {
      const field = targetOf(c.path, known);
      target = field ? { field } : null;
    }
    return { ...c, target };
  });
  const filing = (str.filing ?? null) as ShownFiling | null;
  const rejection = (str.lastRejection ?? null) as ShownRejection | null;

  return (
    <article className="max-w-7xl">
      <PageHeader
        title={<span data-testid="str-title">STR-{str.number}</span>}
        description="Suspicious transaction report: fix what the checks show, send it for review, and a reviewer or admin who did not draft it files it."
        actions={
          <>
            {/* A plain link: the document is a file of the API, not a console page. */}
            <a href={`/v1/reports/str/${str.id}/xml`} className={buttonClass('secondary', 'sm')} data-testid="str-xml">
              The XML that would be filed
            </a>
            <ButtonLink href="/reports?kind=str" size="sm">
              All reports
            </ButtonLink>
          </>
        }
      >
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
          <Badge tone={strStatusTone(str.status)} testId="str-status">
            {words(str.status)}
          </Badge>
          <span>
            From{' '}
            {origin ? (
              <Link href={`/cases/${str.caseId}`} prefetch={false} className={linkClass} data-testid="str-case-link">
                CASE-{origin.case.number}
              </Link>
            ) : (
              'a case'
            )}
          </span>
          <span>
            Drafted by <span data-testid="str-drafted-by">{who(str.draftedBy)}</span>
          </span>
          <span>
            Changed <LocalTime iso={str.updatedAt.toISOString()} />
          </span>
        </div>
      </PageHeader>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {readOnly ? (
            <p className="rounded border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="str-read-only">
              Read-only: {refusals.edit}.
            </p>
          ) : null}
          <StrEditor
            strId={str.id}
            readOnly={readOnly}
            subject={str.subject}
            transactions={str.transactions}
            reason={str.reason ?? ''}
            action={str.action ?? ''}
            indicators={str.indicators}
            choices={choices}
            currencyLocal={currencyLocal}
            reasonMax={REASON_MAX_CHARS}
            save={saveStrAction}
            fillFromKyc={fillFromKycAction}
            sourceDate={sourceDateAction}
          />
          <Section title={`Attachments (${str.attachments.length})`} testId="str-attachments">
            <StrAttachments strId={str.id} attachments={str.attachments} editable={!readOnly} readOnlyReason={refusals.edit} removeAction={removeAttachmentAction} />
          </Section>
        </div>

        <div className="min-w-0 space-y-6">
          <StrChecksPanel checks={shown} />

          <Section title="Review and filing" testId="str-steps">
            <div className="space-y-3">
              <StrStepForm strId={str.id} action={sendForReviewAction} label="Send for review" refusal={refusals.review} testId="str-send-review" variant="primary" />
              <StrStepForm strId={str.id} action={fileStrAction} label="File" refusal={refusals.file} testId="str-file" variant="primary" />
              <StrStepForm strId={str.id} action={reopenStrAction} label="Reopen" refusal={refusals.reopen} testId="str-reopen" />
            </div>
          </Section>

          <FilingSection filing={filing} testId="str-filing" people={[['Sent for review by', who(str.sentForReviewBy)], ['Filed by', who(str.filedBy)]]} />

          <LastRejectionSection rejection={rejection} testId="str-last-rejection" />
        </div>
      </div>
    </article>
  );
}
