import { z } from 'zod';
import { backtestRule, MAX_EVENTS, MAX_EVENTS_MESSAGE } from '@/lib/rules/backtest-rule';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';

const instant = (name: string) =>
  z.iso.datetime({ offset: true, error: `${name} must be an RFC 3339 date-time` }).transform((v) => new Date(v)).optional();

export const POST = route({
  auth: 'key',
  uuidParams: ['id'],
  // No body at all reads as {}: the last 7 days, 50,000 events.
  body: z.object(
    {
      since: instant('since'),
      until: instant('until'),
      max_events: z.number({ error: MAX_EVENTS_MESSAGE }).int(MAX_EVENTS_MESSAGE).min(1, MAX_EVENTS_MESSAGE).max(MAX_EVENTS, MAX_EVENTS_MESSAGE).optional(),
    },
    { error: 'the body must be a JSON object' },
  ),
  handler: async ({ db, actor, params, body }) =>
    json(200, await backtestRule(db, actor, params.id as string, { since: body.since, until: body.until, maxEvents: body.max_events })),
});
