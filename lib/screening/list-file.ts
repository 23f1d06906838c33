import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { storableId } from '@/lib/entities/storable';
import type { EntryKind, ListCategory } from './matcher';

/** A screening list file as the interface's "Screening list file" table describes it, once checked. */
export interface ListFile {
  code: string;
  name: string;
  version: string;
  entries: ListFileEntry[];
}

export interface ListFileEntry {
  ref: string;
  kind: EntryKind;
  name: string;
  category: ListCategory;
  aliases?: string[];
  countries?: string[];
  program?: string;
  birth_year?: number;
}

/** A list file that cannot be loaded; the message names the first problem and where it is. */
export class ListFileError extends Error {}

/** List codes travel in resolution bodies and audit entries: short, no spaces. */
export const LIST_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

const STORABLE = 'cannot contain NUL characters or unpaired surrogates';

/** A non-empty string that PostgreSQL can store (no NUL, no lone surrogate). */
const text = (what = 'must be a non-empty string') =>
  z
    .string({ error: what })
    .refine((s) => s.trim() !== '', what)
    .refine(storableId, STORABLE);

const header = z.object({
  code: z
    .string({ error: 'must be a string' })
    .regex(LIST_CODE_PATTERN, "must be 1 to 64 letters, digits, '_', '-' or '.', starting with a letter or digit"),
  name: text(),
  version: text(),
  entries: z.array(z.unknown(), { error: 'must be an array of entries' }).min(1, 'must hold at least one entry'),
});

const entrySchema = z.object(
  {
    ref: text(),
    kind: z.enum(['person', 'business'], { error: 'must be person or business' }),
    name: text(),
    category: z.enum(['sanctions', 'pep', 'adverse_media'], { error: 'must be sanctions, pep or adverse_media' }),
    aliases: z.array(text(), { error: 'must be an array of strings' }).optional(),
    countries: z
      .array(z.string({ error: 'must be a two-letter uppercase code' }).regex(/^[A-Z]{2}$/, 'must be a two-letter uppercase code'), {
        error: 'must be an array of two-letter uppercase codes',
      })
      .optional(),
    program: z.string({ error: 'must be a string' }).refine(storableId, STORABLE).optional(),
    birth_year: z.number({ error: 'must be an integer' }).int('must be an integer').optional(),
  },
  { error: 'must be an object' },
);

/** `entries[12].aliases[0]` from a zod path. */
function location(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : `${out === '' ? '' : '.'}${String(part)}`;
  return out;
}

function firstProblem(error: z.ZodError, prefix: readonly PropertyKey[]): string {
  const issue = error.issues[0];
  const where = location([...prefix, ...(issue?.path ?? [])]);
  return `${where} ${issue?.message ?? 'is not valid'}`;
}

/**
 * Checks a parsed list file completely before anything is loaded and answers it typed, or throws a
 * ListFileError naming the first problem in file order with its location (`entries[12].kind must be
 * person or business (ref "X-12")`). Fields the interface does not name are ignored; empty optional
 * arrays are dropped.
 */
export function checkListFile(value: unknown): ListFile {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ListFileError('the file must hold one JSON object with code, name, version and entries');
  }
  const top = header.safeParse(value);
  if (!top.success) throw new ListFileError(firstProblem(top.error, []));
  const entries: ListFileEntry[] = [];
  const seen = new Map<string, number>();
  top.data.entries.forEach((raw, i) => {
    const parsed = entrySchema.safeParse(raw);
    const rawRef = raw !== null && typeof raw === 'object' ? (raw as { ref?: unknown }).ref : undefined;
    const which = typeof rawRef === 'string' && rawRef !== '' ? ` (ref ${JSON.stringify(rawRef)})` : '';
    if (!parsed.success) throw new ListFileError(`${firstProblem(parsed.error, ['entries', i])}${which}`);
    const e = parsed.data;
    const earlier = seen.get(e.ref);
    if (earlier !== undefined) {
      throw new ListFileError(`entries[${i}].ref ${JSON.stringify(e.ref)} is used twice (first at entries[${earlier}])`);
    }
    seen.set(e.ref, i);
    const entry: ListFileEntry = { ref: e.ref, kind: e.kind, name: e.name, category: e.category };
    if (e.aliases && e.aliases.length > 0) entry.aliases = e.aliases;
    if (e.countries && e.countries.length > 0) entry.countries = e.countries;
    if (e.program !== undefined && e.program !== '') entry.program = e.program;
    if (e.birth_year !== undefined) entry.birth_year = e.birth_year;
    entries.push(entry);
  });
  return { code: top.data.code, name: top.data.name, version: top.data.version, entries };
}

/** Reads and checks a list file from disk (the admin command). */
export async function readListFile(path: string): Promise<ListFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new ListFileError(`cannot read ${path}: ${err instanceof Error ? err.message : String(err)}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new ListFileError(`${path} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  return checkListFile(value);
}
