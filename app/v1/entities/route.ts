import { z } from 'zod';
import { listEntities } from '@/lib/entities/list-entities';
import { ATTRIBUTES_MESSAGE, ENTITY_KINDS, ID_MESSAGE, KIND_MESSAGE, registerEntity } from '@/lib/entities/register-entity';
import { serializeEntity, serializeListedEntity } from '@/lib/entities/serialize';
import { storableId, storableJson } from '@/lib/entities/storable';
import { pageParams } from '@/lib/paging';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

export const POST = route({
  auth: 'key',
  summary: 'Register or update an entity',
  description: 'Creates the entity, or updates it when the id exists: the sent `kind` replaces the stored one and `attributes` are merged.',
  responses: { 200: schemas.Entity },
  errors: { 400: ['id is required', 'unknown kind'] },
  requestExample: { id: 'cust-1042', kind: 'customer', attributes: { name: 'Maria Lopez', customer_id: 'C-1042', country: 'ES' } },
  body: z.object(
    {
      id: z
        .string({ error: ID_MESSAGE })
        .min(1, ID_MESSAGE)
        .max(200, 'id must be at most 200 characters')
        .refine(storableId, 'id must not contain NUL or unpaired surrogate characters'),
      kind: z.enum(ENTITY_KINDS, { error: KIND_MESSAGE }),
      attributes: z
        .record(z.string(), z.unknown(), { error: ATTRIBUTES_MESSAGE })
        .refine(storableJson, 'attributes must not contain NUL or unpaired surrogate characters')
        .optional(),
    },
    { error: 'the entity must be a JSON object' },
  ),
  handler: async ({ db, actor, body }) => json(200, serializeEntity(await registerEntity(db, actor, body))),
});

export const GET = route({
  auth: 'key',
  summary: 'List entities',
  description: 'Paged, most recently changed first. `kind` excludes placeholders; `q` matches part of the id or of the `name` attribute, case-insensitive.',
  responses: { 200: schemas.EntityPage },
  query: z.object({
    ...pageParams,
    kind: z.enum(ENTITY_KINDS, { error: KIND_MESSAGE }).optional(),
    q: z.string().max(200, 'q must be at most 200 characters').optional(),
  }),
  handler: async ({ db, actor, query }) => {
    const page = await listEntities(db, actor, query);
    return json(200, {
      entities: page.items.map((r) => serializeListedEntity(r.entity, r.openAlerts)),
      ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}),
    });
  },
});
