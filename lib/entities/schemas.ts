import { z } from 'zod';
import { ENTITY_KINDS } from '@/db/schema';
import { eventListQuery } from '@/lib/events/schemas';
import { pageParams } from '@/lib/paging';
import { storableId, storableJson } from './storable';

export const ID_MESSAGE = 'id is required';
export const KIND_MESSAGE = 'unknown kind';
export const ATTRIBUTES_MESSAGE = 'attributes must be a JSON object';

/** registerEntity; POST /v1/entities body. */
export const entityInput = z.object(
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
);

/** GET /v1/entities query, as listEntities' filter. */
export const entityListQuery = z.object({
  ...pageParams,
  kind: z.enum(ENTITY_KINDS, { error: KIND_MESSAGE }).optional(),
  q: z.string().max(200, 'q must be at most 200 characters').optional(),
});

/** GET /v1/entities/{id}/events query: GET /v1/events' filters but the entity, which is in the path. */
export const entityEventsQuery = eventListQuery.omit({ entity: true });
