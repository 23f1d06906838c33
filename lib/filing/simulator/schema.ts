import { readFile } from 'node:fs/promises';
import { validateXML } from 'xmllint-wasm';

/** One problem xmllint found in a document; `line` is null when xmllint gave no position. */
export interface SchemaError {
  line: number | null;
  message: string;
}

export interface SchemaCheck {
  valid: boolean;
  errors: SchemaError[];
}

/** A goAML XSD read once and proven to compile; `validate` runs libxml2 (WebAssembly) on a document. */
export interface FilingSchema {
  path: string;
  validate(xml: Uint8Array | string): Promise<SchemaCheck>;
}

/** The schema file is missing, unreadable or not an XSD that libxml2 can compile. */
export class FilingSchemaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FilingSchemaError';
  }
}

const DOCUMENT_NAME = 'report.xml';
const SCHEMA_NAME = 'filing-schema.xsd';
// Each validation runs in a worker thread of its own; two at a time keeps a burst of filings from taking every core.
const CONCURRENCY = 2;
// Room for a 20 MB document and the schema's compiled form (the library's default is 32 MiB).
const MAX_MEMORY_PAGES = 16 * 256; // 256 MiB

/** Turns xmllint's stderr into one error per `report.xml:LINE: message` line (context and summary lines dropped). */
export function parseXmllintOutput(output: string): SchemaError[] {
  const errors: SchemaError[] = [];
  const prefix = new RegExp(`^${DOCUMENT_NAME.replace('.', '\\.')}:(\\d+): (.*)$`);
  for (const raw of output.split('\n')) {
    const m = prefix.exec(raw);
    if (m) errors.push({ line: Number(m[1]), message: (m[2] as string).trim() });
  }
  if (errors.length === 0) {
    const text = output
      .split('\n')
      .filter((l) => l.trim() && !l.includes('fails to validate'))
      .join(' ')
      .trim();
    errors.push({ line: null, message: text || 'the document does not validate against the schema' });
  }
  return errors;
}

/**
 * Reads the XSD once and checks that it compiles (by validating an empty `<report/>`, which the schema refuses
 * but can only refuse once compiled). Throws FilingSchemaError with the path for a missing, unreadable or broken schema.
 */
export async function loadFilingSchema(schemaPath: string): Promise<FilingSchema> {
  let text: string;
  try {
    text = await readFile(schemaPath, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'it is a directory' : String((e as Error).message);
    throw new FilingSchemaError(`cannot read the filing schema ${schemaPath}: ${why}`);
  }
  if (!text.includes('http://www.w3.org/2001/XMLSchema')) {
    throw new FilingSchemaError(`the filing schema ${schemaPath} is not an XML Schema (XSD) document`);
  }

  let running = 0;
  const waiting: (() => void)[] = [];
  const run = async <T>(job: () => Promise<T>): Promise<T> => {
    if (running >= CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await job();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };

  const validate = (xml: Uint8Array | string): Promise<SchemaCheck> =>
    run(async () => {
      const result = await validateXML({
        xml: [{ fileName: DOCUMENT_NAME, contents: xml }],
        schema: [{ fileName: SCHEMA_NAME, contents: text }],
        maxMemoryPages: MAX_MEMORY_PAGES,
      });
      return result.valid ? { valid: true, errors: [] } : { valid: false, errors: parseXmllintOutput(result.rawOutput) };
    });

  try {
    await validate('<report/>');
  } catch (e) {
    const detail = String((e as Error).message)
      .split('\n')
      .filter((l) => l.trim())
      .slice(0, 3)
      .join(' | ');
    throw new FilingSchemaError(`the filing schema ${schemaPath} does not compile: ${detail}`);
  }
  return { path: schemaPath, validate };
}
