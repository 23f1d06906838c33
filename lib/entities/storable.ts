const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * PostgreSQL text and jsonb hold neither U+0000 nor unpaired surrogates, so an id containing one names
 * no stored entity, and such a value cannot be stored.
 */
export const storableId = (id: string): boolean => !UNSTORABLE.test(id);

/** True when every string (keys included) in the JSON value can be stored in jsonb. */
export function storableJson(value: unknown): boolean {
  if (typeof value === 'string') return storableId(value);
  if (Array.isArray(value)) return value.every(storableJson);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).every(([k, v]) => storableId(k) && storableJson(v));
  }
  return true;
}
