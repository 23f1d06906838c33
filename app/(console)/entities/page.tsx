import Link from 'next/link';
import { entityHref } from '@/components/entities/href';
import { NextPageLink } from '@/components/ui/pager';
import { Badge, buttonClass, EmptyState, LocalTime, Notice, PageHeader, rowClass, Table, Td, Th, THead } from '@/components/ui';
import { getDb } from '@/db/client';
import { requirePerson } from '@/lib/auth/current-person';
import { listEntities } from '@/lib/entities/list-entities';
import { ENTITY_KINDS } from '@/lib/entities/register-entity';
import { InvalidInputError } from '@/lib/errors';
import { linkClass } from '@/components/ui/link-class';
import { oneParam } from '@/lib/console/search-param';

export const dynamic = 'force-dynamic';

const PAGE_SIZE = 50;
/** Attributes shown in the list besides the name, when the entity has them. */
const LISTED_ATTRIBUTES = 3;

const inputClass =
  'block rounded border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-sky-600 focus:outline-none focus:ring-1 focus:ring-sky-600';

const shown = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

export default async function EntitiesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const person = await requirePerson();
  const params = await searchParams;
  // Filters live in the URL; an unknown kind is no filter rather than an error page.
  const kind = ENTITY_KINDS.find((k) => k === oneParam(params.kind)) as (typeof ENTITY_KINDS)[number] | undefined;
  const q = oneParam(params.q)?.trim().slice(0, 200) || undefined;
  const cursor = oneParam(params.cursor);
  let ignored: string | null = null;
  let page;
  try {
    page = await listEntities(getDb(), person.actor, { kind, q, limit: PAGE_SIZE, cursor });
  } catch (err) {
    // A cursor from an old or edited link: say so and show the first page.
    if (!(err instanceof InvalidInputError) || cursor === undefined) throw err;
    ignored = err.message;
    page = await listEntities(getDb(), person.actor, { kind, q, limit: PAGE_SIZE });
  }
  const filtered = kind !== undefined || q !== undefined;
  const next = new URLSearchParams({ ...(q ? { q } : {}), ...(kind ? { kind } : {}), ...(page.nextCursor ? { cursor: page.nextCursor } : {}) });
  return (
    <div className="max-w-6xl">
      <PageHeader
        title="Entities"
        description="Customers, accounts, wallets, devices, agents and counterparties, most recently changed first. Search by part of an id or a name; each entity's page shows its links, timeline and open alerts."
      />
      <form method="get" action="/entities" className="mb-4 flex flex-wrap items-end gap-4" role="search" aria-label="Search entities">
        <div className="space-y-1">
          <label htmlFor="filter-q" className="block text-sm font-medium text-slate-700">
            Id or name contains
          </label>
          <input id="filter-q" name="q" type="search" defaultValue={q ?? ''} maxLength={200} className={`${inputClass} w-72`} data-testid="entity-search" />
        </div>
        <div className="space-y-1">
          <label htmlFor="filter-kind" className="block text-sm font-medium text-slate-700">
            Kind
          </label>
          <select id="filter-kind" name="kind" defaultValue={kind ?? ''} className={inputClass}>
            <option value="">Any kind (placeholders too)</option>
            {ENTITY_KINDS.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass('secondary')} data-testid="apply-filters">
          Search
        </button>
        {filtered ? (
          <Link href="/entities" prefetch={false} className={linkClass}>
            Clear
          </Link>
        ) : null}
      </form>
      {ignored ? <Notice testId="list-problems">Ignored in the address: {ignored}. Showing the first page.</Notice> : null}
      {page.items.length === 0 ? (
        <EmptyState title={filtered ? 'No entity matches this search.' : 'No entity yet.'}>
          {filtered ? 'Search for another part of the id or name, or clear the search.' : 'Entities appear as events name them or as they are registered.'}
        </EmptyState>
      ) : (
        <Table caption="Entities, most recently changed first" testId="entities-table">
          <THead>
            <tr>
              <Th>Entity</Th>
              <Th>Kind</Th>
              <Th>Attributes</Th>
              <Th>Last seen</Th>
              <Th className="text-right">Open alerts</Th>
            </tr>
          </THead>
          <tbody>
            {page.items.map(({ entity: e, openAlerts }) => {
              const name = typeof e.attributes.name === 'string' ? e.attributes.name : null;
              const others = Object.entries(e.attributes)
                .filter(([k]) => k !== 'name')
                .slice(0, LISTED_ATTRIBUTES);
              return (
                <tr key={e.id} className={rowClass} data-testid="entity-row">
                  <Td className="max-w-xs break-words">
                    <Link href={entityHref(e.id)} prefetch={false} className={linkClass}>
                      {name ?? e.id}
                    </Link>
                    {name ? <div className="font-mono text-xs break-all text-slate-600">{e.id}</div> : null}
                  </Td>
                  <Td>{e.kind ? <Badge>{e.kind}</Badge> : <Badge tone="info">placeholder</Badge>}</Td>
                  <Td className="max-w-sm text-xs break-words text-slate-700">
                    {others.length === 0 ? '—' : others.map(([k, v]) => `${k}: ${shown(v)}`).join(' · ')}
                  </Td>
                  <Td className="whitespace-nowrap">
                    <LocalTime iso={e.lastSeenAt?.toISOString()} />
                  </Td>
                  <Td className="text-right tabular-nums">{openAlerts > 0 ? <Badge tone="warning">{openAlerts} open</Badge> : '0'}</Td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      <NextPageLink href={page.nextCursor ? `/entities?${next.toString()}` : null}>More entities</NextPageLink>
    </div>
  );
}
