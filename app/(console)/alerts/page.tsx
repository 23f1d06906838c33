import Link from 'next/link';
import { Notice } from '@/components/ui/notice';
import { getDb } from '@/db/client';
import { AlertQueueTable, type QueueRow } from '@/components/alerts/alert-queue-table';
import { QueueFilters } from '@/components/alerts/queue-filters';
import { ButtonLink, EmptyState, PageHeader } from '@/components/ui';
import { Pager } from '@/components/ui/pager';
import { listAlertQueue, type QueuePage } from '@/lib/alerts/queue';
import { serializeAlertView } from '@/lib/alerts/serialize';
import { requirePerson } from '@/lib/auth/current-person';
import { listCases } from '@/lib/cases/list-cases';
import { actorNames } from '@/lib/console/actor-names';
import { parseQueueParams, queueFilter, queueHref } from '@/lib/console/alert-queue-params';
import { slaState } from '@/lib/console/sla';
import { InvalidInputError } from '@/lib/errors';
import { bulkCaseAction, bulkUpdateAlertsAction } from './actions';

export const dynamic = 'force-dynamic';

const SEARCH_INPUT = 'field-number';

export default async function AlertQueuePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const person = await requirePerson();
  const { params, problems } = parseQueueParams(await searchParams);
  let page: QueuePage;
  try {
    page = await listAlertQueue(getDb(), person.actor, queueFilter(params, person.id));
  } catch (err) {
    // A cursor from an old or edited link: say so and show the first page.
    if (!(err instanceof InvalidInputError)) throw err;
    problems.push(err.message);
    params.after = undefined;
    params.before = undefined;
    page = await listAlertQueue(getDb(), person.actor, queueFilter(params, person.id));
  }
  const [names, openCases] = await Promise.all([
    actorNames(getDb(), person.actor, page.items.map((v) => v.alert.assignedTo)),
    // The open cases selected alerts can join: the 50 most recently changed.
    listCases(getDb(), person.actor, { status: 'open', limit: 50 }),
  ]);
  const rows: QueueRow[] = page.items.map((v) => {
    const a = serializeAlertView(v);
    const reasons = a.reasons as { rule: string }[];
    const source = 'source' in a ? (a.source as { id: string; name?: string } | undefined) : undefined;
    return {
      id: a.id,
      number: a.number,
      status: a.status,
      priority: a.priority,
      decision: 'decision' in a && typeof a.decision === 'string' ? a.decision : null,
      riskScore: a.risk_score,
      subject: source ? (source.name ?? source.id) : '—',
      subjectId: source?.id ?? null,
      reason: reasons[0]?.rule ?? null,
      moreReasons: Math.max(0, reasons.length - 1),
      dueAt: a.due_at,
      sla: slaState(a.due_at, a.status),
      assignee: v.alert.assignedTo ? (names.get(v.alert.assignedTo) ?? v.alert.assignedTo) : null,
      mine: v.alert.assignedTo === person.id,
    };
  });
  const filtered = params.priority || params.decision || params.assignee || params.number || params.sla || params.queue !== 'open';

  return (
    <section className="max-w-6xl">
      <PageHeader
        title="Alerts"
        description="The work queue: open alerts soonest due first. Filters, order and page live in the address, so a view can be bookmarked and shared."
        actions={
          <ButtonLink href="/alerts/next" variant="primary" testId="next-alert" title="Open the most urgent open alert nobody is assigned to">
            Next alert
          </ButtonLink>
        }
      />
      <QueueFilters params={params} />
      {problems.length > 0 ? (
        <Notice testId="queue-problems">Ignored in the address: {problems.join('; ')}.</Notice>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState title={filtered ? 'No alert matches these filters.' : 'No open alert: the queue is empty.'}>
          {filtered ? (
            <Link href="/alerts" className="text-sky-800 underline">
              Show the open queue
            </Link>
          ) : (
            'New alerts appear here as events are scored.'
          )}
        </EmptyState>
      ) : (
        <AlertQueueTable
          rows={rows}
          bulkAction={bulkUpdateAlertsAction}
          caseAction={bulkCaseAction}
          openCases={openCases.items.map(({ case: c }) => ({ id: c.id, label: `CASE-${c.number}: ${c.title}` }))}
          searchInputId={SEARCH_INPUT}
        />
      )}
      <Pager
        label="Alert pages"
        previous={page.prevCursor ? queueHref(params, { before: page.prevCursor }) : undefined}
        next={page.nextCursor ? queueHref(params, { after: page.nextCursor }) : undefined}
      />
    </section>
  );
}
