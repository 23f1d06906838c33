import { z } from 'zod';
import {
  createRuleDraft,
  DETAIL_MESSAGE,
  EXPR_MESSAGE,
  KEY_MESSAGE,
  KEY_PATTERN,
  SUBJECT_MESSAGE,
  WEIGHT_MESSAGE,
} from '@/lib/rules/create-rule-draft';
import { listRules } from '@/lib/rules/list-rules';
import { serializeRule } from '@/lib/rules/serialize';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';

export const GET = route({
  auth: 'key',
  query: z.object({
    status: z.enum(['draft', 'active', 'retired'], { error: 'status must be draft, active or retired' }).optional(),
    key: z.string().optional(),
  }),
  handler: async ({ db, actor, query }) => json(200, { rules: (await listRules(db, actor, query)).map(serializeRule) }),
});

export const POST = route({
  auth: 'key',
  body: z.object({
    key: z.string({ error: KEY_MESSAGE }).regex(KEY_PATTERN, KEY_MESSAGE),
    expr: z.string({ error: EXPR_MESSAGE }).refine((v) => v.trim() !== '', EXPR_MESSAGE),
    weight: z.number({ error: WEIGHT_MESSAGE }).int(WEIGHT_MESSAGE).min(1, WEIGHT_MESSAGE).max(100, WEIGHT_MESSAGE),
    detail: z.string({ error: DETAIL_MESSAGE }).refine((v) => v.trim() !== '', DETAIL_MESSAGE),
    subject: z.enum(['source', 'destination'], { error: SUBJECT_MESSAGE }).default('source'),
  }),
  handler: async ({ db, actor, body }) => json(201, serializeRule(await createRuleDraft(db, actor, body))),
});
