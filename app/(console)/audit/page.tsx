import Link from 'next/link';
import { Badge, buttonClass, EmptyState, Field, LocalTime, Notice, PageHeader, rowClass, Table, Td, Th, THead } from '@/components/ui';
import { NextPageLink } from '@/components/ui/pager';
import { getDb } from '@/db/client';
import { auditFilterFromParams, auditQueryString } from '@/lib/audit/console-filter';
import { describeChanges } from '@/lib/audit/describe-changes';
import { listAuditEntries } from '@/lib/audit/list-entries';
import { requirePerson } from '@/lib/auth/current-person';
import { isAllowed } from '@/lib/auth/policy';
import { actorNames } from '@/lib/console/actor-names';
import { InvalidInputError } from '@/lib/errors';
import { linkClass } from '@/components/ui/link-class';

export const dynamic = 'force-dynamic';

const PAGE_SIZE = 50;

/** The console page of a target, where one exists. */
const RECORD_PAGES: Record<string, (id: string) => string> = {
  alert: (id) => `/alerts/${id}`,
  case: (id) => `/cases/${id}`,
  screening: (id) => `/screenings/${id}`,
  str: (id) => `/reports/str/${id}`,
};

export default async function AuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const person = await requirePerson();
  if (!isAllowed(person.actor, 'read_audit')) {
    return (
      <div className="max-w-6xl">
        <PageHeader title="Audit log" />
        <EmptyState title="The audit log is for reviewers and admins.">Ask a reviewer or an admin of your organisation for the entries you need.</EmptyState>
      </div>
    );
  }
  const raw = await searchParams;
  const { filter, params, problems } = auditFilterFromParams(raw);
  const cursor = typeof raw.cursor === 'string' && raw.cursor !== '' ? raw.cursor : undefined;
  const db = getDb();
  let page;
  try {
    page = await listAuditEntries(db, person.actor, { ...filter, limit: PAGE_SIZE, cursor });
  } catch (err) {
    // A cursor from an old or edited link: say so and show the first page.
    if (!(err instanceof InvalidInputError) || cursor === undefined) throw err;
    problems.push(err.message);
    page = await listAuditEntries(db, person.actor, { ...filter, limit: PAGE_SIZE });
  }
  const names = await actorNames(db, person.actor, page.items.map((e) => e.actor));
  const filtered = Object.keys(params).length > 0;
  const by = (name: string, value: string) => `/audit?${auditQueryString({ ...params, [name]: value })}`;
  return (
    <div className="max-w-7xl">
      <PageHeader
        title="Audit log"
        description="Who changed what, newest first. Every change made in the console, through an API key or by the service itself is written here and cannot be edited. Times in the filters are UTC days."
        actions={
          <a href={`/audit/export?${auditQueryString(params)}`} download className={buttonClass('secondary')} data-testid="audit-export">
            Export CSV
          </a>
        }
      />
      <form method="get" action="/audit" className="mb-4 grid grid-cols-2 items-end gap-4 md:grid-cols-6" aria-label="Filter the audit log">
        <Field label="Who (person or key id)" name="actor" defaultValue={params.actor} />
        <Field label="Action (e.g. alert.closed)" name="action" defaultValue={params.action} />
        <Field label="Target id" name="target" defaultValue={params.target} />
        <Field label="From (UTC day)" name="from" type="date" defaultValue={params.from} />
        <Field label="To (UTC day)" name="to" type="date" defaultValue={params.to} />
        <div className="flex items-center gap-3">
          <button type="submit" className={buttonClass('primary')} data-testid="apply-filters">
            Apply
          </button>
          {filtered ? (
            <Link href="/audit" prefetch={false} className={linkClass}>
              Clear
            </Link>
          ) : null}
        </div>
      </form>
      {problems.length > 0 ? <Notice testId="list-problems">Ignored in the address: {problems.join('; ')}.</Notice> : null}
      {page.items.length === 0 ? (
        <EmptyState title={filtered ? 'No entry matches these filters.' : 'No entry yet.'}>
          {filtered ? 'Clear the filters to see every entry.' : 'Entries appear as soon as anything changes.'}
        </EmptyState>
      ) : (
        <Table caption="Audit entries, newest first" testId="audit-table">
          <THead>
            <tr>
              <Th>When</Th>
              <Th>Who</Th>
              <Th>Action</Th>
              <Th>Target</Th>
              <Th>Changes</Th>
            </tr>
          </THead>
          <tbody>
            {page.items.map((e) => {
              const recordPage = RECORD_PAGES[e.targetType];
              const lines = describeChanges(e.changes);
              return (
                <tr key={e.id} className={rowClass} data-testid="audit-row">
                  <Td className="whitespace-nowrap align-top">
                    <LocalTime iso={e.at.toISOString()} />
                  </Td>
                  <Td className="align-top">
                    <Link href={by('actor', e.actor)} prefetch={false} className={linkClass} title={`Only entries by ${e.actor}`}>
                      {names.get(e.actor) ?? e.actor}
                    </Link>
                    <div className="mt-0.5">
                      <Badge tone="neutral">{e.actorKind}</Badge>
                    </div>
                  </Td>
                  <Td className="align-top">
                    <Link href={by('action', e.action)} prefetch={false} className={`${linkClass} font-mono text-xs`} title={`Only ${e.action} entries`}>
                      {e.action}
                    </Link>
                  </Td>
                  <Td className="align-top">
                    <div className="text-xs text-slate-600">{e.targetType}</div>
                    <Link href={by('target', e.targetId)} prefetch={false} className={`${linkClass} break-all font-mono text-xs`} title="Only entries about this target">
                      {e.targetId}
                    </Link>
                    {recordPage ? (
                      <div>
                        <Link href={recordPage(e.targetId)} prefetch={false} className={`${linkClass} text-xs`}>
                          Open {e.targetType}
                        </Link>
                      </div>
                    ) : null}
                  </Td>
                  <Td className="align-top">
                    {lines.length === 0 ? (
                      <span className="text-slate-500">—</span>
                    ) : (
                      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs" data-testid="audit-changes">
                        {lines.map((l) => (
                          <div key={l.field} className="contents">
                            <dt className="font-medium text-slate-700">{l.field}</dt>
                            <dd className="min-w-0 break-words text-slate-900">
                              {l.before !== undefined ? (
                                <>
                                  <span className="text-slate-600 line-through decoration-slate-400">{l.before}</span>
                                  <span aria-hidden="true"> → </span>
                                  <span className="sr-only"> changed to </span>
                                </>
                              ) : null}
                              <span>{l.after}</span>
                            </dd>
                          </div>
                        ))}
                      </dl>
                    )}
                  </Td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      <NextPageLink href={page.nextCursor ? `/audit?${auditQueryString(params, { cursor: page.nextCursor })}` : null}>Older entries</NextPageLink>
    </div>
  );
}
