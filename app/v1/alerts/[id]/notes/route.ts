import { addNote, addNoteBody } from '@/lib/alerts/add-note';
import { listNotes } from '@/lib/alerts/list-notes';
import { serializeNote } from '@/lib/alerts/serialize';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';

export const GET = route({
  auth: 'key',
  uuidParams: ['id'],
  handler: async ({ db, actor, params }) => json(200, { notes: (await listNotes(db, actor, params.id as string)).map(serializeNote) }),
});

export const POST = route({
  auth: 'key',
  uuidParams: ['id'],
  body: addNoteBody,
  handler: async ({ db, actor, params, body }) => json(201, serializeNote(await addNote(db, actor, params.id as string, body))),
});
