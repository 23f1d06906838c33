import { z } from 'zod';
import {
  createRuleDraft,
  DETAIL_LENGTH_MESSAGE,
  DETAIL_MESSAGE,
  EXPR_LENGTH_MESSAGE,
  EXPR_MESSAGE,
  MAX_DETAIL_LENGTH,
  KEY_MESSAGE,
  KEY_PATTERN,
  SUBJECT_MESSAGE,
  WEIGHT_MESSAGE,
} from '@/lib/rules/create-rule-draft';
import { listRules } from '@/lib/rules/list-rules';
import { MAX_EXPRESSION_LENGTH } from '@/lib/scoring/engine';
import { serializeRule } from '@/lib/rules/serialize';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

export const GET = route({
  auth: 'key',
  summary: 'List rule versions',
  description: 'Every version of every rule, sorted by key, newest version first.',
  responses: { 200: schemas.RuleVersions },
  query: z.object({
    status: z.enum(['draft', 'active', 'retired'], { error: 'status must be draft, active or retired' }).optional(),
    key: z.string().optional(),
  }),
  handler: async ({ db, actor, query }) => json(200, { rules: (await listRules(db, actor, query)).map(serializeRule) }),
});

export const POST = route({
  auth: 'key',
  summary: 'Draft the next version of a rule',
  description: 'Version 1 when the key is new. The expression is compiled at once; a compile error answers 400 with the compiler’s message.',
  responses: { 201: schemas.RuleVersion },
  errors: {
    400: [
      'key must be lowercase letters, digits and underscores, starting with a letter',
      'weight must be between 1 and 100',
      'detail is required',
      EXPR_LENGTH_MESSAGE,
      DETAIL_LENGTH_MESSAGE,
      'rule big_cash: expression must return bool',
    ],
  },
  requestExample: {
    key: 'big_cash_out',
    expr: "type == 'cash_out' && amount >= 9000.0",
    weight: 40,
    detail: 'Cash out of 9,000 or more',
    subject: 'source',
  },
  body: z.object({
    key: z.string({ error: KEY_MESSAGE }).regex(KEY_PATTERN, KEY_MESSAGE),
    expr: z
      .string({ error: EXPR_MESSAGE })
      .refine((v) => v.trim() !== '', EXPR_MESSAGE)
      .refine((v) => v.length <= MAX_EXPRESSION_LENGTH, EXPR_LENGTH_MESSAGE),
    weight: z.number({ error: WEIGHT_MESSAGE }).int(WEIGHT_MESSAGE).min(1, WEIGHT_MESSAGE).max(100, WEIGHT_MESSAGE),
    detail: z
      .string({ error: DETAIL_MESSAGE })
      .refine((v) => v.trim() !== '', DETAIL_MESSAGE)
      .refine((v) => v.length <= MAX_DETAIL_LENGTH, DETAIL_LENGTH_MESSAGE),
    subject: z.enum(['source', 'destination'], { error: SUBJECT_MESSAGE }).default('source'),
  }),
  handler: async ({ db, actor, body }) => json(201, serializeRule(await createRuleDraft(db, actor, body))),
});
