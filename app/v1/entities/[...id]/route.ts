import { decodeEntityId, parseEntityPath } from '@/lib/entities/entity-path';
import { getEntity } from '@/lib/entities/get-entity';
import { listEntityEvents } from '@/lib/entities/list-entity-events';
import { listEntityLinks } from '@/lib/entities/list-links';
import { entityEventsQuery } from '@/lib/entities/schemas';
import { serializeLink, serializeListedEntity } from '@/lib/entities/serialize';
import { serializeEvent } from '@/lib/events/serialize';
import { NotFoundError } from '@/lib/errors';
import { json } from '@/lib/http/respond';
import * as schemas from '@/lib/openapi/schemas';
import { documentOperations, route } from '@/lib/http/route';

// Entity ids are free strings and may hold `/` (sent as %2F), so one catch-all route serves
// /v1/entities/{id}, /v1/entities/{id}/events and /v1/entities/{id}/links, reading the id from the
// still-encoded request path (lib/entities/entity-path.ts) rather than from Next's decoded segments.

const entity = route({
  auth: 'key',
  path: '/v1/entities/{id}',
  summary: 'One entity',
  description: 'Placeholders created by events are returned too.',
  responses: { 200: schemas.ListedEntity },
  errors: { 404: ['entity not found'] },
  handler: async ({ db, actor, request }) => {
    const { entity: row, openAlerts } = await getEntity(db, actor, decodeEntityId(rawId(request)));
    return json(200, serializeListedEntity(row, openAlerts));
  },
});

const timeline = route({
  auth: 'key',
  path: '/v1/entities/{id}/events',
  summary: "An entity's events, in and out, newest first",
  description: 'Same response and paging as GET /v1/events; an id with no events gives an empty list.',
  responses: { 200: schemas.EventPage },
  query: entityEventsQuery,
  handler: async ({ db, actor, request, query }) => {
    const page = await listEntityEvents(db, actor, decodeEntityId(rawId(request)), query);
    return json(200, {
      events: page.items.map((r) => serializeEvent(r.event, r.decision)),
      ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}),
    });
  },
});

const links = route({
  auth: 'key',
  path: '/v1/entities/{id}/links',
  summary: "An entity's links, most recently seen first",
  description: 'Derived from events; up to 50; an empty list when none.',
  responses: { 200: schemas.EntityLinks },
  handler: async ({ db, actor, request }) => {
    const found = await listEntityLinks(db, actor, decodeEntityId(rawId(request)));
    return json(200, { links: found.map(serializeLink) });
  },
});

const unknown = route({
  auth: 'none',
  hidden: true,
  handler: async () => {
    throw new NotFoundError('no such endpoint');
  },
});

function rawId(request: Request): string {
  const path = parseEntityPath(request.url);
  if (path.resource === 'unknown') throw new NotFoundError('no such endpoint');
  return path.raw;
}

type NextContext = Parameters<typeof entity>[1];

export async function GET(request: Request, context?: NextContext): Promise<Response> {
  const handlers = { entity, events: timeline, links, unknown } as const;
  return handlers[parseEntityPath(request.url).resource](request, context);
}
// The three paths this one file serves, each in the OpenAPI document.
documentOperations(GET, [entity, timeline, links]);
