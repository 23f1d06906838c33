/** JSON bodies nest at most this deep (objects and arrays); the interface's events need four. */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = 'request body is nested too deeply';
export const nulMessage = (field: string): string => `${field} must not contain NUL characters`;

/**
 * True when `text`, read as JSON, opens more than `max` objects or arrays inside each other. Scanned
 * before `JSON.parse`, whose recursion a deep enough body (a megabyte of `[`) would exhaust.
 */
export function nestedDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) {
      depth--;
    }
  }
  return false;
}

const child = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

/**
 * The path (`source.entity_id`, `tags[2]`) of the first string or object key in `value` holding a NUL
 * character, which PostgreSQL's text cannot store; null when there is none.
 */
export function fieldWithNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'request body' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = fieldWithNul(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key.includes('\u0000')) return child(path, key.replaceAll('\u0000', '\\u0000'));
      const found = fieldWithNul(v, child(path, key));
      if (found) return found;
    }
  }
  return null;
}

/** The name of the first text field of a form (or query) holding a NUL character; null when none does. */
export function formFieldWithNul(entries: Iterable<[string, unknown]>): string | null {
  for (const [name, value] of entries) {
    if (name.includes('\u0000')) return name.replaceAll('\u0000', '\\u0000');
    if (typeof value === 'string' && value.includes('\u0000')) return name;
  }
  return null;
}
