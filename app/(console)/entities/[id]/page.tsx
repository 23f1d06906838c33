import Link from 'next/link';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { EntityForm } from '@/components/entities/entity-form';
import { entityHref } from '@/components/entities/href';
import { LinkGraph, type DrawnEdge, type DrawnNode } from '@/components/entities/link-graph';
import { NextPageLink } from '@/components/ui/pager';
import { Badge, ButtonLink, buttonClass, decisionTone, EmptyState, Facts, LocalTime, Notice, PageHeader, priorityTone, rowClass, Section, statusTone, Table, Td, Th, THead, words } from '@/components/ui';
import { getDb } from '@/db/client';
import { requirePerson } from '@/lib/auth/current-person';
import { entityGraph, GRAPH_RELATIONS, type GroupExpansion } from '@/lib/entities/entity-graph';
import { getEntity } from '@/lib/entities/get-entity';
import type { GraphNode, GraphRelation } from '@/lib/entities/graph-layout';
import { listEntityEvents } from '@/lib/entities/list-entity-events';
import { ENTITY_KINDS } from '@/lib/entities/register-entity';
import { openAlertsAround } from '@/lib/entities/open-alerts-around';
import { InvalidInputError, NotFoundError } from '@/lib/errors';
import { saveEntityAction } from '../actions';
import { linkClass } from '@/components/ui/link-class';
import { oneParam } from '@/lib/console/search-param';

export const dynamic = 'force-dynamic';

const EVENTS_PER_PAGE = 25;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const inputClass =
  'block rounded border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-sky-600 focus:outline-none focus:ring-1 focus:ring-sky-600';

type Params = Record<string, string | string[] | undefined>;
const all = (v: string | string[] | undefined): string[] => (v === undefined ? [] : typeof v === 'string' ? [v] : v);
const amountText = (value: string | null, currency: string | null) =>
  value === null ? '—' : `${new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(Number(value))} ${currency ?? ''}`.trim();

/** A UTC day of the address, as its first or last instant; anything but YYYY-MM-DD is no filter. */
function dayBound(value: string | undefined, end: boolean): Date | undefined {
  if (!value || !DAY.test(value)) return undefined;
  const start = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(start)) return undefined;
  // The timeline's since is exclusive and its until inclusive: both bounds take in the whole day.
  return new Date(end ? start + 86_400_000 - 1 : start - 1);
}

/** `more=<steps>:<relation>:<entity id>`: a collapsed group of the graph opened `steps` times. */
function expansionsOf(values: string[]): GroupExpansion[] {
  const out: GroupExpansion[] = [];
  for (const v of values) {
    const m = /^(\d{1,2}):([a-z_]+):(.+)$/s.exec(v);
    const relation = GRAPH_RELATIONS.find((r) => r === m?.[2]);
    if (m && relation) out.push({ steps: Number(m[1]), relation, from: m[3] as string });
  }
  return out;
}

export default async function EntityPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Params> }) {
  const person = await requirePerson();
  const { id } = await params;
  const query = await searchParams;
  const db = getDb();
  let found;
  try {
    found = await getEntity(db, person.actor, id);
  } catch (err) {
    if (err instanceof NotFoundError) notFound();
    throw err;
  }
  const { entity: e, openAlerts } = found;

  const type = oneParam(query.type)?.slice(0, 100);
  const sinceDay = oneParam(query.since);
  const untilDay = oneParam(query.until);
  const since = dayBound(sinceDay, false);
  const until = dayBound(untilDay, true);
  const cursor = oneParam(query.cursor);
  const nextRing = oneParam(query.ring) === '2';
  const expanded = expansionsOf(all(query.more));

  /** This page's address with some of its parameters changed (undefined removes one). */
  const hrefWith = (changes: Record<string, string | string[] | undefined>): string => {
    const next = new URLSearchParams();
    const current: Record<string, string | string[] | undefined> = {
      type,
      since: since ? sinceDay : undefined,
      until: until ? untilDay : undefined,
      cursor,
      ring: nextRing ? '2' : undefined,
      more: expanded.map((x) => `${x.steps}:${x.relation}:${x.from}`),
      ...changes,
    };
    for (const [k, v] of Object.entries(current)) for (const value of all(v)) next.append(k, value);
    return entityHref(e.id, next);
  };
  const expandHref = (relation: GraphRelation, from: string): string => {
    const steps = (expanded.find((x) => x.relation === relation && x.from === from)?.steps ?? 0) + 1;
    const others = expanded.filter((x) => !(x.relation === relation && x.from === from)).map((x) => `${x.steps}:${x.relation}:${x.from}`);
    return `${hrefWith({ cursor: undefined, more: [...others, `${steps}:${relation}:${from}`] })}#links`;
  };

  const timelineFilter = { type, since, until, limit: EVENTS_PER_PAGE };
  const readTimeline = async () => {
    try {
      return { page: await listEntityEvents(db, person.actor, e.id, { ...timelineFilter, cursor }), ignored: null };
    } catch (err) {
      // A cursor from an old or edited link: say so and show the first page.
      if (!(err instanceof InvalidInputError) || cursor === undefined) throw err;
      return { page: await listEntityEvents(db, person.actor, e.id, timelineFilter), ignored: err.message };
    }
  };
  const [graph, { page: timeline, ignored }] = await Promise.all([entityGraph(db, person.actor, e.id, { nextRing, expanded }), readTimeline()]);
  const linkedIds = graph.nodes.filter((n) => n.type === 'entity' && n.entityId !== e.id).map((n) => n.entityId);
  const alerts = await openAlertsAround(db, person.actor, e.id, linkedIds);
  const byKey = new Map(graph.nodes.map((n) => [n.key, n]));

  const name = typeof e.attributes.name === 'string' ? e.attributes.name : null;
  const title = name ?? e.id;
  const nodeHref = (n: GraphNode) => (n.type === 'more' && n.more ? expandHref(n.more.relation, n.more.from) : entityHref(n.entityId));
  const drawnNodes: DrawnNode[] = graph.nodes.map((n) => ({
    key: n.key,
    type: n.type,
    label: n.label,
    detail: n.detail,
    openAlerts: n.openAlerts,
    root: n.key === e.id,
    href: nodeHref(n),
    x: n.x,
    y: n.y,
    width: n.width,
    height: n.height,
  }));
  const drawnEdges: DrawnEdge[] = graph.edges.map((x) => ({ key: x.key, source: x.source, target: x.target, label: x.label }));
  const nodeName = (key: string): ReactNode => {
    const n = byKey.get(key);
    if (!n) return key;
    if (n.type === 'more' && n.more) {
      return (
        <Link href={nodeHref(n)} prefetch={false} className={linkClass} data-testid="table-more">
          {n.label}
        </Link>
      );
    }
    if (n.key === e.id) return <span className="font-semibold">{n.label}</span>;
    return (
      <Link href={entityHref(n.entityId)} prefetch={false} className={linkClass} data-testid="table-entity">
        {n.label}
      </Link>
    );
  };
  const entityCount = graph.nodes.filter((n) => n.type === 'entity').length;
  const collapsed = graph.nodes.filter((n) => n.type === 'more');
  const timelineFiltered = type !== undefined || since !== undefined || until !== undefined;

  return (
    <article className="max-w-7xl">
      <PageHeader
        title={<span data-testid="entity-title">{title}</span>}
        description={name ? <code className="text-xs break-all">{e.id}</code> : undefined}
        actions={
          <ButtonLink href="/entities" size="sm">
            All entities
          </ButtonLink>
        }
      >
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {e.kind ? <Badge testId="entity-kind">{e.kind}</Badge> : <Badge tone="info" testId="entity-kind">placeholder</Badge>}
          <Badge tone={openAlerts > 0 ? 'warning' : 'neutral'} testId="entity-open-alerts">
            {openAlerts} open alert{openAlerts === 1 ? '' : 's'}
          </Badge>
        </div>
      </PageHeader>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
        <div className="min-w-0 space-y-6 xl:col-span-2">
          <Section
            title="Links"
            testId="entity-links"
            actions={
              nextRing ? (
                <ButtonLink href={`${hrefWith({ ring: undefined, cursor: undefined })}#links`} size="sm" testId="graph-one-ring">
                  Direct links only
                </ButtonLink>
              ) : (
                <ButtonLink href={`${hrefWith({ ring: '2', cursor: undefined })}#links`} size="sm" testId="graph-next-ring">
                  Show the next ring
                </ButtonLink>
              )
            }
          >
            <div id="links" className="space-y-4">
              <p className="text-sm text-slate-600">
                Who paid whom and who shares a device, drawn from the stored links: {entityCount - 1} linked entit{entityCount === 2 ? 'y' : 'ies'}
                {collapsed.length > 0 ? `, ${collapsed.length} group${collapsed.length === 1 ? '' : 's'} collapsed (open one from its node or the table)` : ''}. An amber
                border marks an entity with open alerts. Every box is a link to its page.
              </p>
              {graph.capped ? <Notice testId="graph-capped">The graph stops near {graph.nodes.length} boxes; the rest of each group is counted in its last box.</Notice> : null}
              {graph.edges.length === 0 ? (
                <EmptyState title="No links yet.">Links appear as events name this entity with another one or with a device.</EmptyState>
              ) : (
                <>
                  <LinkGraph
                    name={`Link graph of ${title}: ${entityCount - 1} linked entities; the same links are in the table below`}
                    nodes={drawnNodes}
                    edges={drawnEdges}
                    width={graph.width}
                    height={graph.height}
                  />
                  <Table caption={`Links of ${title}, as drawn in the graph`} testId="links-table">
                    <THead>
                      <tr>
                        <Th>From</Th>
                        <Th>Link</Th>
                        <Th>To</Th>
                        <Th>First seen</Th>
                        <Th>Last seen</Th>
                        <Th>Open alerts</Th>
                      </tr>
                    </THead>
                    <tbody>
                      {graph.edges.map((x) => {
                        const other = byKey.get(x.source === e.id ? x.target : x.source);
                        return (
                          <tr key={x.key} className={rowClass} data-testid="link-row">
                            <Td className="max-w-48 break-words">{nodeName(x.source)}</Td>
                            <Td className="whitespace-nowrap">{x.label}</Td>
                            <Td className="max-w-48 break-words">{nodeName(x.target)}</Td>
                            <Td>
                              <LocalTime iso={x.firstSeen?.toISOString()} />
                            </Td>
                            <Td>
                              <LocalTime iso={x.lastSeen?.toISOString()} />
                            </Td>
                            <Td>{other && other.openAlerts > 0 ? <Badge tone="warning">{other.openAlerts} open</Badge> : '—'}</Td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </Table>
                </>
              )}
            </div>
          </Section>

          <Section title="Timeline" testId="entity-timeline">
            <form method="get" action={entityHref(e.id)} className="mb-4 flex flex-wrap items-end gap-4" aria-label="Filter the timeline">
              {nextRing ? <input type="hidden" name="ring" value="2" /> : null}
              {expanded.map((x) => (
                <input key={`${x.relation}:${x.from}`} type="hidden" name="more" value={`${x.steps}:${x.relation}:${x.from}`} />
              ))}
              <div className="space-y-1">
                <label htmlFor="timeline-type" className="block text-sm font-medium text-slate-700">
                  Event type
                </label>
                <input id="timeline-type" name="type" defaultValue={type ?? ''} maxLength={100} className={`${inputClass} w-40`} />
              </div>
              <div className="space-y-1">
                <label htmlFor="timeline-since" className="block text-sm font-medium text-slate-700">
                  From (UTC day)
                </label>
                <input id="timeline-since" name="since" type="date" defaultValue={since ? sinceDay : ''} className={inputClass} />
              </div>
              <div className="space-y-1">
                <label htmlFor="timeline-until" className="block text-sm font-medium text-slate-700">
                  To (UTC day)
                </label>
                <input id="timeline-until" name="until" type="date" defaultValue={until ? untilDay : ''} className={inputClass} />
              </div>
              <button type="submit" className={buttonClass('secondary')} data-testid="apply-timeline-filters">
                Apply
              </button>
              {timelineFiltered ? (
                <Link href={hrefWith({ type: undefined, since: undefined, until: undefined, cursor: undefined })} prefetch={false} className={linkClass}>
                  Clear filters
                </Link>
              ) : null}
            </form>
            {ignored ? <Notice testId="list-problems">Ignored in the address: {ignored}. Showing the first page.</Notice> : null}
            {timeline.items.length === 0 ? (
              <EmptyState title={timelineFiltered ? 'No event matches these filters.' : 'No event names this entity yet.'} />
            ) : (
              <Table caption={`Events sent or received by ${title}, newest first`} testId="timeline-table">
                <THead>
                  <tr>
                    <Th>Occurred</Th>
                    <Th>Type</Th>
                    <Th className="text-right">Amount</Th>
                    <Th>From → to</Th>
                    <Th>Decision</Th>
                  </tr>
                </THead>
                <tbody>
                  {timeline.items.map(({ event: ev, decision }) => (
                    <tr key={ev.id} className={rowClass} data-testid="timeline-row">
                      <Td className="whitespace-nowrap">
                        <LocalTime iso={ev.occurredAt.toISOString()} />
                      </Td>
                      <Td>{ev.type}</Td>
                      <Td className="text-right whitespace-nowrap tabular-nums">{amountText(ev.amount, ev.currency)}</Td>
                      <Td className="max-w-sm font-mono text-xs break-all">
                        {[ev.sourceId, ev.destinationId].map((side, i) => (
                          <span key={i}>
                            {i === 1 ? ' → ' : null}
                            {side === null ? '—' : side === e.id ? side : (
                              <Link href={entityHref(side)} prefetch={false} className={linkClass}>
                                {side}
                              </Link>
                            )}
                          </span>
                        ))}
                      </Td>
                      <Td className="whitespace-nowrap">
                        {decision ? (
                          <>
                            <Badge tone={decisionTone(decision.decision)}>{decision.decision}</Badge> {decision.riskScore}
                            {decision.alertId ? (
                              <>
                                {' '}
                                <Link href={`/alerts/${decision.alertId}`} prefetch={false} className={linkClass}>
                                  alert
                                </Link>
                              </>
                            ) : null}
                          </>
                        ) : (
                          <Badge>unscored</Badge>
                        )}
                      </Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
            <NextPageLink href={timeline.nextCursor ? hrefWith({ cursor: timeline.nextCursor }) : null}>Older events</NextPageLink>
          </Section>
        </div>

        <div className="min-w-0 space-y-6">
          <Section title={`Open alerts (${alerts.length})`} testId="entity-alerts">
            {alerts.length === 0 ? (
              <p className="text-sm text-slate-600">Neither this entity nor any entity in its graph has an open alert.</p>
            ) : (
              <ul className="space-y-2 text-sm">
                {alerts.map((a) => {
                  const n = byKey.get(a.entityId);
                  return (
                    <li
                      key={a.id}
                      className={`rounded border p-2 ${a.linked ? 'border-amber-300 bg-amber-50' : 'border-slate-200'}`}
                      data-testid={a.linked ? 'linked-alert' : 'own-alert'}
                    >
                      <Link href={`/alerts/${a.id}`} prefetch={false} className={linkClass}>
                        ALR-{a.number}
                      </Link>{' '}
                      <Badge tone={statusTone(a.status)}>{words(a.status)}</Badge> <Badge tone={priorityTone(a.priority)}>{a.priority}</Badge>
                      <div className="mt-1 text-xs text-slate-700">
                        {a.linked ? (
                          <>
                            Linked:{' '}
                            <Link href={entityHref(a.entityId)} prefetch={false} className={linkClass}>
                              {n?.label ?? a.entityId}
                            </Link>
                          </>
                        ) : (
                          'This entity'
                        )}{' '}
                        · score {a.riskScore} · last event <LocalTime iso={a.lastEventAt.toISOString()} />
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </Section>

          <Section title="Facts" testId="entity-facts">
            <Facts
              rows={[
                ['Id', <code key="i" className="text-xs break-all" data-testid="entity-id">{e.id}</code>],
                ['Kind', e.kind ?? 'placeholder (created by an event)'],
                ['First seen', <LocalTime key="f" iso={e.createdAt.toISOString()} />],
                ['Last seen', <LocalTime key="l" iso={e.lastSeenAt?.toISOString()} />],
                ['Changed', <LocalTime key="u" iso={e.updatedAt.toISOString()} />],
              ]}
            />
          </Section>

          <Section title={e.registered ? 'Attributes' : 'Register this entity'} testId="entity-attributes">
            {e.registered ? null : (
              <p className="mb-3 text-sm text-slate-600">An event named this entity before it was registered. Choose its kind and add what you know.</p>
            )}
            <EntityForm
              entityId={e.id}
              kind={e.kind}
              kinds={ENTITY_KINDS}
              attributes={Object.entries(e.attributes)}
              registered={e.registered}
              action={saveEntityAction}
            />
          </Section>
        </div>
      </div>
    </article>
  );
}
