import Link from 'next/link';
import { NotFoundError } from '@/lib/errors';
import { recordOrNotFound } from '@/lib/console/record-or-not-found';
import { Facts } from '@/components/ui/facts';
import type { ReactNode } from 'react';
import { getDb } from '@/db/client';
import { AddToCaseForm, AlertButtonForm, ClosureDecision, NoteForm, OpenCaseForm, RequestClosureForm } from '@/components/alerts/alert-work';
import { FlowChart } from '@/components/alerts/flow-chart';
import { entityHref } from '@/components/entities/href';
import { SlaBadge } from '@/components/alerts/sla-badge';
import { Badge, ButtonLink, decisionTone, EmptyState, LocalTime, PageHeader, priorityTone, rowClass, Section, statusTone, Table, Td, Th, THead, words } from '@/components/ui';
import { alertFlow, serializeFlow } from '@/lib/alerts/alert-flow';
import { closureReview } from '@/lib/alerts/closure-review';
import { getAlert } from '@/lib/alerts/get-alert';
import { listNotes } from '@/lib/alerts/list-notes';
import { listAlertOccurrences, OCCURRENCES_SHOWN } from '@/lib/alerts/occurrences';
import { serializeAlertView } from '@/lib/alerts/serialize';
import { requirePerson } from '@/lib/auth/current-person';
import { caseOfAlert } from '@/lib/cases/case-of-alert';
import { listCases } from '@/lib/cases/list-cases';
import { actorNames } from '@/lib/console/actor-names';
import { slaState } from '@/lib/console/sla';
import { getEvent } from '@/lib/events/get-event';
import { addNoteAction, addToCaseAction, approveClosureAction, assignToMeAction, openCaseAction, rejectClosureAction, requestClosureAction, setStatusAction } from '../actions';

export const dynamic = 'force-dynamic';

const amountText = (value: string | number | null | undefined, currency: string | null | undefined) =>
  value === null || value === undefined ? '—' : `${new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(Number(value))} ${currency ?? ''}`.trim();

interface Reason {
  rule: string;
  version?: number;
  detail: string;
  weight?: number;
}

export default async function AlertPage({ params }: { params: Promise<{ id: string }> }) {
  const person = await requirePerson();
  const { id } = await params;
  const db = getDb();
  const view = await recordOrNotFound(id, (recordId) => getAlert(db, person.actor, recordId));
  const row = view.alert;
  const alert = serializeAlertView(view);
  const [notes, flow, occurrences, event, review, inCase] = await Promise.all([
    listNotes(db, person.actor, id),
    row.screeningId ? null : alertFlow(db, person.actor, id),
    row.screeningId ? Promise.resolve([]) : listAlertOccurrences(db, person.actor, id),
    row.eventId ? getEvent(db, person.actor, row.eventId).catch((err) => (err instanceof NotFoundError ? null : Promise.reject(err))) : Promise.resolve(null),
    closureReview(db, person.actor, row),
    caseOfAlert(db, person.actor, id),
  ]);
  // The open cases it could join (the 50 most recently changed), when it is in none yet.
  const openCases = inCase ? [] : (await listCases(db, person.actor, { status: 'open', limit: 50 })).items;
  const names = await actorNames(db, person.actor, [row.assignedTo, row.closureRequestedBy, row.closedBy, ...notes.map((n) => n.author)]);
  const who = (actorId: string | null) => (actorId === null ? '—' : actorId === person.id ? `${names.get(actorId) ?? actorId} (you)` : (names.get(actorId) ?? actorId));

  const reasons = alert.reasons as Reason[];
  const decision = 'decision' in alert && typeof alert.decision === 'string' ? alert.decision : null;
  const source = 'source' in alert ? (alert.source as { id: string; kind?: string; name?: string } | undefined) : undefined;
  const editable = row.status === 'open' || row.status === 'in_review';
  const sla = slaState(alert.due_at, row.status);
  const serializedFlow = flow ? serializeFlow(flow) : null;

  return (
    <article className="max-w-6xl">
      <PageHeader
        title={<span data-testid="alert-title">ALR-{row.number}</span>}
        description={source ? `Alert on ${source.name ?? source.id}` : 'Alert'}
        actions={
          <>
            <ButtonLink href="/alerts" size="sm">
              Back to the queue
            </ButtonLink>
            <ButtonLink href="/alerts/next" size="sm" variant="primary">
              Next alert
            </ButtonLink>
          </>
        }
      >
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <Badge tone={statusTone(row.status)} testId="alert-status">
            {words(row.status)}
          </Badge>
          <Badge tone={priorityTone(row.priority)}>{row.priority} priority</Badge>
          <Badge tone={decisionTone(decision)}>{decision ?? 'no decision'}</Badge>
          <SlaBadge sla={sla} dueAt={alert.due_at} />
        </div>
      </PageHeader>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Section title="Why it was raised" testId="alert-reasons">
            <p className="mb-3 text-sm">
              Decision <Badge tone={decisionTone(decision)}>{decision ?? '—'}</Badge> with risk score{' '}
              <strong data-testid="risk-score">{alert.risk_score}</strong> of 100{row.screeningId ? ' (the best match’s score)' : ' (the weights of the rules that fired)'}.
            </p>
            {reasons.length === 0 ? (
              <EmptyState title="No reasons were recorded." />
            ) : (
              <Table caption="Rules that fired">
                <THead>
                  <tr>
                    <Th>Rule</Th>
                    <Th>Version</Th>
                    <Th className="text-right">Weight</Th>
                    <Th>Detail</Th>
                  </tr>
                </THead>
                <tbody>
                  {reasons.map((r, i) => (
                    <tr key={`${r.rule}-${i}`} className={rowClass} data-testid="reason-row">
                      <Td className="font-mono text-xs">{r.rule}</Td>
                      <Td>{r.version !== undefined ? `v${r.version}` : '—'}</Td>
                      <Td className="text-right tabular-nums">{r.weight ?? '—'}</Td>
                      <Td className="break-words">{r.detail}</Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </Section>

          <Section title={row.screeningId ? 'Screening' : 'Event'} testId="alert-event">
            {row.screeningId ? (
              <Facts
                rows={[
                  ['Screening', <Link key="s" href={`/screenings/${row.screeningId}`} className="font-mono text-xs text-sky-800 underline">{row.screeningId}</Link>],
                  ['Screened', <LocalTime key="t" iso={'event' in alert ? (alert.event as { occurred_at: string }).occurred_at : null} />],
                ]}
              />
            ) : event ? (
              <Facts
                rows={[
                  ['Type', event.event.type],
                  ['Occurred', <LocalTime key="o" iso={event.event.occurredAt.toISOString()} />],
                  ['Amount', amountText(event.event.amount, event.event.currency)],
                  ['Rail', event.event.rail ?? '—'],
                  ['From', event.event.sourceId ? <code key="f" className="text-xs">{event.event.sourceId}</code> : '—'],
                  ['To', event.event.destinationId ? <code key="t" className="text-xs">{event.event.destinationId}</code> : '—'],
                  ['Event id', <code key="e" className="text-xs">{event.event.id}</code>],
                  ['Decided in', 'decided_in_ms' in alert && alert.decided_in_ms !== undefined ? `${alert.decided_in_ms} ms` : '—'],
                ]}
              />
            ) : (
              <EmptyState title="The event behind this alert is not stored." />
            )}
          </Section>

          {row.screeningId ? null : (
            <Section title="Money flow, 24 hours up to the latest event" testId="alert-flow">
              {flow && serializedFlow ? (
                <FlowChart flow={{ entityId: flow.entityId, currency: flow.currency, since: serializedFlow.since, until: serializedFlow.until, hours: serializedFlow.hours }} />
              ) : null}
            </Section>
          )}

          {row.screeningId ? null : (
            <Section title={`Occurrences (${row.occurrences})`} testId="alert-occurrences">
              {occurrences.length === 0 ? (
                <EmptyState title="No decision is on this alert." />
              ) : (
                <>
                  <Table caption="Review and block decisions on this alert, latest first">
                    <THead>
                      <tr>
                        <Th>Occurred</Th>
                        <Th>Type</Th>
                        <Th className="text-right">Amount</Th>
                        <Th>Decision</Th>
                        <Th>Rules</Th>
                      </tr>
                    </THead>
                    <tbody>
                      {occurrences.map((o) => (
                        <tr key={o.decisionId} className={rowClass} data-testid="occurrence-row">
                          <Td>
                            <LocalTime iso={o.occurredAt.toISOString()} />
                          </Td>
                          <Td>{o.type}</Td>
                          <Td className="text-right whitespace-nowrap tabular-nums">{amountText(o.amount, o.currency)}</Td>
                          <Td className="whitespace-nowrap">
                            <Badge tone={decisionTone(o.decision)}>{o.decision}</Badge> {o.riskScore}
                          </Td>
                          <Td className="font-mono text-xs break-words">{o.reasons.map((r) => r.rule).join(', ')}</Td>
                        </tr>
                      ))}
                    </tbody>
                  </Table>
                  {row.occurrences > OCCURRENCES_SHOWN ? <p className="mt-2 text-xs text-slate-600">The latest {OCCURRENCES_SHOWN} are shown.</p> : null}
                </>
              )}
            </Section>
          )}

          <Section title={`Notes (${notes.length})`} testId="alert-notes">
            {notes.length === 0 ? (
              <p className="mb-4 text-sm text-slate-600">No notes yet.</p>
            ) : (
              <ol className="mb-4 space-y-3">
                {notes.map((n) => (
                  <li key={n.id} className="rounded border border-slate-200 p-3" data-testid="note">
                    <div className="mb-1 text-xs text-slate-600">
                      {who(n.author)} · <LocalTime iso={n.createdAt.toISOString()} />
                    </div>
                    <p className="text-sm break-words whitespace-pre-wrap" data-testid="note-body">
                      {n.body}
                    </p>
                  </li>
                ))}
              </ol>
            )}
            <NoteForm alertId={id} action={addNoteAction} />
          </Section>
        </div>

        <div className="min-w-0 space-y-6">
          <Section title="Work" testId="alert-work">
            <Facts
              testId="alert-facts"
              rows={[
                ['Status', words(row.status)],
                ['Assigned to', <span key="a" data-testid="assignee">{row.assignedTo ? who(row.assignedTo) : 'nobody'}</span>],
                ['Due', <LocalTime key="d" iso={alert.due_at} />],
                ['Raised', <LocalTime key="c" iso={alert.created_at} />],
                ['Last event', <LocalTime key="l" iso={alert.last_event_at} />],
                ['Changed', <LocalTime key="u" iso={alert.updated_at} />],
              ]}
            />
            {editable ? (
              <div className="mt-4 flex flex-wrap gap-2">
                {row.assignedTo !== person.id ? <AlertButtonForm alertId={id} action={assignToMeAction} label="Assign to me" testId="assign-to-me" /> : null}
                {row.status === 'open' ? (
                  <AlertButtonForm alertId={id} action={setStatusAction} fields={{ status: 'in_review' }} label="Set in review" testId="set-in-review" />
                ) : (
                  <AlertButtonForm alertId={id} action={setStatusAction} fields={{ status: 'open' }} label="Set back to open" testId="set-open" />
                )}
              </div>
            ) : null}
          </Section>

          <Section title="Closure" testId="alert-closure">
            {editable ? (
              <RequestClosureForm alertId={id} action={requestClosureAction} />
            ) : (
              <div className="space-y-4">
                <Facts
                  rows={[
                    ['Disposition', row.disposition ? words(row.disposition) : '—'],
                    ['Requested by', <span key="r" data-testid="requested-by">{who(row.closureRequestedBy)}</span>],
                    ...(row.status === 'closed'
                      ? ([
                          ['Approved by', who(row.closedBy)],
                          ['Closed', <LocalTime key="c" iso={row.closedAt?.toISOString() ?? null} />],
                        ] as [string, ReactNode][])
                      : []),
                  ]}
                />
                {row.status === 'pending_closure' ? (
                  <ClosureDecision
                    alertId={id}
                    approve={approveClosureAction}
                    reject={rejectClosureAction}
                    canApprove={review.canApprove}
                    canReject={review.canReject}
                    approveReason={review.approveReason}
                    rejectReason={review.rejectReason}
                  />
                ) : null}
              </div>
            )}
          </Section>

          <Section title="Case" testId="alert-case">
            {inCase ? (
              <p className="text-sm">
                In{' '}
                <Link href={`/cases/${inCase.id}`} className="font-medium text-sky-800 underline" data-testid="alert-case-link">
                  CASE-{inCase.number}
                </Link>{' '}
                ({inCase.status}): {inCase.title}. An alert belongs to at most one case.
              </p>
            ) : (
              <div className="space-y-4">
                <OpenCaseForm alertId={id} action={openCaseAction} defaultTitle={`ALR-${row.number}${source ? ` on ${source.name ?? source.id}` : ''}`.slice(0, 200)} />
                {openCases.length > 0 ? (
                  <AddToCaseForm alertId={id} action={addToCaseAction} cases={openCases.map(({ case: c }) => ({ id: c.id, label: `CASE-${c.number}: ${c.title}` }))} />
                ) : (
                  <p className="text-sm text-slate-600">No open case to add it to.</p>
                )}
              </div>
            )}
          </Section>

          <Section title="Subject" testId="alert-subject">
            {source ? (
              <Facts
                rows={[
                  [
                    'Entity id',
                    <Link key="i" href={entityHref(source.id)} prefetch={false} className="font-medium text-sky-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-sky-600" data-testid="subject-link">
                      <code className="text-xs break-all" data-testid="subject-id">{source.id}</code>
                    </Link>,
                  ],
                  ['Name', source.name ?? '—'],
                  ['Kind', source.kind ?? '—'],
                ]}
              />
            ) : (
              <p className="text-sm text-slate-600">The event named no source entity.</p>
            )}
          </Section>
        </div>
      </div>
    </article>
  );
}
