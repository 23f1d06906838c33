import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

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
  /** The report indicator codes the schema allows (the enumeration of its `report_indicator_type`), read at load. */
  indicators: readonly string[];
  /** The values of a named simple type's enumeration (empty when the schema has no such type or it is not an enumeration). */
  enumeration(typeName: string): readonly string[];
}

/** The `<xs:enumeration value>`s of the top-level `<xs:simpleType name="typeName">` in an XSD's text. */
export function xsdEnumeration(xsd: string, typeName: string): string[] {
  const escaped = typeName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const start = new RegExp(`<xs:simpleType\\s+name="${escaped}"[^>]*>`).exec(xsd);
  if (!start) return [];
  const end = xsd.indexOf('</xs:simpleType>', start.index);
  const body = xsd.slice(start.index, end === -1 ? undefined : end);
  const values: string[] = [];
  for (const m of body.matchAll(/<xs:enumeration\s+value="([^"]*)"/g)) {
    const v = (m[1] as string).replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    if (!values.includes(v)) values.push(v);
  }
  return values;
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
// Validations run in long-lived worker threads; two keeps a burst of filings from taking every core.
const CONCURRENCY = 2;
// Room for a 20 MB document and the schema's compiled form (the library's default is 32 MiB).
const INITIAL_MEMORY_PAGES = 256; // 16 MiB
const MAX_MEMORY_PAGES = 16 * 256; // 256 MiB

/**
 * The worker: xmllint-wasm's libxml2 build (its Emscripten module and xmllint.wasm), compiled once per worker and
 * instantiated afresh for every document, so a validation costs libxml2's own work rather than a thread start and a
 * WebAssembly compile (xmllint-wasm's validateXML does both on every call, some 200 ms). Each run is xmllint's command
 * line, `--schema filing-schema.xsd --noout report.xml`, on an in-memory file system, as validateXML runs it.
 * The module's own worker hook only answers messages tagged `xmllint-wasm`, which these are not.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const createModule = require(workerData.glue);
const compiled = new WebAssembly.Module(readFileSync(workerData.wasm));
parentPort.on('message', (job) => {
  if (!job || job.kind !== 'aml-xmllint') return;
  let stderr = '';
  let done = false;
  const finish = (exitCode) => {
    if (done) return;
    done = true;
    parentPort.postMessage({ kind: 'aml-xmllint', id: job.id, exitCode, stderr });
  };
  try {
    const running = createModule({
      inputFiles: job.files,
      arguments: job.args,
      print() {},
      printErr(text) { stderr += text + '\\n'; },
      onExit: finish,
      onAbort(reason) { stderr += 'WASM Abort: ' + reason + '\\n'; finish(-1); },
      wasmMemory: new WebAssembly.Memory({ initial: job.initialMemory, maximum: job.maxMemory }),
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled), (e) => { stderr += String(e) + '\\n'; finish(-1); });
        return {};
      },
    });
    Promise.resolve(running).catch((e) => {
      if (e && e.name === 'ExitStatus') finish(e.status);
      else { stderr += String(e) + '\\n'; finish(-1); }
    });
  } catch (e) {
    if (e && e.name === 'ExitStatus') finish(e.status);
    else { stderr += String(e) + '\\n'; finish(-1); }
  }
});
`;

interface XmllintRun {
  exitCode: number;
  stderr: string;
}

interface PoolWorker {
  worker: Worker;
  busy: boolean;
}

let nextJobId = 1;
const pool: PoolWorker[] = [];
const queue: { files: { fileName: string; contents: Uint8Array | string }[]; args: string[]; resolve: (r: XmllintRun) => void; reject: (e: Error) => void }[] = [];

/**
 * The path of xmllint-wasm's Node glue file. Inside a Next.js server chunk `require.resolve` answers the bundler's
 * module id, not a path; the package is then found from the working directory (the project's, where the start
 * script runs the server) upwards.
 */
function xmllintGlue(): string {
  const resolved: unknown = createRequire(import.meta.url).resolve('xmllint-wasm/xmllint-node.js');
  if (typeof resolved === 'string') return resolved;
  for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', 'xmllint-wasm', 'xmllint-node.js');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error('xmllint-wasm is not installed: node_modules/xmllint-wasm/xmllint-node.js was not found');
  }
}

function startWorker(): PoolWorker {
  const glue = xmllintGlue();
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { glue, wasm: path.join(path.dirname(glue), 'xmllint.wasm') } });
  worker.unref();
  const entry: PoolWorker = { worker, busy: false };
  pool.push(entry);
  return entry;
}

function dispatch() {
  while (queue.length > 0) {
    const idle = pool.find((w) => !w.busy) ?? (pool.length < CONCURRENCY ? startWorker() : undefined);
    if (!idle) return;
    const job = queue.shift()!;
    const id = nextJobId++;
    idle.busy = true;
    idle.worker.ref();
    const settle = () => {
      idle.worker.off('message', onMessage);
      idle.worker.off('error', onFailure);
      idle.worker.off('exit', onExit);
      idle.busy = false;
      idle.worker.unref();
      dispatch();
    };
    const drop = () => {
      const i = pool.indexOf(idle);
      if (i >= 0) pool.splice(i, 1);
    };
    const onMessage = (m: { kind?: string; id?: number; exitCode: number; stderr: string }) => {
      if (m?.kind !== 'aml-xmllint' || m.id !== id) return;
      settle();
      job.resolve({ exitCode: m.exitCode, stderr: m.stderr });
    };
    const onFailure = (e: Error) => {
      drop();
      settle();
      void idle.worker.terminate();
      job.reject(e);
    };
    const onExit = (code: number) => {
      drop();
      settle();
      job.reject(new Error(`the schema validation worker stopped (exit code ${code})`));
    };
    idle.worker.on('message', onMessage);
    idle.worker.on('error', onFailure);
    idle.worker.on('exit', onExit);
    idle.worker.postMessage({ kind: 'aml-xmllint', id, files: job.files, args: job.args, initialMemory: INITIAL_MEMORY_PAGES, maxMemory: MAX_MEMORY_PAGES });
  }
}

/** Runs xmllint (WebAssembly, in the worker pool) on in-memory files; exit code 0 valid, 3 or 4 invalid. */
function runXmllint(files: { fileName: string; contents: Uint8Array | string }[], args: string[]): Promise<XmllintRun> {
  return new Promise((resolve, reject) => {
    queue.push({ files, args, resolve, reject });
    dispatch();
  });
}

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

  const validate = async (xml: Uint8Array | string): Promise<SchemaCheck> => {
    const result = await runXmllint(
      [
        { fileName: DOCUMENT_NAME, contents: xml },
        { fileName: SCHEMA_NAME, contents: text },
      ],
      ['--schema', SCHEMA_NAME, '--noout', DOCUMENT_NAME],
    );
    if (result.exitCode === 0) return { valid: true, errors: [] };
    if (result.exitCode === 3 || result.exitCode === 4) return { valid: false, errors: parseXmllintOutput(result.stderr) };
    throw new Error(result.stderr || `xmllint stopped with exit code ${result.exitCode}`);
  };

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
  const enumerations = new Map<string, readonly string[]>();
  const enumeration = (typeName: string): readonly string[] => {
    let values = enumerations.get(typeName);
    if (!values) {
      values = Object.freeze(xsdEnumeration(text, typeName));
      enumerations.set(typeName, values);
    }
    return values;
  };
  return { path: schemaPath, validate, indicators: enumeration('report_indicator_type'), enumeration };
}

const loaded = new Map<string, Promise<FilingSchema>>();

/** loadFilingSchema once per path for the life of the process; a failed load is forgotten so that a fixed file is read again. */
export function sharedFilingSchema(schemaPath: string): Promise<FilingSchema> {
  let p = loaded.get(schemaPath);
  if (!p) {
    p = loadFilingSchema(schemaPath);
    loaded.set(schemaPath, p);
    p.catch(() => loaded.delete(schemaPath));
  }
  return p;
}
