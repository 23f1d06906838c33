import { z } from 'zod';

// The inputs of the STR verbs, each one schema: the verb parses with it (lib/validation.ts), /v1 parses
// its body with it and the OpenAPI document is generated from it.

export const STR_NOT_FOUND = 'STR not found';
export const CASE_ID_MESSAGE = 'case_id must be a case id (a UUID)';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** createStr; POST /v1/reports/str body: the case the STR is drafted from. */
export const strCreateInput = z.object({
  case_id: z
    .string({ error: CASE_ID_MESSAGE })
    .regex(UUID, CASE_ID_MESSAGE)
    .transform((s) => s.toLowerCase())
    .meta({ format: 'uuid', description: 'The case the STR reports; one STR per case' }),
});

export const NOT_A_DRAFT_MESSAGE = 'only a draft STR can be edited';
export const NOTHING_TO_SAVE = 'send subject, transactions, reason, action or indicators';
export const SUBJECT_MESSAGE = 'subject must be an object of the subject’s fields, each a string or null (address: {street, city, country})';
export const TRANSACTIONS_MESSAGE = 'transactions must list edits {index, date, amount_local, description} of the STR’s transactions';
export const DATE_MESSAGE = 'a transaction date must be an RFC 3339 date-time';
export const REASON_MESSAGE = 'reason must be a string or null';
export const ACTION_MESSAGE = 'action must be a string or null';
export const INDICATORS_MESSAGE = 'indicators must be a list of up to 100 indicator codes';

const PERSON_FIELDS = ['first_name', 'last_name', 'birth_date', 'id_number', 'nationality', 'residence', 'occupation'] as const;
const BUSINESS_FIELDS = ['name', 'registration_number', 'incorporation_country', 'incorporation_date', 'director_first_name', 'director_last_name'] as const;
const COMMON_FIELDS = ['phone', 'customer_id'] as const;
/** The subject fields a PATCH may set for each kind; `address` besides. */
export const SUBJECT_FIELDS = { person: [...COMMON_FIELDS, ...PERSON_FIELDS], business: [...COMMON_FIELDS, ...BUSINESS_FIELDS] } as const;

const optionalText = (message: string) => z.union([z.string(), z.null()], { error: message });

const subjectEdit = z
  .object(
    {
      address: z
        .union([z.object({ street: optionalText(SUBJECT_MESSAGE).optional(), city: optionalText(SUBJECT_MESSAGE).optional(), country: optionalText(SUBJECT_MESSAGE).optional() }, { error: SUBJECT_MESSAGE }).strict(), z.null()], { error: SUBJECT_MESSAGE })
        .optional(),
      ...Object.fromEntries([...COMMON_FIELDS, ...PERSON_FIELDS, ...BUSINESS_FIELDS].map((f) => [f, optionalText(SUBJECT_MESSAGE).optional()])),
    },
    { error: SUBJECT_MESSAGE },
  )
  .strict()
  .meta({ description: 'Subject fields to set (those of the subject’s kind); null clears one' });

const transactionEdit = z
  .object(
    {
      index: z.number({ error: TRANSACTIONS_MESSAGE }).int(TRANSACTIONS_MESSAGE).min(0, TRANSACTIONS_MESSAGE),
      date: z.iso.datetime({ offset: true, error: DATE_MESSAGE }).optional(),
      amount_local: z.union([z.number().nonnegative(), z.null()], { error: TRANSACTIONS_MESSAGE }).optional(),
      description: optionalText(TRANSACTIONS_MESSAGE).optional(),
    },
    { error: TRANSACTIONS_MESSAGE },
  )
  .strict();

/** updateStr; PATCH /v1/reports/str/{id} body: what to save of a draft, at least one field. */
export const strUpdateInput = z
  .object({
    subject: subjectEdit.optional(),
    transactions: z.array(transactionEdit, { error: TRANSACTIONS_MESSAGE }).max(10_000, TRANSACTIONS_MESSAGE).optional(),
    reason: optionalText(REASON_MESSAGE).optional(),
    action: optionalText(ACTION_MESSAGE).optional(),
    indicators: z
      .array(z.string({ error: INDICATORS_MESSAGE }).min(1, INDICATORS_MESSAGE).max(50, INDICATORS_MESSAGE), { error: INDICATORS_MESSAGE })
      .max(100, INDICATORS_MESSAGE)
      .transform((codes) => [...new Set(codes)])
      .optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), NOTHING_TO_SAVE);

export const NOT_A_DRAFT_TO_REVIEW = 'only a draft STR can be sent for review';
export const CHECKS_FAIL_MESSAGE = 'the STR does not pass its checks; fix the errors first';

// Editing helpers, reopening and attachments.

export const NOTHING_TO_COPY = 'the customer record has nothing to add to the subject';
export const NO_CUSTOMER_RECORD = 'the case has no subject record to copy from';
export const INDEX_MESSAGE = 'index must be a whole number (0, 1, 2 …)';
export const transactionNotFoundMessage = (index: number): string => `the STR has no transaction with index ${index}`;
export const noSourceDateMessage = (index: number): string => `transaction ${index} has no source date: the source ledger sent none`;
export const NOT_REJECTED_MESSAGE = 'only a rejected STR can be reopened';

/** The index in `/transactions/{index}/use-source-date`: digits only, so `1.5`, `-1`, `0x1` and `1e2` are refused. */
export const transactionIndexParam = z
  .string()
  .regex(/^[0-9]{1,9}$/, INDEX_MESSAGE)
  .transform(Number);
export const transactionIndex = z.number({ error: INDEX_MESSAGE }).int(INDEX_MESSAGE).min(0, INDEX_MESSAGE);

export const ATTACHMENT_KEY_MESSAGE = 'key must be 1 to 64 characters of a-z, 0-9, ".", "_" and "-"';
export const ATTACHMENT_TYPE_MESSAGE = 'the file must be a PDF, PNG or JPEG (judged by its content)';
export const ATTACHMENT_NOT_FOUND = 'attachment not found';
export const ATTACHMENT_FIELD_MESSAGE = 'send the file as multipart/form-data in the field "file"';
export const ATTACHMENT_ONE_FILE_MESSAGE = 'send one file in the field "file"';
export const ATTACHMENT_MALFORMED_MESSAGE = 'the multipart body is malformed';

/** The `key` naming an attachment in its path. */
export const strAttachmentKey = z.string({ error: ATTACHMENT_KEY_MESSAGE }).regex(/^[a-z0-9._-]{1,64}$/, ATTACHMENT_KEY_MESSAGE);
export const ATTACHMENT_TOO_LARGE_MESSAGE = 'the file is larger than 20 MB (20971520 bytes)';
