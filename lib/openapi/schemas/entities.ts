import { z } from 'zod';
import { ENTITY_KINDS } from '@/lib/entities/register-entity';
import { DateTime, Integer, nextCursor, Uuid } from './common';

export const Entity = z
  .object({
    id: z.string().meta({ description: "Caller's ID" }),
    kind: z.enum(ENTITY_KINDS).optional().meta({ description: 'Absent for unregistered placeholders' }),
    attributes: z.record(z.string(), z.unknown()).meta({ description: 'Free-form; `name` is used for search and display' }),
    created_at: DateTime,
    updated_at: DateTime,
  })
  .meta({ id: 'Entity' });

export const ListedEntity = Entity.extend({
  registered: z.boolean().meta({ description: 'False for a placeholder an event created before registration' }),
  open_alerts: Integer.min(0),
  last_seen: DateTime.optional().meta({ description: 'Latest event in or out' }),
}).meta({ id: 'ListedEntity' });

export const EntityPage = z.object({ entities: z.array(ListedEntity), next_cursor: nextCursor }).meta({ id: 'EntityPage' });

export const EntityLink = z
  .object({
    entity_id: z.string(),
    kind: z.string().optional(),
    name: z.string().optional(),
    relation: z.enum(['paid', 'paid_by', 'uses_device', 'device_user', 'shares_device']),
    via: z.string().optional().meta({ description: 'The shared device, for shares_device' }),
    first_seen: DateTime,
    last_seen: DateTime,
    open_alert: z.object({ id: Uuid, number: Integer, priority: z.string() }).optional(),
  })
  .meta({ id: 'EntityLink' });

export const EntityLinks = z.object({ links: z.array(EntityLink) }).meta({ id: 'EntityLinks' });
