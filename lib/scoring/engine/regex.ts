/**
 * `matches()` of rule expressions on a linear-time RE2 engine. CEL defines RE2 syntax for `matches`;
 * `re2js` is a pure-JavaScript port whose matching time grows linearly with the text, so no pattern can
 * stall the process the way a backtracking RegExp can (`^(a+)+$` on 40 characters).
 */
import { RE2JS } from 're2js';

/** The name compile gives `matches` calls in the programs it runs (registered in compile.ts). */
export const MATCHES_FUNCTION = 're2_matches';

/** A pattern RE2 refuses; the message is RE2's own words. */
export class RegexSyntaxError extends Error {
  constructor(pattern: string, reason: string) {
    super(`invalid regular expression ${JSON.stringify(pattern)}: ${reason}`);
    this.name = 'RegexSyntaxError';
  }
}

// Compiled patterns by text. Literal patterns are compiled once per process; a pattern computed at run
// time is compiled once too, and the cache is bounded so such patterns cannot grow it without limit.
const CACHE_LIMIT = 1_000;
const compiled = new Map<string, RE2JS>();

export function compilePattern(pattern: string): RE2JS {
  const cached = compiled.get(pattern);
  if (cached) return cached;
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern);
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : String(error);
    throw new RegexSyntaxError(pattern, reason);
  }
  if (compiled.size >= CACHE_LIMIT) compiled.delete(compiled.keys().next().value as string);
  compiled.set(pattern, re);
  return re;
}

/** CEL's `text.matches(pattern)`: true when the pattern matches any part of the text (RE2 `find`). */
export function patternMatches(text: string, pattern: string): boolean {
  return compilePattern(pattern).matcher(text).find();
}
