import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { readSubmission, type ReceivedAttachment } from './multipart';
import { loadFilingSchema, type SchemaError } from './schema';

/**
 * `up` answers; `down` closes the filing port (clients get a connection error, ECONNREFUSED) and drops open
 * connections; `refuse` answers every valid report with 422 refused and the refusal reason; `slow` waits
 * `slowDelayMs` before every answer. The control port stays open in every mode.
 */
export const SIMULATOR_MODES = ['up', 'down', 'refuse', 'slow'] as const;
export type SimulatorMode = (typeof SIMULATOR_MODES)[number];

export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;
const MAX_ATTACHMENTS = 50;
const MAX_CONTROL_BODY = 64 * 1024;

export interface SimulatorOptions {
  schemaPath: string;
  /** Default 127.0.0.1. */
  host?: string;
  /** Filing port; 0 picks a free one (kept across down and up). Default 4100. */
  port?: number;
  /** Control port; 0 picks a free one. Default 4101. */
  controlPort?: number;
  mode?: SimulatorMode;
  /** Time from acceptance to acknowledgement. Default 5 s. */
  ackDelayMs?: number;
  /** Delay of every answer in `slow` mode. Default 10 s. */
  slowDelayMs?: number;
  /** The reason given in `refuse` mode. */
  refuseReason?: string;
  maxAttachmentBytes?: number;
  /** Progress lines; default none. */
  log?: (line: string) => void;
}

/** Every submission the simulator answered, accepted or refused (refused ones have no reference). */
export interface ReceivedReport {
  reference: string | null;
  status: 'accepted' | 'acknowledged' | 'refused';
  received_at: string;
  accepted_at: string | null;
  acknowledged_at: string | null;
  fiu_ref: string | null;
  errors: SchemaError[];
  xml: string | null;
  xml_bytes: number;
  xml_sha256: string | null;
  attachments: ReceivedAttachment[];
}

export interface SimulatorState {
  mode: SimulatorMode;
  ack_delay_ms: number;
  slow_delay_ms: number;
  refuse_reason: string;
  url: string;
  control_url: string;
  schema: string;
  reports: number;
}

export interface FilingSimulator {
  /** Base URL of the filing system (`SERVICE_FILING_URL`): `POST {url}/reports`. */
  readonly url: string;
  /** Base URL of the control port: `GET|POST {controlUrl}/control`. */
  readonly controlUrl: string;
  readonly port: number;
  readonly controlPort: number;
  state(): SimulatorState;
  /** Switches mode and settings at run time; `down` resolves once the filing port is closed, `up` once it listens again. */
  configure(change: { mode?: SimulatorMode; ackDelayMs?: number; slowDelayMs?: number; refuseReason?: string }): Promise<SimulatorState>;
  /** Submissions, newest first. */
  reports(): ReceivedReport[];
  report(reference: string): ReceivedReport | undefined;
  close(): Promise<void>;
}

const DEFAULT_REFUSE_REASON = 'The filing system refused the report (simulator in refuse mode).';

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.destroyed || res.writableEnded) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (e: Error) => {
      server.off('listening', onListening);
      reject(e);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

const controlBody = z
  .object({
    mode: z.enum(SIMULATOR_MODES).optional(),
    ack_delay_ms: z.number().int().min(0).max(86_400_000).optional(),
    slow_delay_ms: z.number().int().min(0).max(3_600_000).optional(),
    refuse_reason: z.string().trim().min(1).max(2_000).optional(),
  })
  .strict();

/** Loads the schema (FilingSchemaError when it cannot), then opens the filing and control ports. */
export async function startFilingSimulator(options: SimulatorOptions): Promise<FilingSimulator> {
  const log = options.log ?? (() => {});
  const host = options.host ?? '127.0.0.1';
  const maxAttachmentBytes = options.maxAttachmentBytes ?? MAX_ATTACHMENT_BYTES;
  const schema = await loadFilingSchema(options.schemaPath);

  let mode: SimulatorMode = options.mode ?? 'up';
  let ackDelayMs = options.ackDelayMs ?? 5_000;
  let slowDelayMs = options.slowDelayMs ?? 10_000;
  let refuseReason = options.refuseReason ?? DEFAULT_REFUSE_REASON;
  const received: ReceivedReport[] = [];
  const byReference = new Map<string, ReceivedReport>();
  const timers = new Set<NodeJS.Timeout>();
  const closing = new AbortController();
  let closed = false;

  const urlOf = (port: number) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  const acknowledge = (report: ReceivedReport) => {
    report.status = 'acknowledged';
    report.acknowledged_at = new Date().toISOString();
    report.fiu_ref = `FIU-${new Date().getUTCFullYear()}-${randomBytes(4).toString('hex').toUpperCase()}`;
    log(`acknowledged ${report.reference} as ${report.fiu_ref}`);
  };

  const answer = async (answerMode: SimulatorMode, res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>) => {
    if (answerMode === 'slow' && slowDelayMs > 0) {
      try {
        await sleep(slowDelayMs, undefined, { signal: closing.signal });
      } catch {
        return; // closing: the connection is being dropped anyway
      }
    }
    json(res, status, body, headers);
  };

  const refuse = (errors: SchemaError[]) => ({ status: 'refused', errors });

  async function postReport(req: IncomingMessage, res: ServerResponse, answerMode: SimulatorMode) {
    const receivedAt = new Date().toISOString();
    let submission;
    try {
      submission = await readSubmission(req, { maxPartBytes: maxAttachmentBytes, maxAttachments: MAX_ATTACHMENTS });
    } catch (e) {
      const message = (e as Error).message;
      log(`refused a submission: ${message}`);
      return answer(answerMode, res, 422, refuse([{ line: null, message }]));
    }
    const errors: SchemaError[] = submission.problems.map((message) => ({ line: null, message }));
    const xml = submission.report;
    if (!xml) {
      if (!submission.problems.some((p) => p.includes('report'))) errors.unshift({ line: null, message: 'the multipart field `report` (the goAML XML) is missing' });
    } else if (xml.length === 0 || xml.toString('utf8').trim() === '') {
      errors.unshift({ line: null, message: 'the `report` field is empty' });
    } else {
      const check = await schema.validate(xml);
      errors.unshift(...check.errors);
    }
    const record: ReceivedReport = {
      reference: null,
      status: 'refused',
      received_at: receivedAt,
      accepted_at: null,
      acknowledged_at: null,
      fiu_ref: null,
      errors,
      xml: xml ? xml.toString('utf8') : null,
      xml_bytes: xml ? xml.length : 0,
      xml_sha256: xml ? createHash('sha256').update(xml).digest('hex') : null,
      attachments: submission.attachments,
    };
    received.unshift(record);
    const files = `${submission.attachments.length} attachment${submission.attachments.length === 1 ? '' : 's'}`;
    if (errors.length > 0) {
      const first = errors[0] as SchemaError;
      log(`refused an invalid report (${files}, ${errors.length} error${errors.length === 1 ? '' : 's'}; first: ${first.line === null ? '' : `line ${first.line}: `}${first.message})`);
      return answer(answerMode, res, 422, refuse(errors));
    }
    if (answerMode === 'refuse') {
      record.errors = [{ line: null, message: refuseReason }];
      log(`refused a valid report (${files}; refuse mode: ${refuseReason})`);
      return answer(answerMode, res, 422, refuse(record.errors));
    }
    const reference = `SIM-${randomUUID()}`;
    record.reference = reference;
    record.status = 'accepted';
    record.accepted_at = new Date().toISOString();
    byReference.set(reference, record);
    const timer = setTimeout(() => {
      timers.delete(timer);
      acknowledge(record);
    }, ackDelayMs);
    timer.unref();
    timers.add(timer);
    log(`accepted report ${reference} (valid, ${record.xml_bytes} bytes, ${files}; acknowledgement in ${ackDelayMs} ms)`);
    return answer(answerMode, res, 201, { reference, status: 'accepted' });
  }

  const listing = (r: ReceivedReport) => {
    const { xml: _xml, ...rest } = r;
    return rest;
  };

  const main = http.createServer((req, res) => {
    const answerMode = mode;
    const { pathname } = new URL(req.url ?? '/', 'http://simulator');
    const done = (p: Promise<void>) =>
      p.catch((e: Error) => {
        log(`error answering ${req.method} ${pathname}: ${e.message}`);
        json(res, 500, { error: e.message });
      });
    if (pathname === '/reports') {
      if (req.method === 'POST') return done(postReport(req, res, answerMode));
      if (req.method === 'GET') return done(answer(answerMode, res, 200, { reports: received.map(listing) }));
      req.resume();
      return json(res, 405, { error: 'use POST or GET' }, { allow: 'GET, POST' });
    }
    const m = /^\/reports\/([^/]+)$/.exec(pathname);
    if (m) {
      req.resume();
      if (req.method !== 'GET') return json(res, 405, { error: 'use GET' }, { allow: 'GET' });
      let reference: string;
      try {
        reference = decodeURIComponent(m[1] as string);
      } catch {
        reference = m[1] as string;
      }
      const record = byReference.get(reference);
      if (!record) return done(answer(answerMode, res, 404, { error: `no report with reference ${reference}` }));
      return done(
        answer(answerMode, res, 200, {
          reference,
          status: record.status,
          fiu_ref: record.fiu_ref,
          acknowledged_at: record.acknowledged_at,
        }),
      );
    }
    req.resume();
    json(res, 404, { error: 'not found: the filing system answers POST /reports and GET /reports/{reference}' });
  });

  let port = await listen(main, options.port ?? 4100, host).catch((e: NodeJS.ErrnoException) => {
    throw new Error(`cannot listen on ${host}:${options.port ?? 4100}: ${e.code ?? e.message}`);
  });
  if (mode === 'down') await closeServer(main);

  let transition: Promise<unknown> = Promise.resolve();
  const state = (): SimulatorState => ({
    mode,
    ack_delay_ms: ackDelayMs,
    slow_delay_ms: slowDelayMs,
    refuse_reason: refuseReason,
    url: urlOf(port),
    control_url: urlOf(controlPort),
    schema: schema.path,
    reports: received.length,
  });

  const configure: FilingSimulator['configure'] = (change) => {
    const next = transition.then(async () => {
      if (closed) throw new Error('the simulator is closed');
      if (change.ackDelayMs !== undefined) ackDelayMs = change.ackDelayMs;
      if (change.slowDelayMs !== undefined) slowDelayMs = change.slowDelayMs;
      if (change.refuseReason !== undefined) refuseReason = change.refuseReason;
      if (change.mode !== undefined && change.mode !== mode) {
        if (change.mode === 'down') await closeServer(main);
        else if (mode === 'down') port = await listen(main, port, host);
        mode = change.mode;
        log(`mode ${mode}${mode === 'down' ? ` (port ${port} closed: connections are refused)` : mode === 'slow' ? ` (answers after ${slowDelayMs} ms)` : ''}`);
      }
      return state();
    });
    transition = next.catch(() => {});
    return next;
  };

  const control = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://simulator');
    if (pathname !== '/control') {
      req.resume();
      return json(res, 404, { error: 'not found: the control port answers GET and POST /control' });
    }
    if (req.method === 'GET') {
      req.resume();
      return json(res, 200, state());
    }
    if (req.method !== 'POST') {
      req.resume();
      return json(res, 405, { error: 'use GET or POST' }, { allow: 'GET, POST' });
    }
    const chunks: Buffer[] = [];
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= MAX_CONTROL_BODY) chunks.push(chunk);
    });
    req.on('end', () => {
      if (bytes > MAX_CONTROL_BODY) return json(res, 413, { error: 'the control body is over 64 KB' });
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        return json(res, 400, { error: 'the body must be JSON such as {"mode": "down"}' });
      }
      const parsed = controlBody.safeParse(body);
      if (!parsed.success) {
        return json(res, 400, {
          error: `expected {mode: ${SIMULATOR_MODES.join('|')}, ack_delay_ms, slow_delay_ms, refuse_reason}`,
          issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        });
      }
      const c = parsed.data;
      configure({ mode: c.mode, ackDelayMs: c.ack_delay_ms, slowDelayMs: c.slow_delay_ms, refuseReason: c.refuse_reason }).then(
        (s) => json(res, 200, s),
        (e: Error) => json(res, 500, { error: e.message }),
      );
    });
  });

  let controlPort: number;
  try {
    controlPort = await listen(control, options.controlPort ?? 4101, host);
  } catch (e) {
    await closeServer(main);
    throw new Error(`cannot listen on ${host}:${options.controlPort ?? 4101} (control port): ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }

  log(`filing system on ${urlOf(port)} (mode ${mode}${mode === 'down' ? ', port closed' : ''}), control on ${urlOf(controlPort)}/control, schema ${schema.path}`);

  return {
    get url() {
      return urlOf(port);
    },
    get controlUrl() {
      return urlOf(controlPort);
    },
    get port() {
      return port;
    },
    get controlPort() {
      return controlPort;
    },
    state,
    configure,
    reports: () => [...received],
    report: (reference) => byReference.get(reference),
    close: async () => {
      if (closed) return;
      closed = true;
      closing.abort();
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await transition;
      await Promise.all([closeServer(main), closeServer(control)]);
    },
  };
}
