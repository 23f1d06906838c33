import { PayloadTooLargeError } from './errors';

export const JSON_BODY_LIMIT = 1024 * 1024;

/** Refuses a declared length over the limit before anything is read. */
export function checkDeclaredLength(request: Request, limit: number): void {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw new PayloadTooLargeError(limit);
}

/**
 * Reads the body as bytes, stopping as soon as it passes the limit, so a chunked upload with no
 * Content-Length cannot make the service buffer more than the limit.
 */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array> {
  checkDeclaredLength(request, limit);
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
