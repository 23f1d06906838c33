import { z } from 'zod';
import { parseEventInput } from '@/lib/events/event-input';
import { AMOUNT_MESSAGE, eventInput, eventListQuery, ingestModeQuery, OCCURRED_AT_RANGE_MESSAGE, REQUIRED_MESSAGE } from '@/lib/events/schemas';
import { ingestEvent } from '@/lib/events/ingest-event';
import { listEvents } from '@/lib/events/list-events';
import { serializeEvent } from '@/lib/events/serialize';
import { serializeDecision } from '@/lib/decisions/serialize';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

export const POST = route({
  auth: 'key',
  summary: 'Send an event: scored at once (sync) or only stored (async)',
  description:
    'sync: 200 with the Decision; a review or block decision puts the event on an alert. async (default): 202 with the stored event’s id; nothing scores it later, but it counts toward the 24-hour counters of later events. Replaying an `idempotency_key` returns the original answer with its original status, never a second event.',
  requestSchema: eventInput,
  requestExample: {
    type: 'transfer',
    idempotency_key: 'pay-2026-03-01-000123',
    occurred_at: '2026-03-01T09:30:00Z',
    amount: { value: 4800, currency: 'EUR' },
    rail: 'instant_payment',
    source: { entity_id: 'cust-1042', account_id: 'acc-77' },
    destination: { entity_id: 'cust-2210' },
    device: { id: 'dev-9f2' },
  },
  responses: {
    200: { schema: schemas.Decision, description: 'sync: the decision' },
    202: { schema: schemas.EventAccepted, description: 'async: stored, not scored' },
  },
  errors: {
    400: [
      REQUIRED_MESSAGE,
      AMOUNT_MESSAGE,
      OCCURRED_AT_RANGE_MESSAGE,
      'mode must be sync or async',
    ],
  },
  query: ingestModeQuery,
  // Read as sent: parseEventInput parses it with the schema above and keeps the payload exactly as sent.
  body: z.unknown(),
  handler: async ({ db, actor, query, body, bodyText }) => {
    const result = await ingestEvent(db, actor, { event: parseEventInput(body, bodyText), mode: query.mode });
    if (result.mode === 'sync') return json(200, serializeDecision(result.decision));
    return json(202, { id: result.eventId, received_at: result.receivedAt.toISOString() });
  },
});

export const GET = route({
  auth: 'key',
  summary: 'List events',
  description: 'Paged, newest first by `occurred_at`. `decision=unscored` gives the events stored in async mode; `since` and `until` bound `occurred_at` (after `since`, up to `until`).',
  responses: { 200: schemas.EventPage },
  query: eventListQuery,
  handler: async ({ db, actor, query }) => {
    const page = await listEvents(db, actor, query);
    return json(200, {
      events: page.items.map((r) => serializeEvent(r.event, r.decision)),
      ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}),
    });
  },
});
