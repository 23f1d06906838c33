// Evidence pack helpers for integration tests: the pack routes called in-process as a signed-in person, each
// answer checked against the committed OpenAPI document, and the PDF read as bytes.
import * as downloadRoute from '@/app/v1/reports/packs/[id]/download/route';
import * as generateRoute from '@/app/v1/reports/packs/[id]/generate/route';
import * as packById from '@/app/v1/reports/packs/[id]/route';
import * as sectionRoute from '@/app/v1/reports/packs/[id]/sections/[key]/route';
import * as uploadRoute from '@/app/v1/reports/packs/[id]/sections/[key]/upload/route';
import * as packs from '@/app/v1/reports/packs/route';
import { call, type CallResult } from './api';
import { check, type Session } from './str';

export async function createPackAs(who: Session, body: unknown, headers: Record<string, string> = {}): Promise<CallResult> {
  const r = await call(packs.POST, { method: 'POST', path: '/v1/reports/packs', body, headers: { cookie: who.cookie, ...headers } });
  check('POST', '/v1/reports/packs', r);
  return r;
}

export async function readPackAs(who: Session, id: string): Promise<CallResult> {
  const r = await call(packById.GET, { path: `/v1/reports/packs/${id}`, params: { id }, headers: { cookie: who.cookie } });
  check('GET', '/v1/reports/packs/{id}', r);
  return r;
}

export async function editSectionAs(who: Session, id: string, key: string, body: unknown): Promise<CallResult> {
  const r = await call(sectionRoute.PATCH, { method: 'PATCH', path: `/v1/reports/packs/${id}/sections/${key}`, params: { id, key }, body, headers: { cookie: who.cookie } });
  check('PATCH', '/v1/reports/packs/{id}/sections/{key}', r);
  return r;
}

/** A multipart/form-data body with one file in the field `file`. */
export function multipartFile(data: Buffer, filename: string, type: string): { body: Buffer<ArrayBuffer>; contentType: string } {
  const boundary = `----pack-test-${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]) as Buffer<ArrayBuffer>;
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function uploadAs(who: Session, id: string, key: string, data: Buffer, filename: string, type = 'application/octet-stream'): Promise<CallResult> {
  const { body, contentType } = multipartFile(data, filename, type);
  const r = await call(uploadRoute.POST, {
    method: 'POST',
    path: `/v1/reports/packs/${id}/sections/${key}/upload`,
    params: { id, key },
    rawBody: body,
    headers: { cookie: who.cookie, 'content-type': contentType, 'content-length': String(body.length) },
  });
  check('POST', '/v1/reports/packs/{id}/sections/{key}/upload', r);
  return r;
}

export async function generateAs(who: Session, id: string): Promise<CallResult> {
  const r = await call(generateRoute.POST, { method: 'POST', path: `/v1/reports/packs/${id}/generate`, params: { id }, headers: { cookie: who.cookie } });
  check('POST', '/v1/reports/packs/{id}/generate', r);
  return r;
}

/** GET .../download as bytes (the shared `call` reads text). */
export async function downloadAs(who: Session, id: string): Promise<{ status: number; headers: Headers; bytes: Buffer; json: unknown }> {
  const request = new Request(`http://localhost/v1/reports/packs/${id}/download`, { headers: { cookie: who.cookie } });
  const response = await downloadRoute.GET(request, { params: Promise.resolve({ id }) });
  const bytes = Buffer.from(await response.arrayBuffer());
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    json = undefined;
  }
  check('GET', '/v1/reports/packs/{id}/download', { status: response.status, headers: response.headers, text: bytes.toString('latin1'), json });
  return { status: response.status, headers: response.headers, bytes, json };
}
