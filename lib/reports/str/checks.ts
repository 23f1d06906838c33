/**
 * The checks of an STR, in DESIGN's layers: the goAML document against the filing schema (`schema`), the report's own
 * rules (`rule`), and the filing header's data (`data`). Every check has a stable `code` and a `path` the editor links
 * to a field (`subject.first_name`, `transactions[3].date`, `reason`, `indicators[0]`, `attachments[1].size`,
 * `header.institution`, or `document` when nothing narrower fits). Transactions are named by their position in the
 * draft's list.
 */
import { settings } from '@/lib/config';
import { sharedFilingSchema, type FilingSchema, type SchemaError } from '@/lib/filing/schema';
import { FILING_DETAILS_PATH, missingFilingFields, type FilingField } from '@/lib/orgs/schemas';
import { buildStrDocument, isSubjectSide, splitPhone, type StrDocument } from './build-xml';
import type { StrCheck, StrDraft, StrFilingHeader, StrSubject } from './types';

export const REASON_MAX_CHARS = 4000;
export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;

/** Stable check codes; the editor and the API's clients may rely on them. */
export const STR_CHECK_CODES = {
  schemaNotConfigured: 'schema_not_configured',
  schemaInvalid: 'schema_invalid',
  reasonMissing: 'reason_missing',
  reasonTooLong: 'reason_too_long',
  transactionsMissing: 'transactions_missing',
  indicatorsMissing: 'indicators_missing',
  indicatorUnknown: 'indicator_unknown',
  transactionNoClientSide: 'transaction_no_client_side',
  transactionClientNotSubject: 'transaction_client_not_subject',
  transactionDateInvalid: 'transaction_date_invalid',
  transactionDateFuture: 'transaction_date_future',
  transactionAmountInvalid: 'transaction_amount_invalid',
  transactionAmountLocalMissing: 'transaction_amount_local_missing',
  transactionPartyNameMissing: 'transaction_party_name_missing',
  subjectFieldMissing: 'subject_field_missing',
  subjectDateInvalid: 'subject_date_invalid',
  subjectPhoneInvalid: 'subject_phone_invalid',
  attachmentTooLarge: 'attachment_too_large',
  fieldTooLong: 'field_too_long',
  countryUnknown: 'country_unknown',
  currencyUnknown: 'currency_unknown',
  entityIdMissing: 'entity_id_missing',
  filingDetailMissing: 'filing_detail_missing',
} as const;

const C = STR_CHECK_CODES;

const blank = (v: string | null | undefined) => v === null || v === undefined || v.trim() === '';

/** The subject fields a client side needs, in the order the editor shows them, with the words the messages use. */
const PERSON_FIELDS = [
  ['first_name', 'first name'],
  ['last_name', 'last name'],
  ['birth_date', 'birth date'],
  ['id_number', 'identity number'],
  ['nationality', 'nationality'],
  ['residence', 'country of residence'],
  ['phone', 'phone'],
  ['occupation', 'occupation'],
] as const;
const BUSINESS_FIELDS = [
  ['name', 'name'],
  ['registration_number', 'registration number'],
  ['incorporation_country', 'incorporation country'],
  ['incorporation_date', 'incorporation date'],
  ['phone', 'phone'],
  ['director_first_name', "director's first name"],
  ['director_last_name', "director's last name"],
] as const;
const ADDRESS_FIELDS = [
  ['street', 'street'],
  ['city', 'city'],
  ['country', 'country'],
] as const;

function subjectChecks(subject: StrSubject): StrCheck[] {
  const out: StrCheck[] = [];
  const who = subject.kind === 'person' ? 'person' : 'business';
  const missing = (field: string, words: string) =>
    out.push({ severity: 'error', source: 'rule', code: C.subjectFieldMissing, path: `subject.${field}`, message: `the subject's ${words} is missing; goAML needs it of a client ${who}` });
  const fields = subject.kind === 'person' ? PERSON_FIELDS : BUSINESS_FIELDS;
  const values = subject as unknown as Record<string, string | null | undefined>;
  for (const [field, words] of fields) if (blank(values[field])) missing(field, words);
  for (const [field, words] of ADDRESS_FIELDS) {
    if (blank(subject.address?.[field])) missing(`address.${field}`, `address ${words}`);
  }
  const dateField = subject.kind === 'person' ? (['birth_date', subject.birth_date] as const) : (['incorporation_date', subject.incorporation_date] as const);
  if (!blank(dateField[1]) && !isCalendarDate(dateField[1] as string)) {
    out.push({ severity: 'error', source: 'rule', code: C.subjectDateInvalid, path: `subject.${dateField[0]}`, message: `the subject's ${dateField[0].replace('_', ' ')} must be a date such as 1980-04-23` });
  }
  if (!blank(subject.phone) && !splitPhone(subject.phone)) {
    out.push({ severity: 'error', source: 'rule', code: C.subjectPhoneInvalid, path: 'subject.phone', message: "the subject's phone must start with its country prefix, e.g. +356 7900 0000" });
  }
  return out;
}

function isCalendarDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v.trim());
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]) && Number(m[1]) >= 1753;
}

// goAML's sql_date starts here; its sql_decimal ends at 7.9e15.
const EARLIEST_DATE_MS = Date.UTC(1753, 0, 1);
const LARGEST_AMOUNT = 7_900_000_000_000_000;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * The rule layer: reason, transactions, indicators, the subject's fields, attachment sizes. `indicators` are the codes
 * the schema allows (null when no schema is configured: then codes are not judged). `now` decides what is in the future.
 */
export function ruleChecks(draft: StrDraft, header: Pick<StrFilingHeader, 'currency_local'>, indicators: readonly string[] | null, now: Date): StrCheck[] {
  const out: StrCheck[] = [];
  const rule = (severity: StrCheck['severity'], code: string, path: string, message: string) => out.push({ severity, source: 'rule', code, path, message });

  const reason = draft.reason ?? '';
  if (reason.trim() === '') rule('error', C.reasonMissing, 'reason', 'the reason for suspicion is missing');
  else if ([...reason].length > REASON_MAX_CHARS) rule('error', C.reasonTooLong, 'reason', `the reason is ${[...reason].length} characters long; at most ${REASON_MAX_CHARS}`);

  if (draft.transactions.length === 0) rule('error', C.transactionsMissing, 'transactions', 'the report has no transaction; it needs at least one');
  let clientSideNeeded = false;
  draft.transactions.forEach((t, i) => {
    const at = `transactions[${i}]`;
    if (!t.from.my_client && !t.to.my_client) {
      rule('error', C.transactionNoClientSide, at, `transaction ${t.event_id} has no client side; mark the side that is the institution's client`);
    } else if (!isSubjectSide(t.from, draft.subject) && !isSubjectSide(t.to, draft.subject)) {
      rule('warning', C.transactionClientNotSubject, at, `the client side of transaction ${t.event_id} is not the report's subject; it is sent as a counterparty known by its name`);
    } else {
      clientSideNeeded = true;
    }
    const ms = RFC3339.test(t.date) ? Date.parse(t.date) : Number.NaN;
    if (Number.isNaN(ms) || ms < EARLIEST_DATE_MS) rule('error', C.transactionDateInvalid, `${at}.date`, `the date of transaction ${t.event_id} must be a date and time such as 2026-11-20T09:30:00Z`);
    else if (ms > now.getTime()) rule('error', C.transactionDateFuture, `${at}.date`, `the date of transaction ${t.event_id} is in the future`);
    if (!Number.isFinite(t.amount) || t.amount < 0 || t.amount > LARGEST_AMOUNT) rule('error', C.transactionAmountInvalid, `${at}.amount`, `the amount of transaction ${t.event_id} must be a number of at least 0`);
    if (t.currency !== header.currency_local && (typeof t.amount_local !== 'number' || !Number.isFinite(t.amount_local) || t.amount_local < 0 || t.amount_local > LARGEST_AMOUNT)) {
      rule('error', C.transactionAmountLocalMissing, `${at}.amount_local`, `transaction ${t.event_id} is in ${t.currency}; give its amount in ${header.currency_local}`);
    }
    for (const side of ['from', 'to'] as const) {
      if (!isSubjectSide(t[side], draft.subject) && blank(t[side].name) && blank(t[side].entity_id)) {
        rule('error', C.transactionPartyNameMissing, `${at}.${side}.name`, `the ${side === 'from' ? 'payer' : 'payee'} of transaction ${t.event_id} has no name`);
      }
    }
  });

  if (draft.indicators.length === 0) rule('error', C.indicatorsMissing, 'indicators', 'pick at least one indicator');
  if (indicators !== null) {
    draft.indicators.forEach((code, j) => {
      if (!indicators.includes(code)) rule('error', C.indicatorUnknown, `indicators[${j}]`, `"${code}" is not an indicator code of the filing schema`);
    });
  }

  if (clientSideNeeded || draft.transactions.length === 0) out.push(...subjectChecks(draft.subject));
  else out.push(...subjectChecks(draft.subject).filter((c) => c.path.startsWith('subject.address')));

  draft.attachments.forEach((a, k) => {
    if (a.size > ATTACHMENT_MAX_BYTES) {
      rule('error', C.attachmentTooLarge, `attachments[${k}].size`, `${a.name} is ${(a.size / 1024 / 1024).toFixed(1)} MB; attachments may be at most 20 MB`);
    }
  });
  return out;
}

/** Lengths the schema allows, in characters, of the fields the document carries as text. */
const SUBJECT_MAX: Record<string, number> = {
  first_name: 100,
  last_name: 100,
  id_number: 25,
  occupation: 255,
  name: 255,
  registration_number: 50,
  director_first_name: 100,
  director_last_name: 100,
};

/**
 * Lengths and code lists the schema sets, so that a draft passing the rules gives a document the schema accepts:
 * text lengths, transaction numbers, and, when a schema is loaded, country and currency codes from its enumerations.
 */
export function limitChecks(draft: StrDraft, header: Pick<StrFilingHeader, 'currency_local'>, schema: Pick<FilingSchema, 'enumeration'> | null): StrCheck[] {
  const out: StrCheck[] = [];
  const long = (path: string, value: string | null | undefined, max: number, words: string) => {
    if (value !== null && value !== undefined && [...value.trim()].length > max) {
      out.push({ severity: 'error', source: 'rule', code: C.fieldTooLong, path, message: `${words} may be at most ${max} characters` });
    }
  };
  const subject = draft.subject as unknown as Record<string, string | null | undefined>;
  for (const [field, max] of Object.entries(SUBJECT_MAX)) {
    if (field in subject) long(`subject.${field}`, subject[field], max, `the subject's ${field.replace(/_/g, ' ')}`);
  }
  const phone = splitPhone(draft.subject.phone);
  if (phone && phone.number.length > 50) long('subject.phone', phone.number, 50, "the subject's phone number");
  long('subject.address.street', draft.subject.address?.street, 100, "the subject's street");
  long('subject.address.city', draft.subject.address?.city, 255, "the subject's city");
  long('action', draft.action, 8000, 'the action taken');
  draft.transactions.forEach((t, i) => {
    const at = `transactions[${i}]`;
    long(`${at}.event_id`, t.event_id, 100, 'a transaction number (event id)');
    long(`${at}.description`, t.description, 8000, 'a transaction description');
    for (const side of ['from', 'to'] as const) {
      if (!isSubjectSide(t[side], draft.subject)) long(`${at}.${side}.name`, t[side].name || t[side].entity_id, 255, "a counterparty's name");
    }
  });
  if (schema === null) return out;

  const countries = schema.enumeration('country_type');
  const currencies = schema.enumeration('currency_type');
  const country = (path: string, value: string | null | undefined) => {
    if (countries.length > 0 && value !== null && value !== undefined && value.trim() !== '' && !countries.includes(value.trim())) {
      out.push({ severity: 'error', source: 'rule', code: C.countryUnknown, path, message: `"${value}" is not a country code of the filing schema (ISO 3166 alpha-2, e.g. MT)` });
    }
  };
  if (draft.subject.kind === 'person') {
    country('subject.nationality', draft.subject.nationality);
    country('subject.residence', draft.subject.residence);
  } else {
    country('subject.incorporation_country', draft.subject.incorporation_country);
  }
  country('subject.address.country', draft.subject.address?.country);
  if (currencies.length > 0) {
    if (!currencies.includes(header.currency_local)) {
      out.push({ severity: 'error', source: 'rule', code: C.currencyUnknown, path: 'header.currency_local', message: `"${header.currency_local}" is not a currency code of the filing schema` });
    }
    draft.transactions.forEach((t, i) => {
      if (t.currency !== header.currency_local && !currencies.includes(t.currency)) {
        out.push({ severity: 'error', source: 'rule', code: C.currencyUnknown, path: `transactions[${i}].currency`, message: `"${t.currency}" is not a currency code of the filing schema` });
      }
    });
  }
  return out;
}

const FIELD_WORDS: Record<FilingField, string> = { institution: 'institution', licence: 'licence number', regulator: 'regulator' };

/** The data layer: the reporting entity's id (an error when unset) and the organisation's filing details (warnings). */
export function dataChecks(header: Pick<StrFilingHeader, FilingField | 'entity_id'>): StrCheck[] {
  const out: StrCheck[] = [];
  if (header.entity_id === null) {
    out.push({
      severity: 'error',
      source: 'data',
      code: C.entityIdMissing,
      path: 'header.entity_id',
      message: "the reporting entity's id at the filing unit is not set; set SERVICE_FILING_ENTITY_ID",
    });
  }
  for (const field of missingFilingFields(header)) {
    out.push({
      severity: 'warning',
      source: 'data',
      code: C.filingDetailMissing,
      path: `header.${field}`,
      message: `the organisation's ${FIELD_WORDS[field]} (${field}) is not set; set it in ${FILING_DETAILS_PATH}`,
    });
  }
  return out;
}

/** goAML element names under the subject's element, and the subject field each is written from. */
const SUBJECT_ELEMENTS: Record<string, string> = {
  first_name: 'subject.first_name',
  last_name: 'subject.last_name',
  birthdate: 'subject.birth_date',
  ssn: 'subject.id_number',
  nationality1: 'subject.nationality',
  residence: 'subject.residence',
  phones: 'subject.phone',
  occupation: 'subject.occupation',
  name: 'subject.name',
  incorporation_number: 'subject.registration_number',
  incorporation_country_code: 'subject.incorporation_country',
  incorporation_date: 'subject.incorporation_date',
  director_id: 'subject.director_first_name',
};

/** The draft path of one xmllint error: the path of the line it names, narrowed to a subject field when a child is missing. */
export function schemaErrorPath(error: SchemaError, doc: Pick<StrDocument, 'linePaths'>): string {
  const path = error.line !== null ? doc.linePaths[error.line - 1] : undefined;
  if (path === undefined) return 'document';
  if (path === 'subject') {
    const expected = /Expected is(?: one of)? \(([^)]*)\)/.exec(error.message);
    const names = expected ? (expected[1] as string).split(',').map((n) => n.trim()) : [];
    const field = names.map((n) => SUBJECT_ELEMENTS[n]).find((f) => f !== undefined);
    if (field) return field;
  }
  return path;
}

/** The schema layer: the document validated with xmllint (WebAssembly) against the filing schema; a warning without one. */
export async function schemaChecks(doc: StrDocument, schema: FilingSchema | null): Promise<StrCheck[]> {
  if (schema === null) {
    return [
      {
        severity: 'warning',
        source: 'schema',
        code: C.schemaNotConfigured,
        path: 'document',
        message: 'no filing schema is configured (SERVICE_FILING_SCHEMA); the document is not validated',
      },
    ];
  }
  const result = await schema.validate(doc.xml);
  return result.errors.map((e) => ({
    severity: 'error' as const,
    source: 'schema' as const,
    code: C.schemaInvalid,
    path: schemaErrorPath(e, doc),
    message: e.line !== null ? `line ${e.line}: ${e.message}` : e.message,
  }));
}

export interface StrCheckResult {
  document: StrDocument;
  checks: StrCheck[];
}

/** Builds the document and runs the three layers on it: schema, then rules, then data. */
export async function checkStr(draft: StrDraft, header: StrFilingHeader, options: { schema: FilingSchema | null; now?: Date }): Promise<StrCheckResult> {
  const document = buildStrDocument(draft, header);
  const schema = await schemaChecks(document, options.schema);
  const rules = [...ruleChecks(draft, header, options.schema?.indicators ?? null, options.now ?? new Date()), ...limitChecks(draft, header, options.schema)];
  return { document, checks: [...schema, ...rules, ...dataChecks(header)] };
}

/** The filing schema of this process's settings (`SERVICE_FILING_SCHEMA`), loaded once; null when none is configured. */
export async function configuredFilingSchema(): Promise<FilingSchema | null> {
  const file = settings().filingSchema;
  return file === undefined ? null : sharedFilingSchema(file);
}
