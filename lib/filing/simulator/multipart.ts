import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';

export interface ReceivedAttachment {
  field: string;
  filename: string;
  content_type: string;
  bytes: number;
  sha256: string;
}

/** What a `POST /reports` body held: the `report` part, the attachments, and why it cannot be taken as it is. */
export interface Submission {
  report: Buffer | null;
  attachments: ReceivedAttachment[];
  problems: string[];
}

export interface SubmissionLimits {
  /** Largest attachment, and largest `report`, in bytes. */
  maxPartBytes: number;
  maxAttachments: number;
}

const MB = 1024 * 1024;
const size = (bytes: number) => (bytes % MB === 0 ? `${bytes / MB} MB` : `${bytes} bytes`);

/**
 * Reads a multipart/form-data body with busboy. `report` may be a plain field or a file part; every other file part
 * is an attachment, counted and hashed (SHA-256) as it streams, never held whole. A part over the limit is cut by
 * busboy and named in `problems`; the rest of the body is still read so the answer reaches the client.
 * Rejects for a request that is not multipart/form-data or whose body is malformed.
 */
export function readSubmission(req: IncomingMessage, limits: SubmissionLimits): Promise<Submission> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          // busboy cuts a part when it reaches its limit, so one byte more lets a part of exactly maxPartBytes through.
          fileSize: limits.maxPartBytes + 1,
          fieldSize: limits.maxPartBytes + 1,
          files: limits.maxAttachments + 1,
          fields: 50,
          parts: limits.maxAttachments + 51,
        },
      });
    } catch (e) {
      req.resume();
      reject(new Error(`the body must be multipart/form-data (${(e as Error).message})`));
      return;
    }

    const submission: Submission = { report: null, attachments: [], problems: [] };
    const ends: Promise<void>[] = [];
    let reports = 0;

    const takeReport = (bytes: Buffer, truncated: boolean) => {
      reports++;
      if (reports > 1) return submission.problems.push('more than one `report` part');
      if (truncated) submission.problems.push(`the report is over the ${size(limits.maxPartBytes)} limit`);
      else submission.report = bytes;
    };

    parser.on('field', (name, value, info) => {
      if (name === 'report') takeReport(Buffer.from(value, 'utf8'), info.valueTruncated);
    });

    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      const hash = createHash('sha256');
      let bytes = 0;
      let truncated = false;
      const isReport = name === 'report';
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (isReport) {
          if (bytes <= limits.maxPartBytes) chunks.push(chunk);
        }
        else hash.update(chunk);
      });
      stream.on('limit', () => {
        truncated = true;
      });
      ends.push(
        new Promise<void>((done) => {
          stream.on('close', () => {
            truncated = truncated && bytes > limits.maxPartBytes;
            if (isReport) takeReport(Buffer.concat(chunks), truncated);
            else if (truncated)
              submission.problems.push(`attachment "${info.filename ?? name}" is over the ${size(limits.maxPartBytes)} limit`);
            else
              submission.attachments.push({
                field: name,
                filename: info.filename ?? '',
                content_type: info.mimeType,
                bytes,
                sha256: hash.digest('hex'),
              });
            done();
          });
        }),
      );
    });

    parser.on('filesLimit', () => submission.problems.push(`more than ${limits.maxAttachments} attachments`));
    parser.on('fieldsLimit', () => submission.problems.push('too many form fields'));
    parser.on('partsLimit', () => submission.problems.push('too many parts'));

    parser.on('error', (e: Error) => {
      req.unpipe(parser);
      req.resume();
      reject(new Error(`the multipart body is malformed (${e.message})`));
    });
    parser.on('close', () => {
      void Promise.all(ends).then(() => resolve(submission));
    });
    req.on('error', reject);
    req.pipe(parser);
  });
}
