import Link from 'next/link';
import { NextPageLink } from '@/components/ui/pager';
import { Badge, buttonClass, EmptyState, LocalTime, Notice, PageHeader, rowClass, Table, Td, Th, THead } from '@/components/ui';
import { getDb } from '@/db/client';
import { requirePerson } from '@/lib/auth/current-person';
import { CASE_STATUSES, listCases } from '@/lib/cases/list-cases';
import { actorNames } from '@/lib/console/actor-names';
import { InvalidInputError } from '@/lib/errors';
import { linkClass } from '@/components/ui/link-class';
import { oneParam } from '@/lib/console/search-param';

export const dynamic = 'force-dynamic';

const PAGE_SIZE = 50;
const selectClass =
  'block rounded border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-sky-600 focus:outline-none focus:ring-1 focus:ring-sky-600';

export default async function CasesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const person = await requirePerson();
  const params = await searchParams;
  // Filters live in the URL; an unknown value is no filter rather than an error page.
  const status = CASE_STATUSES.find((s) => s === oneParam(params.status));
  const cursor = oneParam(params.cursor);
  const db = getDb();
  let ignored: string | null = null;
  let page;
  try {
    page = await listCases(db, person.actor, { status, limit: PAGE_SIZE, cursor });
  } catch (err) {
    // A cursor from an old or edited link: say so and show the first page.
    if (!(err instanceof InvalidInputError) || cursor === undefined) throw err;
    ignored = err.message;
    page = await listCases(db, person.actor, { status, limit: PAGE_SIZE });
  }
  const names = await actorNames(db, person.actor, page.items.flatMap((r) => [r.case.assignedTo, r.case.createdBy]));
  const who = (id: string | null) => (id === null ? 'nobody' : id === person.id ? `${names.get(id) ?? id} (you)` : (names.get(id) ?? id));
  const next = new URLSearchParams({ ...(status ? { status } : {}), ...(page.nextCursor ? { cursor: page.nextCursor } : {}) });
  return (
    <div className="max-w-6xl">
      <PageHeader
        title="Cases"
        description="Investigations gathering alerts, most recently changed first. Open a case from an alert’s page or from alerts selected in the queue; an alert belongs to at most one case."
      />
      <form method="get" action="/cases" className="mb-4 flex flex-wrap items-end gap-4" aria-label="Filter cases">
        <div className="space-y-1">
          <label htmlFor="filter-status" className="block text-sm font-medium text-slate-700">
            Status
          </label>
          <select id="filter-status" name="status" defaultValue={status ?? ''} className={selectClass}>
            <option value="">Any status</option>
            {CASE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass('secondary')} data-testid="apply-filters">
          Apply
        </button>
        {status ? (
          <Link href="/cases" prefetch={false} className={linkClass}>
            Clear filters
          </Link>
        ) : null}
      </form>
      {ignored ? <Notice testId="list-problems">Ignored in the address: {ignored}. Showing the first page.</Notice> : null}
      {page.items.length === 0 ? (
        <EmptyState title={status ? `No ${status} case.` : 'No case yet.'}>
          {status ? 'Clear the filter to see every case.' : 'Open one from an alert’s page, or select alerts in the queue and open a case of them.'}
        </EmptyState>
      ) : (
        <Table caption="Cases, most recently changed first" testId="cases-table">
          <THead>
            <tr>
              <Th>Case</Th>
              <Th>Title</Th>
              <Th>Status</Th>
              <Th>Subject</Th>
              <Th className="text-right">Alerts</Th>
              <Th>Assigned to</Th>
              <Th>Opened</Th>
              <Th>Changed</Th>
            </tr>
          </THead>
          <tbody>
            {page.items.map(({ case: c, alertIds }) => (
              <tr key={c.id} className={rowClass} data-testid="case-row">
                <Td className="whitespace-nowrap">
                  <Link href={`/cases/${c.id}`} prefetch={false} className={linkClass}>
                    CASE-{c.number}
                  </Link>
                </Td>
                <Td className="break-words">{c.title}</Td>
                <Td>
                  <Badge tone={c.status === 'open' ? 'info' : 'success'}>{c.status}</Badge>
                </Td>
                <Td className="break-all font-mono text-xs">{c.subjectEntityId ?? '—'}</Td>
                <Td className="text-right tabular-nums">{alertIds.length}</Td>
                <Td>{who(c.assignedTo)}</Td>
                <Td className="whitespace-nowrap">
                  <LocalTime iso={c.createdAt.toISOString()} />
                  <div className="text-xs text-slate-600">by {who(c.createdBy)}</div>
                </Td>
                <Td className="whitespace-nowrap">
                  <LocalTime iso={c.updatedAt.toISOString()} />
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <NextPageLink href={page.nextCursor ? `/cases?${next.toString()}` : null}>Older cases</NextPageLink>
    </div>
  );
}
