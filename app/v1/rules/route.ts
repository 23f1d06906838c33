import { createRuleDraft, DETAIL_LENGTH_MESSAGE, EXPR_LENGTH_MESSAGE } from '@/lib/rules/create-rule-draft';
import { listRules } from '@/lib/rules/list-rules';
import { ruleDraftInput, ruleListQuery } from '@/lib/rules/schemas';
import { serializeRule } from '@/lib/rules/serialize';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

export const GET = route({
  auth: 'key',
  summary: 'List rule versions',
  description: 'Every version of every rule, sorted by key, newest version first.',
  responses: { 200: schemas.RuleVersions },
  query: ruleListQuery,
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
  body: ruleDraftInput,
  handler: async ({ db, actor, body }) => json(201, serializeRule(await createRuleDraft(db, actor, body))),
});
