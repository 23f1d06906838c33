import { z } from 'zod';
import { parseEventInput } from '@/lib/events/event-input';
import { ingestEvent } from '@/lib/events/ingest-event';
import { listEvents } from '@/lib/events/list-events';
import { serializeEvent } from '@/lib/events/serialize';
import { serializeDecision } from '@/lib/decisions/serialize';
import { pageParams } from '@/lib/http/paging';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';

const instant = (name: string) =>
  z.iso.datetime({ offset: true, error: `${name} must be an RFC 3339 date-time` }).transform((v) => new Date(v)).optional();

export const POST = route({
  auth: 'key',
  query: z.object({ mode: z.enum(['sync', 'async'], { error: 'mode must be sync or async' }).default('async') }),
  body: z.unknown(),
  handler: async ({ actor, query, body }) => {
    const result = await ingestEvent(actor, parseEventInput(body), query.mode);
    if (result.mode === 'sync') return json(200, serializeDecision(result.decision));
    return json(202, { id: result.eventId, received_at: result.receivedAt.toISOString() });
  },
});

export const GET = route({
  auth: 'key',
  query: z.object({
    ...pageParams,
    type: z.string().optional(),
    entity: z.string().optional(),
    decision: z.enum(['allow', 'review', 'block', 'unscored'], { error: 'decision must be allow, review, block or unscored' }).optional(),
    since: instant('since'),
    until: instant('until'),
  }),
  handler: async ({ db, actor, query }) => {
    const page = await listEvents(db, actor, query);
    return json(200, {
      events: page.items.map((r) => serializeEvent(r.event, r.decision)),
      ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}),
    });
  },
});
