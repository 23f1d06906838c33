import { PayloadTooLargeError } from './errors';

export const JSON_BODY_LIMIT = 1024 * 1024;

/** Refuses a declared length over the limit before anything is read. */
export function checkDeclaredLength(request: Request, limit: number): void {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw new PayloadTooLargeError(limit);
}

/** Bodies already read from the socket (lib/http/node-route.ts), by the request made without one. */
const readAlready = new WeakMap<Request, Uint8Array>();

/**
 * A request whose body has been read already (at most one byte past its route's limit): made without a
 * body, so that no stream is set up for bytes in hand; `readBodyBytes` answers with them.
 */
export function requestWithBodyRead(url: URL, init: { method?: string; headers: Headers }, body: Uint8Array): Request {
  const request = new Request(url, init);
  readAlready.set(request, body);
  return request;
}

/**
 * Reads the body as bytes, stopping as soon as it passes the limit, so a chunked upload with no
 * Content-Length cannot make the service buffer more than the limit.
 */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array> {
  checkDeclaredLength(request, limit);
  const inHand = readAlready.get(request);
  if (inHand) {
    if (inHand.byteLength > limit) throw new PayloadTooLargeError(limit);
    return inHand;
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new PayloadTooLargeError(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
