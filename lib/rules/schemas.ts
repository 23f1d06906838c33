import { z } from 'zod';
import { MAX_EXPRESSION_LENGTH } from '@/lib/scoring/engine';
import { instant } from '@/lib/validation';

/** Lowercase letters, digits and underscores, starting with a letter, 2 to 64 characters. */
export const KEY_PATTERN = /^[a-z][a-z0-9_]{1,63}$/;
export const KEY_MESSAGE = 'key must be lowercase letters, digits and underscores, starting with a letter';

export const EXPR_MESSAGE = 'expr is required';
export const EXPR_LENGTH_MESSAGE = `expression must be at most ${MAX_EXPRESSION_LENGTH} characters`;
export const WEIGHT_MESSAGE = 'weight must be between 1 and 100';
export const SUBJECT_MESSAGE = 'subject must be source or destination';

// The detail is copied into every decision the rule fires on, so it is kept short.
export const MAX_DETAIL_LENGTH = 500;
export const DETAIL_MESSAGE = 'detail is required';
export const DETAIL_LENGTH_MESSAGE = `detail must be at most ${MAX_DETAIL_LENGTH} characters`;

/** createRuleDraft; POST /v1/rules body. Checked in field order, with the interface's messages. */
export const ruleDraftInput = z.object({
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
});

/** GET /v1/rules query, as listRules' filters. */
export const ruleListQuery = z.object({
  status: z.enum(['draft', 'active', 'retired'], { error: 'status must be draft, active or retired' }).optional(),
  key: z.string().optional(),
});

export const MAX_EVENTS = 100_000;
export const MAX_EVENTS_MESSAGE = `max_events must be between 1 and ${MAX_EVENTS}`;

/** POST /v1/rules/{id}/backtest body, as backtestRule's input. No body at all reads as {}: the last 7 days, 50,000 events. */
export const backtestBody = z
  .object(
    {
      since: instant('since'),
      until: instant('until'),
      max_events: z.number({ error: MAX_EVENTS_MESSAGE }).int(MAX_EVENTS_MESSAGE).min(1, MAX_EVENTS_MESSAGE).max(MAX_EVENTS, MAX_EVENTS_MESSAGE).optional(),
    },
    { error: 'the body must be a JSON object' },
  )
  .transform((b) => ({ since: b.since, until: b.until, maxEvents: b.max_events }));
