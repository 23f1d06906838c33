/** One line of an audit entry's changes as a person reads it: the field, and its value before (when known) and after. */
export interface ChangeLine {
  field: string;
  before?: string;
  after: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const hasFromTo = (v: unknown): v is { from: unknown; to: unknown } => isRecord(v) && 'from' in v && 'to' in v;

/** A value as text: strings as they are, nothing as an em dash, anything else as compact JSON. */
export function changeValue(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'string') return v === '' ? '""' : v;
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/**
 * The changes the service records take three shapes: `{from, to}` for the entry's own state, `{field: {from, to}}`
 * per changed field, and `{field: value}` for what an entry set or names. All read as before → after lines; a
 * `{from, to}` at the top is the target's status.
 */
export function describeChanges(changes: unknown): ChangeLine[] {
  if (!isRecord(changes)) return changes === null || changes === undefined ? [] : [{ field: 'value', after: changeValue(changes) }];
  const lines: ChangeLine[] = [];
  const rest = { ...changes };
  if (hasFromTo(changes)) {
    lines.push({ field: 'status', before: changeValue(changes.from), after: changeValue(changes.to) });
    delete rest.from;
    delete rest.to;
  }
  for (const [field, value] of Object.entries(rest)) {
    if (hasFromTo(value) && Object.keys(value).length === 2) lines.push({ field, before: changeValue(value.from), after: changeValue(value.to) });
    else lines.push({ field, after: changeValue(value) });
  }
  return lines;
}
