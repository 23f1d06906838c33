import { z } from 'zod';
import { DateTime, DecisionOutcome, Integer, Uuid } from './common';

export const Reason = z
  .object({
    rule: z.string().meta({ description: 'Rule key' }),
    version: Integer.meta({ description: 'Rule version that fired' }),
    detail: z.string(),
    weight: Integer.optional().meta({ description: 'Points added to the risk score; absent on older decisions' }),
  })
  .meta({ id: 'Reason', description: 'A rule that fired' });

export const Decision = z
  .object({
    id: Uuid,
    event_id: Uuid,
    decision: DecisionOutcome,
    risk_score: Integer.min(0).max(100),
    alert_id: Uuid.optional().meta({ description: 'The alert a review or block decision is on' }),
    decided_in_ms: Integer.min(0).optional().meta({ description: "The engine's time; absent on decisions made before it was recorded" }),
    reasons: z.array(Reason),
    created_at: DateTime,
  })
  .meta({
    id: 'Decision',
    examples: [
      {
        id: '0a4c3f8e-6f0b-4c55-9a57-0f2b9d3c1e10',
        event_id: '7d1f0e52-2b7e-4f7a-8a0c-8f9b4b5f2c11',
        decision: 'review',
        risk_score: 45,
        alert_id: 'c2b1d9a0-5e3f-4b7c-9d21-3a6e8f0b4c12',
        decided_in_ms: 1,
        reasons: [{ rule: 'structuring', version: 1, detail: 'Several payments just under the reporting threshold in 24 hours', weight: 45 }],
        created_at: '2026-03-01T09:30:00.120Z',
      },
    ],
  });
