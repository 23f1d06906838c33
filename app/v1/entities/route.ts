import { listEntities } from '@/lib/entities/list-entities';
import { ID_MESSAGE, KIND_MESSAGE, registerEntity } from '@/lib/entities/register-entity';
import { entityInput, entityListQuery } from '@/lib/entities/schemas';
import { serializeEntity, serializeListedEntity } from '@/lib/entities/serialize';
import { json } from '@/lib/http/respond';
import { route } from '@/lib/http/route';
import * as schemas from '@/lib/openapi/schemas';

export const POST = route({
  auth: 'key',
  summary: 'Register or update an entity',
  description: 'Creates the entity, or updates it when the id exists: the sent `kind` replaces the stored one and `attributes` are merged.',
  responses: { 200: schemas.Entity },
  errors: { 400: [ID_MESSAGE, KIND_MESSAGE] },
  requestExample: { id: 'cust-1042', kind: 'customer', attributes: { name: 'Maria Lopez', customer_id: 'C-1042', country: 'ES' } },
  body: entityInput,
  handler: async ({ db, actor, body }) => json(200, serializeEntity(await registerEntity(db, actor, body))),
});

export const GET = route({
  auth: 'key',
  summary: 'List entities',
  description: 'Paged, most recently changed first. `kind` excludes placeholders; `q` matches part of the id or of the `name` attribute, case-insensitive.',
  responses: { 200: schemas.EntityPage },
  query: entityListQuery,
  handler: async ({ db, actor, query }) => {
    const page = await listEntities(db, actor, query);
    return json(200, {
      entities: page.items.map((r) => serializeListedEntity(r.entity, r.openAlerts)),
      ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}),
    });
  },
});
