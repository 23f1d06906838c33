import { z } from 'zod';
import { CASE_STATUSES } from '@/db/schema/cases';
import { AlertView } from './alerts';
import { DateTime, Integer, nextCursor, Uuid } from './common';

export const Case = z
  .object({
    id: Uuid,
    number: Integer.min(1).meta({ description: 'Short reference, shown as CASE-<number>' }),
    title: z.string(),
    status: z.enum(CASE_STATUSES),
    subject_entity_id: z.string().optional().meta({ description: 'The source entity of the first alert; absent when that alert named none' }),
    alert_ids: z.array(Uuid).meta({ description: 'The case’s alerts, in the order they joined it' }),
    assigned_to: z.string().optional(),
    created_by: z.string().meta({ description: 'Key ID or person id of whoever opened the case' }),
    created_at: DateTime,
    updated_at: DateTime,
    closed_at: DateTime.optional().meta({ description: 'Present while the case is closed' }),
  })
  .meta({ id: 'Case' });

/** GET /v1/cases/{id}: the case with its alerts. */
export const CaseDetail = Case.extend({
  alerts: z.array(AlertView).meta({ description: 'The alerts with the fields of GET /v1/alerts/{id}, in the order of `alert_ids`' }),
}).meta({ id: 'CaseDetail' });

export const CasePage = z.object({ cases: z.array(Case), next_cursor: nextCursor }).meta({ id: 'CasePage' });
