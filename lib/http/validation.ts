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

/** Parses with the schema, throwing a 400 with the first problem's message. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { error: fieldMessage });
  if (result.success) return result.data;
  throw new InvalidInputError(result.error.issues[0]?.message ?? 'invalid request');
}
