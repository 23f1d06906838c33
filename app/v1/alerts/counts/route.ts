import { z } from 'zod';
import { countAlerts } from '@/lib/alerts/count-alerts';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

export const GET = route({
  auth: 'key',
  summary: 'Alert queue figures',
  description: '`assigned_to` fills `mine`.',
  responses: { 200: schemas.AlertCounts },
  query: z.object({
    assigned_to: z
      .string()
      .refine((v) => !v.includes('\u0000'), 'assigned_to cannot contain NUL characters')
      .optional(),
  }),
  handler: async ({ db, actor, query }) => json(200, await countAlerts(db, actor, { assignedTo: query.assigned_to })),
});
