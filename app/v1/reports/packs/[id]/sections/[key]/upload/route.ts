import { MULTIPART_OVERHEAD_BYTES, readUploadedFile } from '@/lib/http/multipart-upload';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';
import { getPack } from '@/lib/reports/packs/get-pack';
import {
  DOCUMENT_FIELD_MESSAGE,
  DOCUMENT_MALFORMED_MESSAGE,
  DOCUMENT_ONE_FILE_MESSAGE,
  DOCUMENT_TOO_LARGE_MESSAGE,
  DOCUMENT_TYPE_MESSAGE,
  PACK_NOT_FOUND,
  packSectionKey,
  SECTION_NOT_FOUND,
} from '@/lib/reports/packs/schemas';
import { serializePack } from '@/lib/reports/packs/serialize';
import { DOCUMENT_MAX_BYTES, uploadPackDocument } from '@/lib/reports/packs/upload-document';
import { parseInput } from '@/lib/validation';

const UPLOAD_BODY_LIMIT = DOCUMENT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES;

export const POST = route({
  auth: 'person',
  summary: 'Upload an evidence pack section’s document',
  description:
    'multipart/form-data with the file in the field `file`: a PDF, PNG or JPEG judged by its content (400 otherwise), at most 20 MB (413 above). A second upload replaces the section’s document; like a text edit, it moves a generated pack back to draft. Answers the pack.',
  requestMultipart: { field: 'file', description: 'A PDF, PNG or JPEG of at most 20 MB (20971520 bytes)' },
  bodyLimit: UPLOAD_BODY_LIMIT,
  responses: { 200: schemas.EvidencePack },
  errors: {
    400: [SECTION_NOT_FOUND, DOCUMENT_TYPE_MESSAGE, DOCUMENT_FIELD_MESSAGE, DOCUMENT_ONE_FILE_MESSAGE, DOCUMENT_MALFORMED_MESSAGE],
    404: [PACK_NOT_FOUND],
    413: [DOCUMENT_TOO_LARGE_MESSAGE, `request body is larger than ${UPLOAD_BODY_LIMIT} bytes`],
  },
  uuidParams: ['id'],
  handler: async ({ db, actor, params, request }) => {
    // The section is checked before the body is read, so a bad path costs no upload.
    const key = parseInput(packSectionKey, params.key);
    const file = await readUploadedFile(request, {
      field: 'file',
      maxBytes: DOCUMENT_MAX_BYTES,
      messages: { missing: DOCUMENT_FIELD_MESSAGE, oneFile: DOCUMENT_ONE_FILE_MESSAGE, malformed: DOCUMENT_MALFORMED_MESSAGE, tooLarge: DOCUMENT_TOO_LARGE_MESSAGE },
    });
    await uploadPackDocument(db, actor, params.id as string, key, { name: file.filename, bytes: file.bytes });
    return json(200, serializePack(await getPack(db, actor, params.id as string)));
  },
});
