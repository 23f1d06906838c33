import Link from 'next/link';
import { duration, Figure, lateBy } from '@/components/home/figures';
import { Badge, EmptyState, PageHeader, priorityTone, rowClass, Section, statusTone, Table, Td, Th, THead, words } from '@/components/ui';
import { getDb } from '@/db/client';
import { countAlerts } from '@/lib/alerts/count-alerts';
import { actorNames } from '@/lib/console/actor-names';
import { countPendingForOthers } from '@/lib/approvals/list-pending';
import { refusalOf } from '@/lib/alerts/closure-review';
import { requirePerson } from '@/lib/auth/current-person';
import { isAllowed } from '@/lib/auth/policy';
import { MEDIAN_CLOSE_DAYS, medianCloseTime, myDueFigures, worstOverdueAlerts } from '@/lib/console/home-figures';
import { getServiceStatus } from '@/lib/health/service-status';
import { linkClass } from '@/components/ui/link-class';

export const dynamic = 'force-dynamic';

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

async function ServiceStatus({ orgId }: { orgId: string }) {
  const status = await getServiceStatus(getDb(), orgId);
  const rows: [string, string][] = [
    ['Database', status.database === 'ok' ? 'reachable' : 'unreachable'],
    ['Migrations', `${status.migrations.applied} of ${status.migrations.expected} applied`],
    ['Active API keys', String(status.activeKeys)],
    ['People', String(status.activePeople)],
  ];
  return (
    <div className="max-w-md">
      <Section title="Service status" testId="service-status">
        <p className="mb-3 text-sm" data-testid="service-state">
          {status.ready ? 'The service is ready.' : 'The service is not ready.'}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </Section>
    </div>
  );
}

export default async function HomePage() {
  // The page checks too, not only the layout: client-side navigation re-renders the page alone.
  const person = await requirePerson();
  const db = getDb();
  const actor = person.actor;
  const mayApprove = isAllowed(actor, 'approve');
  const [counts, mine, median, worst, waiting] = await Promise.all([
    countAlerts(db, actor, { assignedTo: person.id }),
    myDueFigures(db, actor),
    medianCloseTime(db, actor),
    worstOverdueAlerts(db, actor, 5),
    countPendingForOthers(db, actor),
  ]);
  const assignees = await actorNames(db, actor, worst.map((a) => a.assigned_to));
  const now = new Date();
  return (
    <div className="max-w-6xl space-y-6">
      <PageHeader title="Home" description={`Signed in as ${person.name} (${person.role}). What needs you now, and how the queue stands.`} />

      <section aria-labelledby="my-work">
        <h2 id="my-work" className="mb-3 text-base font-semibold text-slate-900">
          My work
        </h2>
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          <Figure label="My open alerts" value={counts.mine} note="assigned to me, open or in review" href="/alerts?assignee=mine" testId="my-open" />
          <Figure label="Mine overdue" value={mine.overdue} tone={mine.overdue > 0 ? 'danger' : 'neutral'} note="past their due time" href="/alerts?assignee=mine" testId="my-overdue" />
          <Figure label="Mine due within the hour" value={mine.nearSla} tone={mine.nearSla > 0 ? 'warning' : 'neutral'} note="not yet overdue" href="/alerts?assignee=mine" testId="my-near-sla" />
          {mayApprove ? (
            <Figure
              label="Waiting for my approval"
              value={waiting.total}
              tone={waiting.total > 0 ? 'info' : 'neutral'}
              note={`${waiting.alertClosures} alert ${waiting.alertClosures === 1 ? 'closure' : 'closures'}, ${waiting.screeningClearances} screening ${waiting.screeningClearances === 1 ? 'clearance' : 'clearances'}, ${waiting.strs} ${waiting.strs === 1 ? 'STR' : 'STRs'} to file, ${waiting.ruleActivations} rule ${waiting.ruleActivations === 1 ? 'activation' : 'activations'}, asked by others`}
              href="/approvals"
              testId="my-approvals"
            />
          ) : (
            <Figure label="Waiting for my approval" value="—" note={`${sentence(refusalOf(actor, 'approve') ?? '')}. ${waiting.total} waiting.`} href="/approvals" testId="my-approvals" />
          )}
        </div>
      </section>

      <section aria-labelledby="organisation">
        <h2 id="organisation" className="mb-3 text-base font-semibold text-slate-900">
          The organisation&apos;s queue
        </h2>
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          <Figure label="Open alerts" value={counts.open} note={`${counts.in_review} in review`} href="/alerts" testId="org-open" />
          <Figure label="Overdue" value={counts.overdue} tone={counts.overdue > 0 ? 'danger' : 'neutral'} note={`${counts.near_sla} more due within the hour`} href="/alerts" testId="org-overdue" />
          <Figure label="Closures waiting" value={counts.pending_closure} note="for a second person" href="/approvals" testId="org-pending" />
          <Figure
            label={`Median close time, last ${MEDIAN_CLOSE_DAYS} days`}
            value={median.minutes === null ? '—' : duration(median.minutes)}
            note={median.closed === 0 ? 'no alert closed in this period' : `over ${median.closed} closed ${median.closed === 1 ? 'alert' : 'alerts'}, raised to closed`}
            testId="median-close"
          />
        </div>
      </section>

      <Section title="Most overdue alerts" testId="worst-overdue">
        {worst.length === 0 ? (
          <EmptyState title="No alert is overdue.">Every open alert is within its due time.</EmptyState>
        ) : (
          <Table caption="The five open alerts furthest past their due time">
            <THead>
              <tr>
                <Th>Alert</Th>
                <Th>Priority</Th>
                <Th>Subject</Th>
                <Th>Status</Th>
                <Th>Due</Th>
                <Th>Assigned</Th>
              </tr>
            </THead>
            <tbody>
              {worst.map((a) => (
                <tr key={a.id} className={rowClass} data-testid="overdue-row">
                  <Td>
                    <Link href={`/alerts/${a.id}`} prefetch={false} className={linkClass}>
                      ALR-{a.number}
                    </Link>
                  </Td>
                  <Td>
                    <Badge tone={priorityTone(a.priority)}>{a.priority}</Badge>
                  </Td>
                  <Td>{a.source ? (a.source.name ?? a.source.id) : '—'}</Td>
                  <Td>
                    <Badge tone={statusTone(a.status)}>{words(a.status)}</Badge>
                  </Td>
                  <Td className="whitespace-nowrap">
                    <span className="font-medium text-red-800" title={`due ${a.due_at.replace('T', ' ').replace(/\.\d+Z$/, '')} UTC`}>
                      {lateBy(new Date(a.due_at), now)}
                    </span>
                  </Td>
                  <Td>{a.assigned_to ? (a.assigned_to === person.id ? 'me' : (assignees.get(a.assigned_to) ?? a.assigned_to)) : 'nobody'}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Section>

      {person.role === 'admin' ? <ServiceStatus orgId={person.orgId} /> : null}
    </div>
  );
}
