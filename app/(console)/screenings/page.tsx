import Link from 'next/link';
import { NextPageLink } from '@/components/ui/pager';
import { Notice } from '@/components/ui/notice';
import { REVIEW_LABELS, STATUS_LABELS } from '@/components/screenings/reasons';
import { Badge, ButtonLink, buttonClass, EmptyState, LocalTime, PageHeader, rowClass, Table, Td, Th, THead } from '@/components/ui';
import { getDb } from '@/db/client';
import { requirePerson } from '@/lib/auth/current-person';
import { InvalidInputError } from '@/lib/errors';
import { listScreeningSummaries, REVIEW_STATES, type ReviewFilter } from '@/lib/screening/list-screening-summaries';
import { linkClass } from '@/components/ui/link-class';
import { oneParam } from '@/lib/console/search-param';

export const dynamic = 'force-dynamic';

const PAGE_SIZE = 50;
const STATUSES = ['clear', 'potential_match'] as const;

const selectClass =
  'block rounded border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-sky-600 focus:outline-none focus:ring-1 focus:ring-sky-600';

export default async function ScreeningsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const person = await requirePerson();
  const params = await searchParams;
  // Filters live in the URL; an unknown value is no filter rather than an error page.
  const status = STATUSES.find((s) => s === oneParam(params.status));
  const review = REVIEW_STATES.find((r) => r === oneParam(params.review)) as ReviewFilter | undefined;
  const cursor = oneParam(params.cursor);
  let ignored: string | null = null;
  let page;
  try {
    page = await listScreeningSummaries(getDb(), person.actor, { status, review, limit: PAGE_SIZE, cursor });
  } catch (err) {
    // A cursor from an old or edited link: say so and show the first page.
    if (!(err instanceof InvalidInputError) || cursor === undefined) throw err;
    ignored = err.message;
    page = await listScreeningSummaries(getDb(), person.actor, { status, review, limit: PAGE_SIZE });
  }
  const filtered = status !== undefined || review !== undefined;
  const next = new URLSearchParams({ ...(status ? { status } : {}), ...(review ? { review } : {}), ...(page.nextCursor ? { cursor: page.nextCursor } : {}) });
  return (
    <div className="max-w-6xl">
      <PageHeader
        title="Screenings"
        description="Names screened against the sanctions, PEP and adverse-media lists, newest first. A potential match raises an alert; clearing a match takes a second person."
        actions={
          <ButtonLink href="/screenings/new" variant="primary" testId="new-screening">
            Screen a name
          </ButtonLink>
        }
      />
      <form method="get" action="/screenings" className="mb-4 flex flex-wrap items-end gap-4" aria-label="Filter screenings">
        <div className="space-y-1">
          <label htmlFor="filter-status" className="block text-sm font-medium text-slate-700">
            Result
          </label>
          <select id="filter-status" name="status" defaultValue={status ?? ''} className={selectClass}>
            <option value="">Any result</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]?.label}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor="filter-review" className="block text-sm font-medium text-slate-700">
            Review
          </label>
          <select id="filter-review" name="review" defaultValue={review ?? ''} className={selectClass}>
            <option value="">Any review state</option>
            {REVIEW_STATES.map((r) => (
              <option key={r} value={r}>
                {REVIEW_LABELS[r]?.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass('secondary')} data-testid="apply-filters">
          Apply
        </button>
        {filtered ? (
          <Link href="/screenings" prefetch={false} className={linkClass}>
            Clear filters
          </Link>
        ) : null}
      </form>
      {ignored ? (
        <Notice testId="list-problems">Ignored in the address: {ignored}. Showing the first page.</Notice>
      ) : null}
      {page.items.length === 0 ? (
        <EmptyState title={filtered ? 'No screening matches these filters.' : 'No screening yet.'}>
          {filtered ? 'Clear the filters to see every screening.' : 'Screen a name to check it against the loaded lists.'}
        </EmptyState>
      ) : (
        <Table caption="Screenings, newest first" testId="screenings-table">
          <THead>
            <tr>
              <Th>Screened</Th>
              <Th>Name</Th>
              <Th>Reference</Th>
              <Th>Result</Th>
              <Th>Review</Th>
              <Th className="text-right">Matches</Th>
              <Th className="text-right">Near misses</Th>
              <Th className="text-right">Best score</Th>
            </tr>
          </THead>
          <tbody>
            {page.items.map((s) => {
              const st = STATUS_LABELS[s.status] ?? { label: s.status, tone: 'neutral' as const };
              const rv = REVIEW_LABELS[s.review] ?? { label: s.review, tone: 'neutral' as const };
              return (
                <tr key={s.id} className={rowClass} data-testid="screening-row">
                  <Td className="whitespace-nowrap">
                    <LocalTime iso={s.createdAt.toISOString()} />
                  </Td>
                  <Td>
                    <Link href={`/screenings/${s.id}`} prefetch={false} className={linkClass}>
                      {s.subject.name}
                    </Link>
                    <div className="text-xs text-slate-600">
                      {[s.subject.kind, s.subject.birth_year, s.subject.country].filter((x) => x !== undefined).join(' · ')}
                    </div>
                  </Td>
                  <Td className="break-all">{s.reference ?? '—'}</Td>
                  <Td>
                    <Badge tone={st.tone}>{st.label}</Badge>
                  </Td>
                  <Td>
                    <Badge tone={rv.tone}>{rv.label}</Badge>
                  </Td>
                  <Td className="text-right tabular-nums">{s.matches}</Td>
                  <Td className="text-right tabular-nums">{s.near}</Td>
                  <Td className="text-right tabular-nums">{s.bestScore ?? '—'}</Td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      <NextPageLink href={page.nextCursor ? `/screenings?${next.toString()}` : null}>Older screenings</NextPageLink>
    </div>
  );
}
