import { addNote } from '@/lib/alerts/add-note';
import { noteInput } from '@/lib/alerts/schemas';
import { listNotes } from '@/lib/alerts/list-notes';
import { serializeNote } from '@/lib/alerts/serialize';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

export const GET = route({
  auth: 'key',
  summary: "An alert's notes, oldest first",
  responses: { 200: schemas.AlertNotes },
  errors: { 404: ['alert not found'] },
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => json(200, { notes: (await listNotes(db, actor, params.id as string)).map(serializeNote) }),
});

export const POST = route({
  auth: 'key',
  summary: 'Add a note to an alert',
  description: 'Allowed at any status; the author is the calling key.',
  responses: { 201: schemas.AlertNote },
  errors: { 400: ['body must be 1 to 5000 characters'], 404: ['alert not found'] },
  requestExample: { body: 'Called the customer: the payments are rent collected for a landlord. Asked for the tenancy agreements.' },
  uuidParams: ['id'],
  body: noteInput,
  handler: async ({ db, actor, params, body }) => json(201, serializeNote(await addNote(db, actor, params.id as string, body))),
});
