import { z } from 'zod';
import {
  ALERT_QUEUES,
  ALERT_STATUSES,
  DECISION_FILTER_MESSAGE,
  listAlerts,
  NUMBER_FILTER_MESSAGE,
  parseAlertNumber,
  QUEUE_MESSAGE,
  STATUS_FILTER_MESSAGE,
} from '@/lib/alerts/list-alerts';
import { serializeAlertView } from '@/lib/alerts/serialize';
import { pageParams } from '@/lib/paging';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

/** An empty query value reads as not sent. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const GET = route({
  auth: 'key',
  summary: 'List alerts',
  description:
    'Paged. With `queue=open` (open and in_review) soonest `due_at` first; otherwise most recently changed first. `status` is ignored when `queue` is set. `decision` filters on review or block (screening alerts count as review); `number` takes `ALR-12` or `12`.',
  responses: { 200: schemas.AlertPage },
  query: z.object({
    ...pageParams,
    queue: optional(z.enum(ALERT_QUEUES, { error: QUEUE_MESSAGE })),
    status: optional(z.enum(ALERT_STATUSES, { error: STATUS_FILTER_MESSAGE })),
    assigned_to: optional(z.string()),
    decision: optional(z.enum(['review', 'block'], { error: DECISION_FILTER_MESSAGE })),
    number: optional(
      z.string().transform((v, ctx) => {
        const n = parseAlertNumber(v);
        if (n === null) {
          ctx.addIssue({ code: 'custom', message: NUMBER_FILTER_MESSAGE });
          return z.NEVER;
        }
        return n;
      }),
    ),
  }),
  handler: async ({ db, actor, query }) => {
    const page = await listAlerts(db, actor, {
      queue: query.queue,
      status: query.status,
      assignedTo: query.assigned_to,
      decision: query.decision,
      number: query.number,
      limit: query.limit,
      cursor: query.cursor,
    });
    return json(200, { alerts: page.items.map(serializeAlertView), ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}) });
  },
});
