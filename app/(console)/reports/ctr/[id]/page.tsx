import Link from 'next/link';
import { ctrAmount, CtrTotals } from '@/components/reports/ctr-figures';
import { CtrCustomerIdForm, CtrIncludeForm } from '@/components/reports/ctr-row-forms';
import { CtrSubmitForm } from '@/components/reports/ctr-submit-form';
import { strStatusTone } from '@/components/reports/status';
import { FilingSection, LastRejectionSection, type ShownFiling, type ShownRejection } from '@/components/reports/filing-sections';
import { Badge, buttonClass, ButtonLink, EmptyState, LocalTime, Notice, PageHeader, rowClass, Section, Table, Td, Th, THead, words } from '@/components/ui';
import { NextPageLink } from '@/components/ui/pager';
import { getDb } from '@/db/client';
import { requirePerson } from '@/lib/auth/current-person';
import { actorNames } from '@/lib/console/actor-names';
import { recordOrNotFound } from '@/lib/console/record-or-not-found';
import { InvalidInputError } from '@/lib/errors';
import { getCtr } from '@/lib/reports/ctr/get-ctr';
import { ctrRefusals } from '@/lib/reports/ctr/refusals';
import { includeRowAction, saveCustomerIdAction, submitCtrAction } from './actions';
import { linkClass } from '@/components/ui/link-class';
import { oneParam } from '@/lib/console/search-param';

export const dynamic = 'force-dynamic';

const PAGE_SIZE = 50;
const EDIT_REASON_ID = 'ctr-edit-reason';

type Shown = 'attention' | 'all';

export default async function CtrPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const person = await requirePerson();
  const { id } = await params;
  const query = await searchParams;
  const db = getDb();
  const cursor = oneParam(query.cursor);
  const asked = oneParam(query.rows);
  // The rows needing a customer ID come first (they keep a batch from being filed whole) unless every row has one.
  const pick = async (recordId: string, after: string | undefined) => {
    const page = (attention: boolean) => getCtr(db, person.actor, recordId, { attention, limit: PAGE_SIZE, cursor: after });
    if (asked === 'all') return { shown: 'all' as Shown, ...(await page(false)) };
    const attention = await page(true);
    if (asked === 'attention' || attention.figures.rowsAttention > 0) return { shown: 'attention' as Shown, ...attention };
    return { shown: 'all' as Shown, ...(await page(false)) };
  };
  const view = await recordOrNotFound(id, async (recordId) => {
    try {
      return { ...(await pick(recordId, cursor)), ignored: null };
    } catch (err) {
      // A cursor from an old or edited link: say so and show the first page.
      if (!(err instanceof InvalidInputError) || cursor === undefined) throw err;
      return { ...(await pick(recordId, undefined)), ignored: err.message };
    }
  });
  const { batch, figures, rows, shown, ignored } = view;

  const names = await actorNames(db, person.actor, [batch.builtBy, batch.submittedBy, ...batch.editedBy]);
  const who = (actorId: string | null) => {
    if (actorId === null) return '—';
    if (actorId === 'system') return 'the nightly build';
    return `${names.get(actorId) ?? actorId}${actorId === person.id ? ' (you)' : ''}`;
  };
  const refusals = ctrRefusals(person.actor, batch, figures);
  const filing = (batch.filing ?? null) as ShownFiling | null;
  const rejection = (batch.lastRejection ?? null) as ShownRejection | null;
  const here = (rowsShown: Shown, next?: string) => `/reports/ctr/${batch.id}?${new URLSearchParams({ rows: rowsShown, ...(next ? { cursor: next } : {}) })}`;
  const filters: [Shown, string, number][] = [
    ['attention', 'Needs a customer ID', figures.rowsAttention],
    ['all', 'All rows', batch.rowsTotal],
  ];

  return (
    <article className="max-w-7xl">
      <PageHeader
        title={<span data-testid="ctr-title">CTR-{batch.number}</span>}
        description="Currency transaction report: every cash event of the day of each customer whose cash in or out reached the threshold. Fill the missing customer IDs, leave out what should not be filed, and a reviewer or admin who neither built nor edited it submits it."
        actions={
          <>
            {/* A plain link: the document is a file of the API, not a console page. */}
            <a href={`/v1/reports/ctr/${batch.id}/xml`} className={buttonClass('secondary', 'sm')} data-testid="ctr-xml">
              The XML that would be filed
            </a>
            <ButtonLink href="/reports?kind=ctr" size="sm">
              All reports
            </ButtonLink>
          </>
        }
      >
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
          <Badge tone={strStatusTone(batch.status)} testId="ctr-status">
            {words(batch.status)}
          </Badge>
          <span>
            Day <strong data-testid="ctr-date">{batch.date}</strong> (UTC)
          </span>
          <span>
            Built by <span data-testid="ctr-built-by">{who(batch.builtBy)}</span>
          </span>
          <span>
            Edited by <span data-testid="ctr-edited-by">{batch.editedBy.length === 0 ? 'nobody' : batch.editedBy.map(who).join(', ')}</span>
          </span>
          <span>
            Changed <LocalTime iso={batch.updatedAt.toISOString()} />
          </span>
        </div>
      </PageHeader>

      <div className="mb-6">
        <CtrTotals rowsTotal={batch.rowsTotal} threshold={Number(batch.threshold)} figures={figures} />
      </div>

      <div className="mb-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <Section title="Submission" testId="ctr-steps">
          <CtrSubmitForm ctrId={batch.id} action={submitCtrAction} label="Submit" refusal={refusals.submit} testId="ctr-submit" />
          <p className="mt-3 text-xs text-slate-600">Submitting files every included row with a customer ID as one goAML CTR document; rows without one stay on the batch, unfiled.</p>
        </Section>

        <FilingSection filing={filing} testId="ctr-filing" people={[['Submitted by', who(batch.submittedBy)]]} />

        <LastRejectionSection rejection={rejection} testId="ctr-last-rejection" />
      </div>

      <div className="min-w-0 space-y-4">
        {refusals.edit ? (
          <p id={EDIT_REASON_ID} className="rounded border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="ctr-read-only">
            Read-only: {refusals.edit}.
          </p>
        ) : null}
        {ignored ? <Notice testId="list-problems">Ignored in the address: {ignored}. Showing the first page.</Notice> : null}
        <nav aria-label="Rows shown" className="flex flex-wrap gap-2" data-testid="ctr-row-filter">
          {filters.map(([k, label, n]) => (
            <Link
              key={k}
              href={here(k)}
              prefetch={false}
              aria-current={k === shown ? 'page' : undefined}
              data-testid={`ctr-filter-${k}`}
              className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-sky-600 aria-[current=page]:border-sky-700 aria-[current=page]:font-semibold aria-[current=page]:text-sky-900"
            >
              {label} ({n})
            </Link>
          ))}
        </nav>
        {rows.length === 0 ? (
          <EmptyState title={shown === 'attention' ? 'Every row has a customer ID.' : 'No cash event reached the threshold on this day.'} testId="ctr-rows-empty">
            {shown === 'attention' ? 'Nothing keeps a row from being filed for want of a customer ID.' : 'The batch is the record that the day was built; it has nothing to file.'}
          </EmptyState>
        ) : (
          <Table caption={shown === 'attention' ? 'Rows needing a customer ID, in time order' : 'The day’s rows, in time order'} testId="ctr-rows">
            <THead>
              <tr>
                <Th>Time (UTC)</Th>
                <Th>Entity</Th>
                <Th>Direction</Th>
                <Th className="text-right">Amount</Th>
                <Th>Customer ID</Th>
                <Th>Filed</Th>
              </tr>
            </THead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className={`${rowClass} ${r.included ? '' : 'text-slate-500'}`} data-testid="ctr-row" data-id={r.id} data-entity={r.entityId} data-included={String(r.included)}>
                  <Td className="whitespace-nowrap tabular-nums">{r.occurredAt.toISOString().slice(11, 19)}</Td>
                  <Td className="whitespace-nowrap">
                    <Link href={`/entities/${encodeURIComponent(r.entityId)}`} prefetch={false} className={linkClass}>
                      {r.entityId}
                    </Link>
                  </Td>
                  <Td>{r.direction === 'in' ? 'cash in' : 'cash out'}</Td>
                  <Td className="text-right whitespace-nowrap tabular-nums">
                    {ctrAmount(Number(r.amount))} {r.currency}
                  </Td>
                  <Td>
                    <CtrCustomerIdForm ctrId={batch.id} rowId={r.id} entityId={r.entityId} customerId={r.customerId} action={saveCustomerIdAction} refusal={refusals.edit} />
                  </Td>
                  <Td>
                    <div className="flex items-center gap-2 whitespace-nowrap">
                      <span className="text-xs" data-testid="ctr-row-included">
                        {r.included ? 'included' : 'left out'}
                      </span>
                      <CtrIncludeForm ctrId={batch.id} rowId={r.id} included={r.included} action={includeRowAction} refusal={refusals.edit} refusalId={EDIT_REASON_ID} />
                    </div>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <NextPageLink href={view.nextCursor ? here(shown, view.nextCursor) : null}>More rows</NextPageLink>
      </div>
    </article>
  );
}
