import { z } from 'zod';
import { FILING_STATES, STR_STATUSES } from '@/db/schema/reports';
import { DateTime, Integer, nextCursor, Uuid } from './common';

const nullableText = z.string().nullable();
const Address = z.object({ street: nullableText, city: nullableText, country: nullableText }).nullable();

const Party = z.object({
  entity_id: nullableText,
  name: nullableText,
  my_client: z.boolean().meta({ description: 'The side is a client of the reporting institution' }),
});

export const StrSubject = z
  .object({
    kind: z.enum(['person', 'business']),
    entity_id: nullableText.optional(),
    address: Address,
    phone: nullableText,
    customer_id: nullableText,
  })
  .catchall(z.string().nullable())
  .meta({
    id: 'StrSubject',
    description:
      'A person (`first_name`, `last_name`, `birth_date`, `id_number`, `nationality`, `residence`, `occupation`) or a business (`name`, `registration_number`, `incorporation_country`, `incorporation_date`, `director_first_name`, `director_last_name`)',
  });

export const StrTransaction = z
  .object({
    index: Integer.min(0),
    event_id: Uuid,
    date: z.string().meta({ description: 'Starts as the event’s occurred_at; may be edited' }),
    source_date: nullableText.meta({ description: 'The occurred_at of the stored payload' }),
    amount: z.number(),
    currency: z.string(),
    amount_local: z.number().nullable().optional(),
    rail: nullableText,
    from: Party,
    to: Party,
    description: nullableText,
  })
  .meta({ id: 'StrTransaction' });

export const StrCheck = z
  .object({
    severity: z.enum(['error', 'warning']),
    source: z.enum(['schema', 'rule', 'data', 'package']),
    code: z.string(),
    path: z.string().meta({ description: 'The draft field the problem is about, `header.*`, or `document`' }),
    message: z.string(),
  })
  .meta({ id: 'StrCheck' });

export const StrAttachment = z
  .object({
    key: z.string().meta({ description: 'Names the attachment in its path: /v1/reports/str/{id}/attachments/{key}' }),
    name: z.string().meta({ description: 'The file name it was uploaded with' }),
    type: z.enum(['application/pdf', 'image/png', 'image/jpeg']).meta({ description: 'Judged by the file’s content' }),
    size: Integer.min(1).meta({ description: 'Bytes' }),
    sha256: z.string().meta({ description: 'SHA-256 of the bytes, hex' }),
  })
  .meta({ id: 'StrAttachment' });

export const StrFiling = z
  .object({
    state: z.enum(FILING_STATES).meta({ description: 'queued (waiting for its next attempt), sent (an attempt under way), accepted, refused or acknowledged' }),
    reference: nullableText.meta({ description: 'The filing system’s reference once accepted' }),
    fiu_ref: nullableText.meta({ description: 'The unit’s reference once acknowledged' }),
    attempts: Integer.min(0),
    last_error: nullableText.meta({ description: 'Why the last attempt or poll failed, or the refusal’s reasons' }),
    next_attempt_at: DateTime.nullable().meta({ description: 'When the worker next sends (queued) or polls (accepted); null when nothing is left to do' }),
    xml_sha256: z.string().meta({ description: 'SHA-256 of the exact bytes sent, also in the audit log' }),
    sent_at: DateTime.nullable(),
    acknowledged_at: DateTime.nullable(),
  })
  .meta({ id: 'StrFiling', description: 'The STR’s latest filing with the filing system' });

export const StrRejection = z
  .object({
    at: DateTime,
    reason: z.string().meta({ description: 'The first reason the filing system gave' }),
    errors: z.array(z.object({ line: Integer.nullable(), message: z.string() })),
  })
  .meta({ id: 'StrRejection', description: 'The filing system’s last refusal, kept when the STR is reopened' });

export const Str = z
  .object({
    id: Uuid,
    number: Integer.min(1).meta({ description: 'Short reference, shown as STR-<number>' }),
    case_id: Uuid,
    status: z.enum(STR_STATUSES),
    subject: StrSubject,
    transactions: z.array(StrTransaction),
    reason: nullableText,
    action: nullableText,
    indicators: z.array(z.string()),
    attachments: z.array(StrAttachment),
    checks: z.array(StrCheck).optional().meta({ description: 'On reads: the checks the filing system would run now' }),
    drafted_by: z.string(),
    sent_for_review_by: nullableText,
    filed_by: nullableText,
    filing: StrFiling.nullable(),
    last_rejection: StrRejection.nullable(),
    created_at: DateTime,
    updated_at: DateTime,
  })
  .meta({ id: 'Str' });

const statusCounts = (statuses: readonly string[]) => z.object(Object.fromEntries(statuses.map((st) => [st, Integer.min(0)])));

export const ReportListItem = z
  .object({
    id: Uuid,
    kind: z.enum(['str', 'ctr', 'pack']),
    number: Integer.min(1).meta({ description: 'Shown as STR-<number>, CTR-<number> or PACK-<number>' }),
    status: z.string().meta({ description: 'The report’s status in its kind’s terms' }),
    updated_at: DateTime,
    summary: nullableText.meta({ description: 'What the report is about; for an STR the case title and the subject’s name' }),
  })
  .meta({ id: 'ReportListItem' });

export const ReportList = z
  .object({
    reports: z.array(ReportListItem),
    next_cursor: nextCursor,
    figures: z
      .object({
        str: statusCounts(STR_STATUSES),
        ctr: statusCounts(['draft', 'filed', 'acknowledged', 'rejected']),
        pack: statusCounts(['draft', 'generated']),
      })
      .meta({ description: 'Counts by kind and status over all of the organisation’s reports, not only the page' }),
  })
  .meta({ id: 'ReportList' });
