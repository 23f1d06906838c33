import busboy from 'busboy';
import { InvalidInputError, TooLargeError } from '@/lib/errors';

/** Room for the multipart framing around one file (boundary lines, part headers, a few small fields). */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The one file of an upload, as received: its bytes in one Buffer and what the client said about it. */
export interface UploadedFile {
  /** The part's `filename`, when the client sent one. */
  filename: string | null;
  /** The part's `Content-Type` as the client declared it; never trusted for what the file is. */
  declaredType: string;
  bytes: Buffer;
}

export interface UploadOptions {
  /** The form field holding the file. */
  field: string;
  /** Largest file accepted, in bytes. */
  maxBytes: number;
  messages: {
    /** Not multipart/form-data, or no part named `field`. */
    missing: string;
    /** More than one file in `field`. */
    oneFile: string;
    malformed: string;
    /** The file passed `maxBytes` (413). */
    tooLarge: string;
  };
}

const asBuffer = (chunk: Uint8Array): Buffer => Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);

/**
 * Reads a multipart/form-data request body with busboy and returns the file of one field. The body is streamed:
 * each chunk of the file is copied once into a buffer sized from `Content-Length` when the client sent one (grown by
 * doubling otherwise) and then released, so the file is held in memory once. Reading stops as soon as the file passes
 * `maxBytes` or the body passes `maxBytes` plus the multipart framing (413 with `messages.tooLarge`, also for a
 * declared length over that), whatever else the body holds; other fields and file parts are skipped.
 */
export async function readUploadedFile(request: Request, options: UploadOptions): Promise<UploadedFile> {
  const { field, maxBytes, messages } = options;
  const bodyLimit = maxBytes + MULTIPART_OVERHEAD_BYTES;
  const declaredText = request.headers.get('content-length');
  const declared = declaredText !== null && /^[0-9]+$/.test(declaredText) ? Number(declaredText) : null;
  if (declared !== null && declared > bodyLimit) throw new TooLargeError(messages.tooLarge);

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      // Browsers send a file name's characters as UTF-8.
      defParamCharset: 'utf8',
      // busboy's own limits are a second guard; the file's size is counted below. One byte over maxBytes lets a
      // file of exactly maxBytes through while still marking a longer one. A few other file parts are skipped
      // (busboy takes any application/octet-stream part for a file), a second part named `field` is refused.
      limits: { files: 4, fileSize: maxBytes + 1, fields: 20, fieldSize: 16 * 1024, parts: 32, headerPairs: 20 },
    });
  } catch {
    await request.body?.cancel().catch(() => undefined);
    throw new InvalidInputError(messages.missing, field);
  }
  if (!request.body) throw new InvalidInputError(messages.missing, field);

  let failure: Error | undefined;
  const fail = (err: Error) => {
    failure ??= err;
  };
  let found: { filename: string | null; declaredType: string } | undefined;
  let buffer = Buffer.alloc(0);
  let size = 0;
  const fileEnds: Promise<void>[] = [];

  parser.on('file', (name, stream, info) => {
    if (name !== field || found) {
      if (name === field) fail(new InvalidInputError(messages.oneFile, field));
      stream.resume();
      return;
    }
    found = { filename: info.filename ?? null, declaredType: info.mimeType };
    // The declared length bounds the file from above; without one, start small and grow.
    buffer = Buffer.allocUnsafe(Math.min(maxBytes, declared ?? 64 * 1024));
    fileEnds.push(new Promise<void>((resolve) => stream.once('close', resolve)));
    stream.on('data', (chunk: Buffer) => {
      if (failure) return;
      const next = size + chunk.length;
      if (next > maxBytes) {
        buffer = Buffer.alloc(0);
        fail(new TooLargeError(messages.tooLarge));
        return;
      }
      if (next > buffer.length) {
        const grown = Buffer.allocUnsafe(Math.min(maxBytes, Math.max(next, buffer.length * 2)));
        buffer.copy(grown, 0, 0, size);
        buffer = grown;
      }
      chunk.copy(buffer, size);
      size = next;
    });
    stream.on('limit', () => fail(new TooLargeError(messages.tooLarge)));
    // busboy destroys the part with an error when the body ends inside it.
    stream.on('error', () => fail(new InvalidInputError(messages.malformed, field)));
  });
  parser.on('filesLimit', () => fail(new InvalidInputError(messages.oneFile, field)));
  parser.on('error', () => fail(new InvalidInputError(messages.malformed, field)));
  const closed = new Promise<void>((resolve) => {
    parser.once('close', resolve);
    parser.once('error', () => resolve());
  });

  const reader = request.body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > bodyLimit) fail(new TooLargeError(messages.tooLarge));
      if (failure) break;
      if (!parser.write(asBuffer(value))) {
        await new Promise<void>((resolve) => {
          parser.once('drain', resolve);
          parser.once('error', () => resolve());
        });
      }
      if (failure) break;
    }
  } catch {
    fail(new InvalidInputError(messages.malformed, field));
  }
  if (failure) {
    // Stop reading: the client learns the answer without the service taking the rest of the body.
    await reader.cancel().catch(() => undefined);
    parser.destroy();
    throw failure;
  }
  parser.end();
  await closed;
  await Promise.all(fileEnds);
  if (failure) throw failure;
  if (!found) throw new InvalidInputError(messages.missing, field);
  return { ...found, bytes: buffer.subarray(0, size) };
}
