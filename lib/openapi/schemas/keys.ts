import { z } from 'zod';
import { DateTime, nextCursor, Uuid } from './common';

export const ApiKey = z
  .object({
    id: Uuid.meta({ description: 'Key ID' }),
    name: z.string(),
    prefix: z.string().meta({ description: 'First characters of the secret, to recognise it' }),
    created_at: DateTime,
    created_by: z.string().meta({ description: 'Key ID, person id or service-admin' }),
    owner: z
      .object({ kind: z.enum(['person', 'key']), id: Uuid })
      .meta({
        description:
          'Whom the key acts for in four-eyes checks: the person who made it in the console (or was named by `service-admin keys create -owner`), the owner of the key that made it through POST /v1/keys, or the key itself',
      }),
    last_used_at: DateTime.nullable(),
    revoked_at: DateTime.nullable(),
  })
  .meta({ id: 'ApiKey', description: 'A key record; never the secret' });

export const CreatedApiKey = z
  .object({
    id: Uuid,
    name: z.string(),
    key: z.string().meta({ description: 'The secret, `sk_` and at least 32 base62 characters. Shown this once; only its SHA-256 is kept' }),
    created_at: DateTime,
  })
  .meta({
    id: 'CreatedApiKey',
    examples: [{ id: '3b0f6d8e-1c2a-4e5f-9a7b-2d4c6e8f0a13', name: 'payments-gateway', key: 'sk_…', created_at: '2026-03-01T09:00:00.000Z' }],
  });

export const ApiKeyPage = z.object({ keys: z.array(ApiKey), next_cursor: nextCursor }).meta({ id: 'ApiKeyPage' });
