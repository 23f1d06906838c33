import { z } from 'zod';
import { CASE_STATUSES } from '@/db/schema/cases';
import { pageParams } from '@/lib/paging';
import { optionalQueryValue } from '@/lib/validation';

// The inputs of the case verbs, each one schema: the verb parses with it (lib/validation.ts), /v1
// parses its query or body with it and the OpenAPI document is generated from it.

export const CASE_NOT_FOUND = 'case not found';
export const TITLE_MAX = 200;
export const TITLE_MESSAGE = `title must be 1 to ${TITLE_MAX} characters`;
export const ALERTS_MAX = 100;
export const ALERT_IDS_MESSAGE = `alert_ids must list 1 to ${ALERTS_MAX} alert ids (UUIDs)`;
export const ALERT_ID_MESSAGE = 'alert_id must be an alert id (a UUID)';
export const CASE_STATUS_MESSAGE = 'status must be open or closed';
export const ASSIGNED_TO_MESSAGE = 'assigned_to must be 1 to 200 characters, or null to unassign';
export const NOTHING_TO_CHANGE = 'send title, status or assigned_to';
export const STATUS_FILTER_MESSAGE = 'status must be open or closed';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const nonBlank = (s: string) => s.trim() !== '';

/** A case title: 1 to 200 characters (code points), not only spaces; missing or not a string gets the same message. */
const title = z
  .string({ error: TITLE_MESSAGE })
  .refine((s) => nonBlank(s) && [...s].length <= TITLE_MAX, TITLE_MESSAGE)
  .meta({ minLength: 1, maxLength: TITLE_MAX, description: 'What the investigation is about' });

/** An alert id: a UUID, compared in lower case. */
const alertId = (message: string) =>
  z
    .string({ error: message })
    .regex(UUID, message)
    .transform((s) => s.toLowerCase())
    .meta({ format: 'uuid' });

/** createCase; POST /v1/cases body: a title and the alerts, the first of which gives the subject. Repeated ids count once. */
export const caseCreateInput = z.object({
  title,
  alert_ids: z
    .array(alertId(ALERT_IDS_MESSAGE), { error: ALERT_IDS_MESSAGE })
    .min(1, ALERT_IDS_MESSAGE)
    .max(ALERTS_MAX, ALERT_IDS_MESSAGE)
    .transform((ids) => [...new Set(ids)])
    .meta({ description: 'The alerts to gather, 1 to 100; the first alert’s source entity is the case’s subject' }),
});

/** A new assignee: 1 to 200 characters, or null to leave the case unassigned. */
const assignee = z
  .union([z.string(), z.null()], { error: ASSIGNED_TO_MESSAGE })
  .refine((v) => v === null || (nonBlank(v) && [...v].length <= 200), ASSIGNED_TO_MESSAGE)
  .optional();

/** updateCase; PATCH /v1/cases/{id} body: at least one of title, status, assigned_to. */
export const caseUpdateInput = z
  .object({
    title: title.optional(),
    status: z.enum(CASE_STATUSES, { error: CASE_STATUS_MESSAGE }).optional(),
    assigned_to: assignee,
  })
  .refine((b) => b.title !== undefined || b.status !== undefined || b.assigned_to !== undefined, { message: NOTHING_TO_CHANGE });

/** addAlertToCase; POST /v1/cases/{id}/alerts body. */
export const caseAlertInput = z.object({ alert_id: alertId(ALERT_ID_MESSAGE) });

/** GET /v1/cases query, as listCases' filter. */
export const caseListQuery = z.object({
  ...pageParams,
  status: optionalQueryValue(z.enum(CASE_STATUSES, { error: STATUS_FILTER_MESSAGE })),
});

/** The message of a 409 for an alert that is already in a case. */
export const alreadyInCaseMessage = (alertNumber: number, caseNumber: number): string =>
  `ALR-${alertNumber} is already in CASE-${caseNumber}; an alert belongs to at most one case`;
export const CASE_CLOSED_MESSAGE = 'the case is closed; reopen it before adding alerts';
