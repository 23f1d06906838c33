import { z } from 'zod';
import { DateTime, Integer, Uuid } from './common';

export const RuleVersion = z
  .object({
    id: Uuid,
    key: z.string().meta({ description: 'Rule name shared by its versions' }),
    version: Integer.min(1),
    expr: z.string().meta({ description: 'CEL expression returning bool' }),
    weight: Integer.min(1).max(100),
    detail: z.string(),
    subject: z.enum(['source', 'destination']),
    status: z.enum(['draft', 'active', 'retired']),
    created_by: z.string().meta({ description: 'Key ID, or service-admin for seeded rules' }),
    approved_by: z.string().optional().meta({ description: 'Key ID that activated it; absent until activation' }),
    created_at: DateTime,
    activated_at: DateTime.optional().meta({ description: 'When it was activated; absent until activation' }),
  })
  .meta({ id: 'RuleVersion' });

export const RuleVersions = z.object({ rules: z.array(RuleVersion) }).meta({ id: 'RuleVersions' });

export const BacktestResult = z
  .object({
    rule_id: Uuid,
    key: z.string(),
    version: Integer,
    since: DateTime,
    until: DateTime,
    events_evaluated: Integer.min(0),
    truncated: z.boolean().meta({ description: 'True when max_events cut the window' }),
    would_flag: Integer.min(0),
    eval_errors: Integer.min(0).meta({ description: 'Run-time expression failures' }),
    baseline_version: Integer.optional().meta({ description: 'The active version compared with; absent when none' }),
    baseline_would_flag: Integer.optional(),
    newly_flagged: Integer.optional(),
    no_longer_flagged: Integer.optional(),
    sample_event_ids: z.array(Uuid).max(20),
  })
  .meta({ id: 'BacktestResult' });
