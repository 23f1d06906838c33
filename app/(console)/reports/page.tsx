import Link from 'next/link';
import type { ReactNode } from 'react';
import { strStatusTone } from '@/components/reports/status';
import { NextPageLink } from '@/components/ui/pager';
import { Badge, EmptyState, LocalTime, Notice, PageHeader, rowClass, Table, Td, Th, THead, words } from '@/components/ui';
import { getDb } from '@/db/client';
import { requirePerson } from '@/lib/auth/current-person';
import { InvalidInputError } from '@/lib/errors';
import { listReports, type ReportListItem } from '@/lib/reports/list-reports';
import { REPORT_KINDS, type ReportKind } from '@/lib/reports/schemas';
import { CtrBuildForm } from '@/components/reports/ctr-row-forms';
import { buildCtrAction } from './ctr/[id]/actions';
import { PackCreateForm } from '@/components/reports/pack-forms';
import { createPackAction } from './packs/[id]/actions';
import { linkClass } from '@/components/ui/link-class';
import { oneParam } from '@/lib/console/search-param';

export const dynamic = 'force-dynamic';

const PAGE_SIZE = 50;

const KIND_WORDS: Record<ReportKind, { short: string; plural: string }> = {
  str: { short: 'STR', plural: 'Suspicious transaction reports' },
  ctr: { short: 'CTR', plural: 'Cash transaction reports' },
  pack: { short: 'PACK', plural: 'Evidence packs' },
};

/** A report's own page. */
const pathOf = (r: ReportListItem): string | null => `/reports/${r.kind === 'pack' ? 'packs' : r.kind}/${r.id}`;

/** The UTC day before today's, as YYYY-MM-DD: the latest day a CTR batch can be built for. */
const yesterdayUtc = (): string => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

function Figures({ kind, counts, testId }: { kind: ReportKind; counts: Record<string, number>; testId: string }) {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return (
    <section aria-labelledby={`${testId}-title`} className="rounded border border-slate-200 bg-white p-4" data-testid={testId}>
      <h2 id={`${testId}-title`} className="text-sm font-semibold text-slate-900">
        {KIND_WORDS[kind].plural} <span className="font-normal text-slate-600">({total})</span>
      </h2>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        {Object.entries(counts).map(([status, n]) => (
          <div key={status} className="contents">
            <dt className="text-slate-600">{words(status)}</dt>
            <dd className="text-right font-semibold tabular-nums text-slate-900" data-testid={`${testId}-${status}`}>
              {n}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default async function ReportsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const person = await requirePerson();
  const params = await searchParams;
  // Filters live in the URL; an unknown kind is no filter rather than an error page.
  const kind = REPORT_KINDS.find((k) => k === oneParam(params.kind));
  const cursor = oneParam(params.cursor);
  const db = getDb();
  let ignored: string | null = null;
  let page;
  try {
    page = await listReports(db, person.actor, { kind, limit: PAGE_SIZE, cursor });
  } catch (err) {
    // A cursor from an old or edited link: say so and show the first page.
    if (!(err instanceof InvalidInputError) || cursor === undefined) throw err;
    ignored = err.message;
    page = await listReports(db, person.actor, { kind, limit: PAGE_SIZE });
  }
  const next = page.nextCursor ? `/reports?${new URLSearchParams({ ...(kind ? { kind } : {}), cursor: page.nextCursor })}` : null;
  const filters: [ReportKind | undefined, ReactNode][] = [[undefined, 'All'], ...REPORT_KINDS.map((k): [ReportKind, ReactNode] => [k, KIND_WORDS[k].plural])];
  return (
    <div className="max-w-6xl">
      <PageHeader
        title="Reports"
        description="Regulatory filings, most recently changed first. Start a suspicious transaction report from a case; analysts draft, and a reviewer or admin who did not draft it files it."
      />
      <div className="mb-6 grid grid-cols-1 gap-4 md:grid-cols-3">
        <Figures kind="str" counts={page.figures.str} testId="figures-str" />
        <Figures kind="ctr" counts={page.figures.ctr} testId="figures-ctr" />
        <Figures kind="pack" counts={page.figures.pack} testId="figures-pack" />
      </div>
      <section aria-labelledby="ctr-build-title" className="mb-6 rounded border border-slate-200 bg-white p-4" data-testid="ctr-build-section">
        <h2 id="ctr-build-title" className="text-sm font-semibold text-slate-900">
          Build a day&apos;s cash transaction report
        </h2>
        <p className="mt-1 mb-3 text-sm text-slate-600">Batches are built every night for the day before; build one now for a UTC day that is over. A day already built opens its batch.</p>
        <CtrBuildForm action={buildCtrAction} defaultDate={yesterdayUtc()} max={yesterdayUtc()} />
      </section>
      <section aria-labelledby="pack-create-title" className="mb-6 rounded border border-slate-200 bg-white p-4" data-testid="pack-create-section">
        <h2 id="pack-create-title" className="text-sm font-semibold text-slate-900">
          Start an evidence pack
        </h2>
        <p className="mt-1 mb-3 text-sm text-slate-600">A pack gathers the period&apos;s live figures, each section&apos;s text and documents into one PDF for an auditor. Leave the dates empty for the current quarter.</p>
        <PackCreateForm action={createPackAction} />
      </section>
      <nav aria-label="Kind of report" className="mb-4 flex flex-wrap gap-2" data-testid="kind-filter">
        {filters.map(([k, label]) => (
          <Link
            key={k ?? 'all'}
            href={k ? `/reports?kind=${k}` : '/reports'}
            prefetch={false}
            aria-current={k === kind ? 'page' : undefined}
            className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-sky-600 aria-[current=page]:border-sky-700 aria-[current=page]:font-semibold aria-[current=page]:text-sky-900"
          >
            {label}
          </Link>
        ))}
      </nav>
      {ignored ? <Notice testId="list-problems">Ignored in the address: {ignored}. Showing the first page.</Notice> : null}
      {page.items.length === 0 ? (
        <EmptyState title={kind ? `No ${KIND_WORDS[kind].plural.toLowerCase()} yet.` : 'No report yet.'}>
          A suspicious transaction report starts from a case: open the case and choose “Start an STR”.
        </EmptyState>
      ) : (
        <Table caption="Reports, most recently changed first" testId="reports-table">
          <THead>
            <tr>
              <Th>Report</Th>
              <Th>Kind</Th>
              <Th>Status</Th>
              <Th>Summary</Th>
              <Th>Changed</Th>
            </tr>
          </THead>
          <tbody>
            {page.items.map((r) => {
              const label = `${KIND_WORDS[r.kind].short}-${r.number}`;
              const path = pathOf(r);
              return (
                <tr key={`${r.kind}-${r.id}`} className={rowClass} data-testid="report-row" data-kind={r.kind}>
                  <Td className="whitespace-nowrap">
                    {path ? (
                      <Link href={path} prefetch={false} className={linkClass}>
                        {label}
                      </Link>
                    ) : (
                      label
                    )}
                  </Td>
                  <Td className="whitespace-nowrap">{KIND_WORDS[r.kind].short}</Td>
                  <Td>
                    <Badge tone={strStatusTone(r.status)} testId="report-status">
                      {words(r.status)}
                    </Badge>
                  </Td>
                  <Td className="break-words">{r.summary ?? '—'}</Td>
                  <Td className="whitespace-nowrap">
                    <LocalTime iso={r.updatedAt.toISOString()} />
                  </Td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      <NextPageLink href={next}>Older reports</NextPageLink>
    </div>
  );
}
