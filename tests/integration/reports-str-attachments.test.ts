import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as attachment from '@/app/v1/reports/str/[id]/attachments/[key]/route';
import { getDb } from '@/db/client';
import { auditLog, strAttachments, strReports } from '@/db/schema';
import { CROSS_ORIGIN_MESSAGE, NOT_SIGNED_IN_MESSAGE } from '@/lib/http/route';
import { call, type CallResult } from '../support/api';
import { check, createStr, readStrAs, type Session, strFixture, type StrFixture, UNKNOWN_ID } from '../support/str';

const MB20 = 20 * 1024 * 1024;
const TEMPLATE = '/v1/reports/str/{id}/attachments/{key}';
const TYPE_MESSAGE = 'the file must be a PDF, PNG or JPEG (judged by its content)';
const TOO_LARGE = 'the file is larger than 20 MB (20971520 bytes)';

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
const png = (size = 64): Buffer => {
  const b = Buffer.alloc(size, 7);
  PNG_HEAD.copy(b, 0);
  return b;
};
const pdf = (): Buffer => Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
const jpeg = (): Buffer => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(32, 1), Buffer.from([0xff, 0xd9])]);
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer;
}

/** A multipart/form-data body written out byte for byte, so its length is known and sent. */
function multipart(parts: Part[]): { body: Buffer<ArrayBuffer>; contentType: string } {
  const boundary = `----str-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    // Quotes in a file name escaped as in a quoted-string; other characters as UTF-8, as browsers send them.
    const filename = p.filename?.replace(/["\\]/g, (c) => `\\${c}`);
    const disposition = `form-data; name="${p.name}"${filename !== undefined ? `; filename="${filename}"` : ''}`;
    const type = p.type ?? (p.filename !== undefined ? 'application/octet-stream' : undefined);
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`), p.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks) as Buffer<ArrayBuffer>, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The body in chunks of 64 KiB with no Content-Length, as a client streaming an upload sends it. */
function streamed(body: Buffer, pulled?: { bytes: number }): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= body.length) return controller.close();
      const chunk = body.subarray(at, at + 65_536);
      at += chunk.length;
      if (pulled) pulled.bytes = at;
      controller.enqueue(new Uint8Array(chunk));
    },
  });
}

async function upload(
  who: Session,
  id: string,
  key: string,
  parts: Part[],
  options: { headers?: Record<string, string>; stream?: boolean; contentType?: string } = {},
): Promise<CallResult> {
  const { body, contentType } = multipart(parts);
  const headers: Record<string, string> = { cookie: who.cookie, 'content-type': options.contentType ?? contentType, ...options.headers };
  if (!options.stream) headers['content-length'] = String(body.length);
  const r = await call(attachment.POST, {
    method: 'POST',
    path: `/v1/reports/str/${id}/attachments/${key}`,
    params: { id, key },
    rawBody: options.stream ? streamed(body) : body,
    headers,
  });
  check('POST', TEMPLATE, r);
  return r;
}
const file = (data: Buffer, filename = 'evidence.pdf', type = 'application/pdf'): Part[] => [{ name: 'file', filename, type, data }];

/** GET as bytes (the shared `call` reads text). */
async function fetchFile(who: Session, id: string, key: string): Promise<{ status: number; headers: Headers; bytes: Buffer; text: string }> {
  const request = new Request(`http://localhost/v1/reports/str/${id}/attachments/${key}`, { headers: { cookie: who.cookie } });
  const response = await attachment.GET(request, { params: Promise.resolve({ id, key }) });
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  check('GET', TEMPLATE, { status: response.status, headers: response.headers, text, json });
  return { status: response.status, headers: response.headers, bytes, text };
}

async function remove(who: Session, id: string, key: string, headers: Record<string, string> = {}): Promise<CallResult> {
  const r = await call(attachment.DELETE, { method: 'DELETE', path: `/v1/reports/str/${id}/attachments/${key}`, params: { id, key }, headers: { cookie: who.cookie, ...headers } });
  check('DELETE', TEMPLATE, r);
  return r;
}

async function newStr(f: StrFixture): Promise<string> {
  const r = await createStr(f.analyst, { case_id: f.caseId });
  expect(r.status, r.text).toBe(201);
  return r.json.id as string;
}

async function setStatus(orgId: string, id: string, status: 'awaiting_approval' | 'rejected' | 'draft') {
  await getDb()
    .update(strReports)
    .set({ status })
    .where(and(eq(strReports.orgId, orgId), eq(strReports.id, id)));
}

async function storedFiles(orgId: string, id: string) {
  return getDb()
    .select({ key: strAttachments.key, name: strAttachments.name, type: strAttachments.type, size: strAttachments.size, sha256: strAttachments.sha256, createdBy: strAttachments.createdBy })
    .from(strAttachments)
    .where(and(eq(strAttachments.orgId, orgId), eq(strAttachments.strId, id)))
    .orderBy(asc(strAttachments.key));
}

async function auditOf(orgId: string, targetId: string) {
  return getDb()
    .select({ action: auditLog.action, actor: auditLog.actor, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.orgId, orgId), eq(auditLog.targetId, targetId)))
    .orderBy(asc(auditLog.at));
}

describe('STR attachments: type judged by content, stored with their SHA-256', () => {
  let f: StrFixture;
  let id: string;
  beforeAll(async () => {
    f = await strFixture('str-attach');
    id = await newStr(f);
  });

  it('stores a PNG named .pdf as image/png, lists it on the STR, and audits it', async () => {
    const bytes = png(4096);
    const r = await upload(f.analyst, id, 'bank-statement', file(bytes, 'statement.pdf', 'application/pdf'));
    expect(r.status, r.text).toBe(200);
    const meta = { key: 'bank-statement', name: 'statement.pdf', type: 'image/png', size: 4096, sha256: sha256(bytes) };
    expect(r.json.attachments).toEqual([meta]);
    expect(Array.isArray(r.json.checks)).toBe(true);
    expect((await readStrAs(f.analyst, id)).json.attachments).toEqual([meta]);
    expect(await storedFiles(f.org.orgId, id)).toEqual([{ ...meta, createdBy: f.analyst.id }]);
    expect((await auditOf(f.org.orgId, id)).at(-1)).toEqual({
      action: 'str.attachment_added',
      actor: f.analyst.id,
      changes: { key: 'bank-statement', name: 'statement.pdf', type: 'image/png', size: 4096, sha256: sha256(bytes) },
    });
  });

  it('GET returns the identical bytes with their stored type, SHA-256 and a safely encoded file name', async () => {
    const bytes = jpeg();
    const up = await upload(f.analyst, id, 'photo.1', file(bytes, 'Zeugnis "Müller";\tx.jpg', 'text/plain'));
    expect(up.status, up.text).toBe(200);
    const got = await fetchFile(f.analyst, id, 'photo.1');
    expect(got.status).toBe(200);
    expect(got.bytes.equals(bytes)).toBe(true);
    expect(sha256(got.bytes)).toBe(sha256(bytes));
    expect(got.headers.get('content-type')).toBe('image/jpeg');
    expect(got.headers.get('x-content-sha256')).toBe(sha256(bytes));
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    // Control characters are dropped from the name; quotes and non-ASCII never reach the quoted fallback.
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename="Zeugnis _M_ller_;x.jpg"; filename*=UTF-8''Zeugnis%20%22M%C3%BCller%22%3Bx.jpg`);
  });

  it('accepts a PDF, and the same key again replaces the file in its place', async () => {
    const first = await upload(f.analyst, id, 'report', file(pdf(), 'report.pdf'));
    expect(first.status, first.text).toBe(200);
    expect(first.json.attachments.map((a: { key: string; type: string }) => [a.key, a.type])).toEqual([
      ['bank-statement', 'image/png'],
      ['photo.1', 'image/jpeg'],
      ['report', 'application/pdf'],
    ]);
    const replacement = png(100);
    const again = await upload(f.analyst, id, 'bank-statement', file(replacement, 'new.png', 'image/png'));
    expect(again.status, again.text).toBe(200);
    expect(again.json.attachments.map((a: { key: string }) => a.key)).toEqual(['bank-statement', 'photo.1', 'report']);
    expect(again.json.attachments[0]).toEqual({ key: 'bank-statement', name: 'new.png', type: 'image/png', size: 100, sha256: sha256(replacement) });
    expect((await fetchFile(f.analyst, id, 'bank-statement')).bytes.equals(replacement)).toBe(true);
    expect((await storedFiles(f.org.orgId, id)).map((s) => s.key)).toEqual(['bank-statement', 'photo.1', 'report']);
    expect((await auditOf(f.org.orgId, id)).at(-1)?.changes).toMatchObject({ key: 'bank-statement', replaced: true, sha256: sha256(replacement) });
  });

  it('refuses a file that is not a PDF, PNG or JPEG with 400, whatever its name or declared type', async () => {
    const before = await readStrAs(f.analyst, id);
    for (const data of [Buffer.from('just some text, not a PDF'), Buffer.from('%PDF'), Buffer.alloc(0), Buffer.from('GIF89a....')]) {
      const r = await upload(f.analyst, id, 'fake', file(data, 'fake.pdf', 'application/pdf'));
      expect(r.status, r.text).toBe(400);
      expect(r.json).toEqual({ error: TYPE_MESSAGE });
    }
    expect((await readStrAs(f.analyst, id)).json.updated_at).toBe(before.json.updated_at);
  });

  it('refuses a bad key, a body that is not multipart, a missing file field and two files with 400', async () => {
    for (const key of ['Upper', 'has space', 'a'.repeat(65), 'ümlaut', 'semi;colon']) {
      const r = await upload(f.analyst, id, key, file(png()));
      expect(r.status, key).toBe(400);
      expect(r.json).toEqual({ error: 'key must be 1 to 64 characters of a-z, 0-9, ".", "_" and "-"' });
    }
    const longest = await upload(f.analyst, id, 'k'.repeat(64), file(png()));
    expect(longest.status, longest.text).toBe(200);

    const notMultipart = await upload(f.analyst, id, 'x', file(png()), { contentType: 'application/json' });
    expect(notMultipart.status).toBe(400);
    expect(notMultipart.json).toEqual({ error: 'send the file as multipart/form-data in the field "file"' });
    const wrongField = await upload(f.analyst, id, 'x', [{ name: 'document', filename: 'a.png', data: png() }, { name: 'note', data: Buffer.from('hello') }, { name: 'other', type: 'application/octet-stream', data: png() }]);
    expect(wrongField.status).toBe(400);
    expect(wrongField.json).toEqual({ error: 'send the file as multipart/form-data in the field "file"' });
    const two = await upload(f.analyst, id, 'x', [...file(png(), 'a.png'), ...file(png(), 'b.png')]);
    expect(two.status).toBe(400);
    expect(two.json).toEqual({ error: 'send one file in the field "file"' });
    const truncated = multipart(file(png())).body.subarray(0, 120);
    const cut = await call(attachment.POST, {
      method: 'POST',
      params: { id, key: 'x' },
      rawBody: truncated,
      headers: { cookie: f.analyst.cookie, 'content-type': multipart([]).contentType },
    });
    expect(cut.status, cut.text).toBe(400);
    expect((await storedFiles(f.org.orgId, id)).map((s) => s.key)).not.toContain('x');
  });

  it('keeps a name with no file name as the key, and strips folders from an uploaded name', async () => {
    const r = await upload(f.analyst, id, 'noname', [{ name: 'file', type: 'application/octet-stream', data: png() }]);
    expect(r.status, r.text).toBe(200);
    const s = await upload(f.analyst, id, 'folder', file(png(), 'C:\\Users\\me\\scan.png'));
    expect(s.status, s.text).toBe(200);
    const names = Object.fromEntries(s.json.attachments.map((a: { key: string; name: string }) => [a.key, a.name]));
    expect(names).toMatchObject({ noname: 'noname', folder: 'scan.png' });
  });
});

describe('STR attachment size: at most 20 MB', () => {
  let f: StrFixture;
  let id: string;
  beforeAll(async () => {
    f = await strFixture('str-attach-size');
    id = await newStr(f);
  });

  it('accepts a file of exactly 20 MB and returns its bytes and SHA-256 unchanged', async () => {
    const bytes = png(MB20);
    const r = await upload(f.analyst, id, 'big', file(bytes, 'big.png', 'image/png'));
    expect(r.status, r.text).toBe(200);
    expect(r.json.attachments).toEqual([{ key: 'big', name: 'big.png', type: 'image/png', size: MB20, sha256: sha256(bytes) }]);
    const got = await fetchFile(f.analyst, id, 'big');
    expect(got.bytes.length).toBe(MB20);
    expect(sha256(got.bytes)).toBe(sha256(bytes));
    // No size check fires for it.
    expect((await readStrAs(f.analyst, id)).json.checks).not.toContainEqual(expect.objectContaining({ path: 'attachments[0]' }));
  });

  it('answers 413 for 20 MB and one byte, with a Content-Length and streamed without one', async () => {
    const bytes = png(MB20 + 1);
    const declared = await upload(f.analyst, id, 'too-big', file(bytes, 'big.png', 'image/png'));
    expect(declared.status, declared.text).toBe(413);
    expect(declared.json).toEqual({ error: TOO_LARGE });
    const stream = await upload(f.analyst, id, 'too-big', file(bytes, 'big.png', 'image/png'), { stream: true });
    expect(stream.status, stream.text).toBe(413);
    expect(stream.json).toEqual({ error: TOO_LARGE });
    expect((await storedFiles(f.org.orgId, id)).map((s) => s.key)).toEqual(['big']);
  });

  it('refuses a declared length over the limit before reading, and stops reading a stream once past it', async () => {
    const huge = await call(attachment.POST, {
      method: 'POST',
      params: { id, key: 'huge' },
      rawBody: 'x',
      headers: { cookie: f.analyst.cookie, 'content-type': multipart([]).contentType, 'content-length': String(MB20 * 4) },
    });
    expect(huge.status, huge.text).toBe(413);

    const { body, contentType } = multipart(file(png(MB20 * 2), 'huge.png'));
    const pulled = { bytes: 0 };
    const r = await call(attachment.POST, { method: 'POST', params: { id, key: 'huge' }, rawBody: streamed(body, pulled), headers: { cookie: f.analyst.cookie, 'content-type': contentType } });
    expect(r.status, r.text).toBe(413);
    expect(pulled.bytes).toBeLessThan(MB20 + 1024 * 1024);
  });
});

describe('DELETE /v1/reports/str/{id}/attachments/{key} and the states and organisations of attachments', () => {
  let f: StrFixture;
  let other: StrFixture;
  let id: string;
  beforeAll(async () => {
    [f, other] = await Promise.all([strFixture('str-attach-del'), strFixture('str-attach-del-other')]);
    id = await newStr(f);
    for (const key of ['a', 'b']) expect((await upload(f.analyst, id, key, file(png(), `${key}.png`))).status).toBe(200);
  });

  it('removes a file and its entry in one go, audits it, and answers 404 for it afterwards', async () => {
    const before = (await storedFiles(f.org.orgId, id)).find((s) => s.key === 'a');
    const r = await remove(f.analyst, id, 'a');
    expect(r.status, r.text).toBe(200);
    expect(r.json.attachments.map((a: { key: string }) => a.key)).toEqual(['b']);
    expect((await storedFiles(f.org.orgId, id)).map((s) => s.key)).toEqual(['b']);
    expect((await auditOf(f.org.orgId, id)).at(-1)).toEqual({
      action: 'str.attachment_removed',
      actor: f.analyst.id,
      changes: { key: 'a', name: 'a.png', size: 64, sha256: before?.sha256 },
    });
    const again = await remove(f.analyst, id, 'a');
    expect(again.status).toBe(404);
    expect(again.json).toEqual({ error: 'attachment not found' });
    const gone = await fetchFile(f.analyst, id, 'a');
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.text)).toEqual({ error: 'attachment not found' });
  });

  it('answers 409 to attaching and removing once the STR is not a draft, while GET still answers', async () => {
    for (const status of ['awaiting_approval', 'rejected'] as const) {
      await setStatus(f.org.orgId, id, status);
      const add = await upload(f.analyst, id, 'c', file(png()));
      expect(add.status, add.text).toBe(409);
      expect(add.json).toEqual({ error: 'only a draft STR can be edited' });
      const del = await remove(f.analyst, id, 'b');
      expect(del.status, del.text).toBe(409);
      expect((await fetchFile(f.analyst, id, 'b')).status).toBe(200);
    }
    await setStatus(f.org.orgId, id, 'draft');
    expect((await storedFiles(f.org.orgId, id)).map((s) => s.key)).toEqual(['b']);
  });

  it('answers 404 for another organisation’s STR and an unknown one on every method', async () => {
    for (const target of [id, UNKNOWN_ID]) {
      const add = await upload(other.analyst, target, 'b', file(png()));
      expect(add.status, add.text).toBe(404);
      expect(add.json).toEqual({ error: 'STR not found' });
      const got = await fetchFile(other.analyst, target, 'b');
      expect(got.status).toBe(404);
      expect(JSON.parse(got.text)).toEqual({ error: 'STR not found' });
      const del = await remove(other.analyst, target, 'b');
      expect(del.status).toBe(404);
      expect(del.json).toEqual({ error: 'STR not found' });
    }
    expect((await storedFiles(f.org.orgId, id)).map((s) => s.key)).toEqual(['b']);
  });

  it('answers 401 with an API key or no session, and 403 from a foreign Origin', async () => {
    const { body, contentType } = multipart(file(png()));
    const attempts: Record<string, string>[] = [{}, { authorization: `Bearer ${f.org.key}` }];
    for (const headers of attempts) {
      const add = await call(attachment.POST, { method: 'POST', params: { id, key: 'c' }, rawBody: body, headers: { 'content-type': contentType, ...headers } });
      const got = await call(attachment.GET, { params: { id, key: 'b' }, headers });
      const del = await call(attachment.DELETE, { method: 'DELETE', params: { id, key: 'b' }, headers });
      for (const r of [add, got, del]) {
        expect(r.status, r.text).toBe(401);
        expect(r.json).toEqual({ error: NOT_SIGNED_IN_MESSAGE });
      }
    }
    const foreign = { origin: 'https://attacker.example' };
    const add = await upload(f.analyst, id, 'c', file(png()), { headers: foreign });
    const del = await remove(f.analyst, id, 'b', foreign);
    for (const r of [add, del]) {
      expect(r.status, r.text).toBe(403);
      expect(r.json).toEqual({ error: CROSS_ORIGIN_MESSAGE });
    }
    expect((await storedFiles(f.org.orgId, id)).map((s) => s.key)).toEqual(['b']);
  });
});
