import { z } from 'zod';
import { DateTime, nextCursor, Uuid } from './common';

export const AuditEntry = z
  .object({
    id: Uuid,
    at: DateTime,
    actor: z.string().meta({ description: 'Key ID, person id or a system name' }),
    actor_kind: z.enum(['key', 'person', 'system']),
    action: z.string().meta({ description: 'For example alert.closure_requested, rule.activated, key.created' }),
    target_type: z.string(),
    target_id: z.string(),
    changes: z.unknown().meta({ description: 'What changed (JSON)' }),
    request_id: z.string().optional(),
  })
  .meta({ id: 'AuditEntry' });

export const AuditPage = z.object({ entries: z.array(AuditEntry), next_cursor: nextCursor }).meta({ id: 'AuditPage' });
