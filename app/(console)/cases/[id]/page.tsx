import Link from 'next/link';
import { recordOrNotFound } from '@/lib/console/record-or-not-found';
import { Facts } from '@/components/ui/facts';
import type { ReactNode } from 'react';
import { CaseButtonForm, RenameCaseForm } from '@/components/cases/case-work';
import { Badge, ButtonLink, decisionTone, EmptyState, LocalTime, PageHeader, priorityTone, rowClass, Section, statusTone, Table, Td, Th, THead, words } from '@/components/ui';
import { getDb } from '@/db/client';
import { listNotes } from '@/lib/alerts/list-notes';
import { listAlertOccurrences } from '@/lib/alerts/occurrences';
import { serializeAlertView } from '@/lib/alerts/serialize';
import { requirePerson } from '@/lib/auth/current-person';
import { caseEntities } from '@/lib/cases/case-entities';
import { getCase } from '@/lib/cases/get-case';
import { actorNames } from '@/lib/console/actor-names';
import { strOfCase } from '@/lib/reports/str/str-of-case';
import { changeCaseAction, renameCaseAction, startStrAction } from '../actions';
import { linkClass } from '@/components/ui/link-class';

export const dynamic = 'force-dynamic';

/** Events shown per alert; the alert's page has the rest. */
const EVENTS_PER_ALERT = 50;
const amountText = (value: string | null, currency: string | null) =>
  value === null ? '—' : `${new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(Number(value))} ${currency ?? ''}`.trim();

export default async function CasePage({ params }: { params: Promise<{ id: string }> }) {
  const person = await requirePerson();
  const { id } = await params;
  const db = getDb();
  const detail = await recordOrNotFound(id, (recordId) => getCase(db, person.actor, recordId));
  const c = detail.case;
  const alerts = detail.alerts.map((v) => ({ row: v.alert, view: serializeAlertView(v) }));
  const [occurrences, notes] = await Promise.all([
    Promise.all(alerts.map((a) => (a.row.screeningId ? Promise.resolve([]) : listAlertOccurrences(db, person.actor, a.row.id, EVENTS_PER_ALERT)))),
    Promise.all(alerts.map((a) => listNotes(db, person.actor, a.row.id))),
  ]);
  const events = alerts
    .flatMap((a, i) => (occurrences[i] ?? []).map((o) => ({ alert: a.row, o })))
    .sort((x, y) => y.o.occurredAt.getTime() - x.o.occurredAt.getTime() || (x.o.eventId < y.o.eventId ? 1 : -1));
  const allNotes = alerts
    .flatMap((a, i) => (notes[i] ?? []).map((n) => ({ alert: a.row, n })))
    .sort((x, y) => x.n.createdAt.getTime() - y.n.createdAt.getTime());
  const involved = await caseEntities(db, person.actor, [
    { id: c.subjectEntityId, role: 'case subject' },
    ...alerts.map((a) => ({ id: a.row.entityId, role: 'alert subject' })),
    ...events.flatMap(({ o }) => [
      { id: o.sourceId, role: 'sender' },
      { id: o.destinationId, role: 'receiver' },
    ]),
  ]);
  const [names, str] = await Promise.all([actorNames(db, person.actor, [c.assignedTo, c.createdBy, ...allNotes.map(({ n }) => n.author)]), strOfCase(db, person.actor, c.id)]);
  const who = (actorId: string | null) => (actorId === null ? 'nobody' : actorId === person.id ? `${names.get(actorId) ?? actorId} (you)` : (names.get(actorId) ?? actorId));
  const subject = involved.find((e) => e.id === c.subjectEntityId);
  const open = c.status === 'open';

  return (
    <article className="max-w-6xl">
      <PageHeader
        title={<span data-testid="case-title">CASE-{c.number}</span>}
        description={c.title}
        actions={
          <ButtonLink href="/cases" size="sm">
            All cases
          </ButtonLink>
        }
      >
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <Badge tone={open ? 'info' : 'success'} testId="case-status">
            {c.status}
          </Badge>
          <Badge>
            {detail.alertIds.length} alert{detail.alertIds.length === 1 ? '' : 's'}
          </Badge>
        </div>
      </PageHeader>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Section title={`Alerts (${alerts.length})`} testId="case-alerts">
            <Table caption="The case’s alerts, in the order they joined it">
              <THead>
                <tr>
                  <Th>Alert</Th>
                  <Th>Status</Th>
                  <Th>Decision</Th>
                  <Th>Subject and rules</Th>
                  <Th>Last event</Th>
                </tr>
              </THead>
              <tbody>
                {alerts.map(({ row, view }) => {
                  const decision = 'decision' in view && typeof view.decision === 'string' ? view.decision : null;
                  const source = 'source' in view ? (view.source as { id: string; name?: string } | undefined) : undefined;
                  return (
                    <tr key={row.id} className={rowClass} data-testid="case-alert-row">
                      <Td className="whitespace-nowrap">
                        <Link href={`/alerts/${row.id}`} prefetch={false} className={linkClass}>
                          ALR-{row.number}
                        </Link>
                      </Td>
                      <Td>
                        <div className="flex flex-col items-start gap-1">
                          <Badge tone={statusTone(row.status)}>{words(row.status)}</Badge>
                          <Badge tone={priorityTone(row.priority)}>{row.priority}</Badge>
                        </div>
                      </Td>
                      <Td className="whitespace-nowrap">
                        <Badge tone={decisionTone(decision)}>{decision ?? '—'}</Badge> {view.risk_score}
                      </Td>
                      <Td className="break-words">
                        {source ? (source.name ?? <code className="text-xs">{source.id}</code>) : '—'}
                        <div className="font-mono text-xs text-slate-600">{(view.reasons as { rule: string }[]).map((r) => r.rule).join(', ') || '—'}</div>
                      </Td>
                      <Td>
                        <LocalTime iso={view.last_event_at} />
                      </Td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          </Section>

          <Section title={`Events (${events.length})`} testId="case-events">
            {events.length === 0 ? (
              <EmptyState title="No event is behind these alerts (screening alerts have none)." />
            ) : (
              <Table caption="Review and block decisions on the case’s alerts, latest first">
                <THead>
                  <tr>
                    <Th>Occurred</Th>
                    <Th>Alert</Th>
                    <Th className="text-right">Amount</Th>
                    <Th>From → to</Th>
                    <Th>Decision</Th>
                  </tr>
                </THead>
                <tbody>
                  {events.map(({ alert, o }) => (
                    <tr key={o.decisionId} className={rowClass} data-testid="case-event-row">
                      <Td>
                        <LocalTime iso={o.occurredAt.toISOString()} />
                      </Td>
                      <Td className="whitespace-nowrap">
                        <Link href={`/alerts/${alert.id}`} prefetch={false} className={linkClass}>
                          ALR-{alert.number}
                        </Link>
                      </Td>
                      <Td className="text-right whitespace-nowrap tabular-nums">
                        {amountText(o.amount, o.currency)}
                        <div className="text-xs text-slate-600">{o.type}</div>
                      </Td>
                      <Td className="break-words font-mono text-xs">
                        {o.sourceId ?? '—'} → {o.destinationId ?? '—'}
                      </Td>
                      <Td className="whitespace-nowrap">
                        <Badge tone={decisionTone(o.decision)}>{o.decision}</Badge> {o.riskScore}
                      </Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
            {alerts.some((a) => a.row.occurrences > EVENTS_PER_ALERT) ? (
              <p className="mt-2 text-xs text-slate-600">The latest {EVENTS_PER_ALERT} of each alert are shown; the alert’s page lists the rest.</p>
            ) : null}
          </Section>

          <Section title={`Notes on the alerts (${allNotes.length})`} testId="case-notes">
            {allNotes.length === 0 ? (
              <p className="text-sm text-slate-600">No notes yet. Notes are written on each alert’s page.</p>
            ) : (
              <ol className="space-y-3">
                {allNotes.map(({ alert, n }) => (
                  <li key={n.id} className="rounded border border-slate-200 p-3" data-testid="case-note">
                    <div className="mb-1 text-xs text-slate-600">
                      <Link href={`/alerts/${alert.id}`} prefetch={false} className={linkClass}>
                        ALR-{alert.number}
                      </Link>{' '}
                      · {who(n.author)} · <LocalTime iso={n.createdAt.toISOString()} />
                    </div>
                    <p className="text-sm break-words whitespace-pre-wrap">{n.body}</p>
                  </li>
                ))}
              </ol>
            )}
          </Section>
        </div>

        <div className="min-w-0 space-y-6">
          <Section title="Work" testId="case-work">
            <Facts
              testId="case-facts"
              rows={[
                ['Status', c.status],
                ['Assigned to', <span key="a" data-testid="case-assignee">{who(c.assignedTo)}</span>],
                ['Opened', <LocalTime key="c" iso={c.createdAt.toISOString()} />],
                ['Opened by', who(c.createdBy)],
                ['Changed', <LocalTime key="u" iso={c.updatedAt.toISOString()} />],
                ...(c.closedAt ? ([['Closed', <LocalTime key="x" iso={c.closedAt.toISOString()} />]] as [string, ReactNode][]) : []),
              ]}
            />
            <div className="mt-4 flex flex-wrap gap-2">
              {c.assignedTo !== person.id ? (
                <CaseButtonForm caseId={c.id} action={changeCaseAction} change="assign_me" label="Assign to me" testId="case-assign-me" />
              ) : (
                <CaseButtonForm caseId={c.id} action={changeCaseAction} change="unassign" label="Unassign" testId="case-unassign" />
              )}
              {open ? (
                <CaseButtonForm caseId={c.id} action={changeCaseAction} change="close" label="Close the case" testId="case-close" variant="danger" />
              ) : (
                <CaseButtonForm caseId={c.id} action={changeCaseAction} change="reopen" label="Reopen" testId="case-reopen" />
              )}
            </div>
            <div className="mt-4">
              <RenameCaseForm caseId={c.id} title={c.title} action={renameCaseAction} />
            </div>
          </Section>

          <Section title="Suspicious transaction report" testId="case-str">
            {str ? (
              <p className="text-sm">
                <Link href={`/reports/str/${str.id}`} prefetch={false} className={linkClass} data-testid="case-str-link">
                  STR-{str.number}
                </Link>{' '}
                <Badge>{words(str.status)}</Badge>
              </p>
            ) : (
              <div className="space-y-2">
                <p className="text-sm text-slate-600">Draft an STR from this case: its subject and the events behind its alerts fill it.</p>
                <CaseButtonForm caseId={c.id} action={startStrAction} change="start_str" label="Start an STR" testId="case-start-str" variant="primary" />
              </div>
            )}
          </Section>

          <Section title="Subject" testId="case-subject">
            {c.subjectEntityId ? (
              <Facts
                rows={[
                  ['Entity id', <code key="i" className="text-xs break-all" data-testid="case-subject-id">{c.subjectEntityId}</code>],
                  ['Name', subject?.name ?? '—'],
                  ['Kind', subject?.kind ?? '—'],
                ]}
              />
            ) : (
              <p className="text-sm text-slate-600">The first alert named no entity.</p>
            )}
          </Section>

          <Section title={`Entities involved (${involved.length})`} testId="case-entities">
            {involved.length === 0 ? (
              <p className="text-sm text-slate-600">No entity is named by these alerts.</p>
            ) : (
              <ul className="space-y-2 text-sm">
                {involved.map((e) => (
                  <li key={e.id} data-testid="case-entity">
                    <code className="text-xs break-all">{e.id}</code>
                    {e.name ? <span> · {e.name}</span> : null}
                    <div className="text-xs text-slate-600">
                      {e.roles.join(', ')}
                      {e.kind ? ` · ${e.kind}` : ''}
                      {e.known && !e.registered ? ' · placeholder' : ''}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </div>
      </div>
    </article>
  );
}
