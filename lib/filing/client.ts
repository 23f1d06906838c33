import { createHash } from 'node:crypto';
import { z } from 'zod';

/**
 * Client of the regulator's filing system (DESIGN "Filing system"):
 *   POST {url}/reports  multipart `report` (the goAML XML) then the attachments
 *                       → 201 {reference, status: "accepted"} | 422 {status: "refused", errors: [...]}
 *   GET  {url}/reports/{reference}
 *                       → 200 {reference, status: "accepted" | "acknowledged", fiu_ref, acknowledged_at} | 404
 *
 * Nothing here throws for what the network or the filing system does: every call resolves to an outcome, and
 * every answer that arrived comes back as `raw` (status, content type, body text) so that it can be kept.
 * Connection errors, timeouts, 5xx and any answer outside the protocol are `unreachable`: the caller retries them.
 *
 * A timeout does not prove the filing system did not take the report (it may answer after we gave up); the
 * protocol has no idempotency key, so a retry after a timeout can file the same document twice. The SHA-256 of
 * the exact bytes sent is returned with every outcome so that duplicates can be recognised from the kept records.
 */

/** An answer of the filing system as it arrived, for keeping. `body` is cut at MAX_RAW_BODY_BYTES (`truncated`). */
export interface RawResponse {
  status: number;
  content_type: string | null;
  body: string;
  truncated: boolean;
}

/** One reason the filing system gave for refusing a report; `line` of the XML when it named one. */
export interface FilingError {
  line: number | null;
  message: string;
}

export interface FilingAttachment {
  /** File name sent with the part. */
  name: string;
  /** Media type, e.g. `application/pdf`. */
  type: string;
  bytes: Uint8Array;
}

export interface FilingClientOptions {
  /** Time allowed for the whole exchange, answer body included (SERVICE_FILING_TIMEOUT_MS). */
  timeoutMs: number;
}

export type SubmitOutcome =
  | { outcome: 'accepted'; reference: string; xml_sha256: string; raw: RawResponse }
  | { outcome: 'refused'; errors: FilingError[]; xml_sha256: string; raw: RawResponse }
  | { outcome: 'unreachable'; error: string; xml_sha256: string; raw?: RawResponse };

export type PollOutcome =
  | {
      outcome: 'found';
      reference: string;
      status: 'accepted' | 'acknowledged';
      fiu_ref: string | null;
      acknowledged_at: string | null;
      raw: RawResponse;
    }
  /** 404: the filing system has no report under this reference. */
  | { outcome: 'unknown'; raw: RawResponse }
  | { outcome: 'unreachable'; error: string; raw?: RawResponse };

/** The most of an answer's body that is read and kept; the protocol's answers are far smaller. */
export const MAX_RAW_BODY_BYTES = 256 * 1024;

export const DEFAULT_FILING_TIMEOUT_MS = 10_000;

/** SHA-256 of the bytes, lower-case hex; a string is taken as its UTF-8 bytes (what submitReport sends). */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** `{base}/reports`, keeping any path the base URL has (`https://fiu.example/goaml/` → `.../goaml/reports`). */
function endpoint(baseUrl: string, ...segments: string[]): string {
  return [baseUrl.replace(/\/+$/, ''), 'reports', ...segments.map(encodeURIComponent)].join('/');
}

const TEXT = new TextDecoder('utf-8', { fatal: false });

/** Reads at most MAX_RAW_BODY_BYTES of the body, then cancels the rest. */
async function readRaw(res: Response): Promise<RawResponse> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  if (res.body) {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const room = MAX_RAW_BODY_BYTES - size;
      if (value.byteLength > room) {
        chunks.push(value.subarray(0, room));
        size += room;
        truncated = true;
        await reader.cancel().catch(() => {});
        break;
      }
      chunks.push(value);
      size += value.byteLength;
    }
  }
  return { status: res.status, content_type: res.headers.get('content-type'), body: TEXT.decode(Buffer.concat(chunks)), truncated };
}

/** Why a request got no answer, in words fit for `filing.last_error`. */
function describeFailure(e: unknown, timeoutMs: number, url: string): string {
  const err = e as Error & { cause?: { code?: string; message?: string } };
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return `no answer from ${url} within ${timeoutMs} ms`;
  const code = err?.cause?.code;
  const detail = err?.cause?.message ?? err?.message ?? String(e);
  if (code === 'ECONNREFUSED') return `connection refused by ${url} (ECONNREFUSED)`;
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET') return `the connection to ${url} was closed before an answer (${code})`;
  return `cannot reach ${url}${code ? ` (${code})` : ''}: ${detail}`;
}

/** Sends the request and reads the answer under one deadline; `raw` when an answer arrived, else the reason. */
async function exchange(url: string, method: 'GET' | 'POST', body: FormData | undefined, timeoutMs: number): Promise<{ raw: RawResponse } | { error: string; raw?: RawResponse }> {
  let res: Response;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    // Redirects are not part of the protocol (and would turn the POST into a GET): a 3xx is an unexpected answer.
    // `connection: close` gives every request a fresh connection: requests are rare, and a pooled connection that
    // the filing system dropped meanwhile (a restart) would fail a POST with EPIPE instead of trying it afresh.
    res = await fetch(url, { method, body, headers: { accept: 'application/json', connection: 'close' }, signal, redirect: 'manual' });
  } catch (e) {
    return { error: describeFailure(e, timeoutMs, url) };
  }
  try {
    return { raw: await readRaw(res) };
  } catch (e) {
    const partial: RawResponse = { status: res.status, content_type: res.headers.get('content-type'), body: '', truncated: true };
    return { error: `the answer from ${url} (HTTP ${res.status}) broke off: ${describeFailure(e, timeoutMs, url)}`, raw: partial };
  }
}

function parseJson(raw: RawResponse): unknown {
  try {
    return JSON.parse(raw.body);
  } catch {
    return undefined;
  }
}

const excerpt = (raw: RawResponse) => {
  const text = raw.body.replace(/\s+/g, ' ').trim();
  return text === '' ? 'an empty body' : text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

const unexpected = (what: string, raw: RawResponse) => `unexpected answer to ${what}: HTTP ${raw.status} with ${excerpt(raw)}`;

const acceptedBody = z.object({ reference: z.string().trim().min(1).max(500), status: z.literal('accepted') });

const refusedBody = z.object({
  status: z.literal('refused'),
  errors: z
    .array(
      z.union([
        z.object({ line: z.number().int().positive().nullish(), message: z.string() }),
        z.string().transform((message) => ({ line: null, message })),
      ]),
    )
    .min(1),
});

/**
 * Files one report. The XML is encoded to UTF-8 once; those bytes are hashed (`xml_sha256`) and sent as a file part
 * (`report.xml`, application/xml), so the filing system receives exactly the bytes that were hashed (a plain form
 * field would have its line ends rewritten). Attachments follow as file parts named `attachment`.
 */
export async function submitReport(baseUrl: string, xml: string, attachments: FilingAttachment[], options: FilingClientOptions): Promise<SubmitOutcome> {
  const bytes = Buffer.from(xml, 'utf8');
  const xml_sha256 = sha256Hex(bytes);
  const body = new FormData();
  body.append('report', new Blob([bytes], { type: 'application/xml' }), 'report.xml');
  // The cast only meets the DOM typing of BlobPart (a view over ArrayBuffer); Buffer and Uint8Array are typed over
  // ArrayBufferLike, and Blob copies the bytes either way.
  for (const a of attachments) body.append('attachment', new Blob([a.bytes as Uint8Array<ArrayBuffer>], { type: a.type }), a.name);

  const url = endpoint(baseUrl);
  const got = await exchange(url, 'POST', body, options.timeoutMs);
  if ('error' in got) return { outcome: 'unreachable', error: got.error, xml_sha256, ...(got.raw ? { raw: got.raw } : {}) };
  const { raw } = got;

  if (raw.status === 201 || raw.status === 200) {
    const parsed = acceptedBody.safeParse(parseJson(raw));
    if (parsed.success) return { outcome: 'accepted', reference: parsed.data.reference, xml_sha256, raw };
  } else if (raw.status === 422) {
    const parsed = refusedBody.safeParse(parseJson(raw));
    if (parsed.success) {
      const errors = parsed.data.errors.map((e) => ({ line: e.line ?? null, message: e.message }));
      return { outcome: 'refused', errors, xml_sha256, raw };
    }
  } else if (raw.status >= 500) {
    return { outcome: 'unreachable', error: `the filing system failed with HTTP ${raw.status}: ${excerpt(raw)}`, xml_sha256, raw };
  }
  return { outcome: 'unreachable', error: unexpected(`POST ${url}`, raw), xml_sha256, raw };
}

const statusBody = z.discriminatedUnion('status', [
  z.object({
    reference: z.string(),
    status: z.literal('accepted'),
    fiu_ref: z.string().nullish(),
    acknowledged_at: z.string().nullish(),
  }),
  z.object({
    reference: z.string(),
    status: z.literal('acknowledged'),
    fiu_ref: z.string().trim().min(1),
    acknowledged_at: z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'a date-time'),
  }),
]);

const isoOrNull = (v: string | null | undefined) => {
  const ms = v ? Date.parse(v) : Number.NaN;
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
};

/** Asks the filing system where a filed report stands: accepted (still waiting) or acknowledged with its `fiu_ref`. */
export async function pollReport(baseUrl: string, reference: string, options: FilingClientOptions = { timeoutMs: DEFAULT_FILING_TIMEOUT_MS }): Promise<PollOutcome> {
  const url = endpoint(baseUrl, reference);
  const got = await exchange(url, 'GET', undefined, options.timeoutMs);
  if ('error' in got) return { outcome: 'unreachable', error: got.error, ...(got.raw ? { raw: got.raw } : {}) };
  const { raw } = got;

  if (raw.status === 200) {
    const parsed = statusBody.safeParse(parseJson(raw));
    if (parsed.success && parsed.data.reference === reference) {
      const d = parsed.data;
      return {
        outcome: 'found',
        reference,
        status: d.status,
        fiu_ref: d.fiu_ref ?? null,
        acknowledged_at: isoOrNull(d.acknowledged_at),
        raw,
      };
    }
  } else if (raw.status === 404) {
    return { outcome: 'unknown', raw };
  } else if (raw.status >= 500) {
    return { outcome: 'unreachable', error: `the filing system failed with HTTP ${raw.status}: ${excerpt(raw)}`, raw };
  }
  return { outcome: 'unreachable', error: unexpected(`GET ${url}`, raw), raw };
}
