/** An STR draft as DESIGN's "STR record" describes it, and the header its goAML document is filed under. */

/** A postal address; each part may still be missing while the report is a draft. */
export interface StrAddress {
  street: string | null;
  city: string | null;
  /** ISO 3166 alpha-2, as the schema's `country_type` lists them. */
  country: string | null;
}

interface SubjectCommon {
  /** The case's subject entity: the transaction side with this `entity_id` and `my_client` carries the subject's details. */
  entity_id?: string | null;
  address: StrAddress | null;
  /** International form, country prefix first: `+356 7900 0000`. */
  phone: string | null;
  customer_id: string | null;
}

export interface StrPersonSubject extends SubjectCommon {
  kind: 'person';
  first_name: string | null;
  last_name: string | null;
  /** `YYYY-MM-DD`. */
  birth_date: string | null;
  /** National identity number (goAML `ssn`). */
  id_number: string | null;
  nationality: string | null;
  residence: string | null;
  /** goAML requires it of a client person. */
  occupation?: string | null;
}

export interface StrBusinessSubject extends SubjectCommon {
  kind: 'business';
  name: string | null;
  registration_number: string | null;
  incorporation_country: string | null;
  /** goAML requires these of a client business: its incorporation date (`YYYY-MM-DD`) and one director. */
  incorporation_date?: string | null;
  director_first_name?: string | null;
  director_last_name?: string | null;
}

export type StrSubject = StrPersonSubject | StrBusinessSubject;

export interface StrParty {
  entity_id: string | null;
  name: string | null;
  /** The party is a client of the reporting institution. */
  my_client: boolean;
}

export interface StrTransaction {
  index: number;
  event_id: string;
  /** RFC 3339; starts as the event's `occurred_at` and may be edited. */
  date: string;
  /** The `occurred_at` of the stored payload, for `use-source-date`. */
  source_date: string | null;
  amount: number;
  /** ISO 4217. */
  currency: string;
  /** For a transaction in another currency than the report's local one: its amount in the local currency. */
  amount_local?: number | null;
  rail: string | null;
  from: StrParty;
  to: StrParty;
  description: string | null;
}

export interface StrAttachment {
  /** Names the attachment in its path (`/v1/reports/str/{id}/attachments/{key}`). */
  key: string;
  /** The file name it was uploaded with. */
  name: string;
  type: string;
  size: number;
  sha256: string;
}

export interface StrDraft {
  subject: StrSubject;
  transactions: StrTransaction[];
  reason: string | null;
  action: string | null;
  indicators: string[];
  attachments: StrAttachment[];
}

/** What the report header is filled from: the organisation, the settings and the report itself. */
export interface StrFilingHeader {
  /** `SERVICE_FILING_ENTITY_ID` (goAML `rentity_id`). */
  entity_id: number | null;
  /** The organisation's filing details (lib/orgs/schemas.ts FILING_FIELDS); null while not set. */
  institution: string | null;
  licence: string | null;
  regulator: string | null;
  /** The report's own reference, e.g. `STR-12` (goAML `entity_reference`). */
  reference: string;
  /** RFC 3339 (goAML `submission_date`, written in UTC). */
  submission_date: string;
  /** ISO 4217 currency of `amount_local` (goAML `currency_code_local`). */
  currency_local: string;
  /** The person filing (goAML `reporting_person`). */
  reporting_person: { first_name: string; last_name: string };
}

export type CheckSeverity = 'error' | 'warning';
export type CheckSource = 'schema' | 'rule' | 'data' | 'package';

export interface StrCheck {
  severity: CheckSeverity;
  source: CheckSource;
  code: string;
  /** The draft field the problem is about (`subject.first_name`, `transactions[3].date`, `reason`), `header.*`, or `document`. */
  path: string;
  message: string;
}
