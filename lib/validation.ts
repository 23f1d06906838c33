import { z } from 'zod';
import { InvalidInputError } from '@/lib/errors';

const english = z.locales.en().localeError;

/**
 * Used for issues whose schema gives no message of its own: zod's English text prefixed by the field,
 * so `occurred_at: Invalid ISO datetime` tells the caller which field is wrong. Messages written in a
 * schema (the interface's exact texts) take precedence over this.
 */
function fieldMessage(issue: Parameters<typeof english>[0]): string {
  const found = english(issue);
  const text = typeof found === 'string' ? found : (found?.message ?? 'invalid value');
  const where = issue.path?.length ? issue.path.map(String).join('.') : '';
  return where ? `${where}: ${text}` : text;
}

/**
 * Parses a verb's input with its schema (lib/<domain>/schemas.ts), the one place that decides what
 * the verb accepts. A refusal is an InvalidInputError with the first problem's message and the input
 * field it is about, so /v1 answers 400 with the message and a console form shows it beside the field.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { error: fieldMessage });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path[0];
  throw new InvalidInputError(issue?.message ?? 'invalid request', typeof field === 'string' ? field : undefined);
}

const EARLIEST = Date.UTC(1970, 0, 1);
const AFTER_LATEST = Date.UTC(10_000, 0, 1);

/**
 * An optional date-time query or body field (`since`, `until`): RFC 3339, and between 1970 and the end of
 * 9999, the range every stored date of the service lies in; outside it, a 400 naming the field.
 */
export const instant = (name: string) =>
  z.iso
    .datetime({ offset: true, error: `${name} must be an RFC 3339 date-time` })
    .transform((v, ctx) => {
      const date = new Date(v);
      const time = date.getTime();
      if (time >= EARLIEST && time < AFTER_LATEST) return date;
      ctx.addIssue({ code: 'custom', message: `${name} must be a date-time from 1970 to 9999` });
      return z.NEVER;
    })
    .optional();

/** An optional query value: an empty one (`?status=`) reads as not sent. */
export const optionalQueryValue = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
