import { backtestRule } from '@/lib/rules/backtest-rule';
import { backtestBody } from '@/lib/rules/schemas';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

export const POST = route({
  auth: 'key',
  summary: 'Backtest a rule version against stored events',
  description:
    'Replays stored events of the window (oldest first, up to `max_events`) through the version, each with the counters it saw live; changes no decisions or alerts. No body means the last 7 days. When the version is not active and another version of its key is, the result compares with it.',
  responses: { 200: schemas.BacktestResult },
  errors: {
    400: ['since must be before until', 'window is capped at 31 days', 'max_events must be between 1 and 100000'],
    404: ['rule not found'],
  },
  requestExample: { since: '2026-02-22T00:00:00Z', until: '2026-03-01T00:00:00Z', max_events: 50000 },
  uuidParams: ['id'],
  body: backtestBody,
  handler: async ({ db, actor, params, body }) =>
    json(200, await backtestRule(db, actor, params.id as string, body)),
});
