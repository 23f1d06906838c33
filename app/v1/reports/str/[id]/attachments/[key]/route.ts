import { z } from 'zod';
import { attachmentDisposition } from '@/lib/http/content-disposition';
import { MULTIPART_OVERHEAD_BYTES, readUploadedFile } from '@/lib/http/multipart-upload';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';
import { attachStrFile } from '@/lib/reports/str/attach-file';
import { ATTACHMENT_MAX_BYTES } from '@/lib/reports/str/checks';
import { strChecks } from '@/lib/reports/str/get-str';
import { readStrAttachment } from '@/lib/reports/str/read-attachment';
import { removeStrAttachment } from '@/lib/reports/str/remove-attachment';
import {
  ATTACHMENT_FIELD_MESSAGE,
  ATTACHMENT_KEY_MESSAGE,
  ATTACHMENT_MALFORMED_MESSAGE,
  ATTACHMENT_NOT_FOUND,
  ATTACHMENT_ONE_FILE_MESSAGE,
  ATTACHMENT_TOO_LARGE_MESSAGE,
  ATTACHMENT_TYPE_MESSAGE,
  NOT_A_DRAFT_MESSAGE,
  STR_NOT_FOUND,
  strAttachmentKey,
} from '@/lib/reports/str/schemas';
import { serializeStr } from '@/lib/reports/str/serialize';
import { parseInput } from '@/lib/validation';

const UPLOAD_BODY_LIMIT = ATTACHMENT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES;

export const POST = route({
  auth: 'person',
  summary: 'Attach a file to a draft STR',
  description:
    'multipart/form-data with the file in the field `file`: a PDF, PNG or JPEG judged by its content (400 otherwise), at most 20 MB (413 above). The same key again replaces the file. 409 when the STR is not a draft. Answers the STR with its checks.',
  requestMultipart: { field: 'file', description: 'A PDF, PNG or JPEG of at most 20 MB (20971520 bytes)' },
  bodyLimit: UPLOAD_BODY_LIMIT,
  responses: { 200: schemas.Str },
  errors: {
    400: [ATTACHMENT_KEY_MESSAGE, ATTACHMENT_TYPE_MESSAGE, ATTACHMENT_FIELD_MESSAGE, ATTACHMENT_ONE_FILE_MESSAGE, ATTACHMENT_MALFORMED_MESSAGE],
    404: [STR_NOT_FOUND],
    409: [NOT_A_DRAFT_MESSAGE],
    413: [ATTACHMENT_TOO_LARGE_MESSAGE, `request body is larger than ${UPLOAD_BODY_LIMIT} bytes`],
  },
  uuidParams: ['id'],
  handler: async ({ db, actor, params, request }) => {
    // The key is checked before the body is read, so a bad path costs no upload.
    const key = parseInput(strAttachmentKey, params.key);
    const file = await readUploadedFile(request, {
      field: 'file',
      maxBytes: ATTACHMENT_MAX_BYTES,
      messages: { missing: ATTACHMENT_FIELD_MESSAGE, oneFile: ATTACHMENT_ONE_FILE_MESSAGE, malformed: ATTACHMENT_MALFORMED_MESSAGE, tooLarge: ATTACHMENT_TOO_LARGE_MESSAGE },
    });
    const str = await attachStrFile(db, actor, params.id as string, key, { name: file.filename, bytes: file.bytes });
    return json(200, serializeStr(str, await strChecks(db, str)));
  },
});

export const GET = route({
  auth: 'person',
  summary: 'An STR attachment’s bytes',
  description: 'The file as stored, with its type, `Content-Disposition: attachment` with its name, and its SHA-256 in `X-Content-SHA256`.',
  responses: {
    200: { schema: z.string().meta({ format: 'binary' }), contentType: ['application/pdf', 'image/png', 'image/jpeg'], description: 'The file' },
  },
  errors: { 404: [STR_NOT_FOUND, ATTACHMENT_NOT_FOUND] },
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => {
    const file = await readStrAttachment(db, actor, params.id as string, params.key as string);
    // node-postgres reads bytea into a Buffer of its own ArrayBuffer: sent as is, without a copy.
    return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: {
        'content-type': file.type,
        'content-length': String(file.size),
        'content-disposition': attachmentDisposition(file.name),
        'x-content-sha256': file.sha256,
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      },
    });
  },
});

export const DELETE = route({
  auth: 'person',
  summary: 'Remove an attachment from a draft STR',
  description: 'Removes the file and its entry in `attachments`. 409 when the STR is not a draft. Answers the STR with its checks.',
  responses: { 200: schemas.Str },
  errors: { 404: [STR_NOT_FOUND, ATTACHMENT_NOT_FOUND], 409: [NOT_A_DRAFT_MESSAGE] },
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => {
    const str = await removeStrAttachment(db, actor, params.id as string, params.key as string);
    return json(200, serializeStr(str, await strChecks(db, str)));
  },
});
