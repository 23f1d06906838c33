/**
 * The goAML `<report>` of an STR (schema 5.0.1 layout): header, reporting person, location, reason and action, one
 * `<transaction>` per draft transaction with the subject on its `t_from_my_client` / `t_to_my_client` side, and the
 * indicators. The same draft and header always give the same bytes: fixed element order, two-space indentation, `\n`
 * line ends, no value that is not in the input (dates are the input's, written in UTC).
 *
 * What goes where, where DESIGN leaves it open:
 * - `rentity_id` is `SERVICE_FILING_ENTITY_ID`; `rentity_branch` is the organisation's institution. goAML 5.0.1 has no
 *   element for the licence or the regulator; they are checked (lib/reports/str/checks.ts) but not written.
 * - `location` (the report's address) is the subject's address.
 * - Code lists whose meaning the regulator sets (funds, conduction, contact, communication, legal form, director's
 *   role) are written as `-` (unknown); the rail goes to `transmode_comment`.
 * - A side is the subject's (`*_my_client`, with the subject's details) when it is a client and its `entity_id` is the
 *   subject's (or the subject names no entity). Any other side is a counterparty known by its name (`from_entity` /
 *   `to_entity` with `name`), country `-`.
 * - A transaction in another currency than `currency_local` needs `amount_local`; its own amount then goes to
 *   `from_foreign_currency` with the rate between the two.
 */
import type { StrAddress, StrDraft, StrFilingHeader, StrParty, StrSubject, StrTransaction } from './types';

export interface StrDocument {
  /** The document, UTF-8 text with an XML declaration. */
  xml: string;
  /** For each line of `xml` (index 0 is line 1), the draft path it was written from, for mapping validation errors. */
  linePaths: string[];
}

// XML 1.0 cannot carry these at all, even escaped; they are left out of the text.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const SPECIAL = /[&<>"\r]/g;
const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;' };

/** Text content escaped for XML (`&`, `<`, `>`, `"`, carriage returns kept as `&#13;`), characters XML cannot hold dropped. */
export function escapeXmlText(text: string): string {
  return text.replace(NOT_XML, '').replace(SPECIAL, (c) => ENTITY[c] as string);
}

const blank = (v: string | null | undefined): v is null | undefined => v === null || v === undefined || v.trim() === '';
const text = (v: string | null | undefined): string => (blank(v) ? '' : v.trim());

/** An RFC 3339 date-time as goAML's `sql_date` (`YYYY-MM-DDTHH:MM:SS`, UTC); a bare `YYYY-MM-DD` at midnight; anything else as given. */
export function sqlDate(value: string | null | undefined): string {
  const v = text(value);
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return `${v}T00:00:00`;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(v)) return v;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? v : new Date(ms).toISOString().slice(0, 19);
}

/** A decimal for `sql_decimal`: the shortest form of the number rounded to 13 fraction digits, no exponent, at least two fraction digits. */
export function sqlDecimal(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  let s = String(Number(n.toFixed(13)));
  if (s.includes('e')) s = n.toFixed(13).replace(/0+$/, '');
  const [whole, fraction = ''] = s.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

/** `+356 7900 0000`, `00356-79000000` or `356 79000000`: the country prefix and the number; null otherwise. */
export function splitPhone(phone: string | null | undefined): { prefix: string; number: string } | null {
  const m = /^\s*(?:\+|00)?(\d{1,4})[\s\-./]+([\d][\d\s\-./()]*\d|\d)\s*$/.exec(phone ?? '');
  if (!m) return null;
  return { prefix: m[1] as string, number: (m[2] as string).replace(/[^\d]/g, '') };
}

/** Whether a party carries the subject's details: a client whose entity is the subject's (or any client when the subject names no entity). */
export function isSubjectSide(party: StrParty, subject: StrSubject): boolean {
  if (!party.my_client) return false;
  return blank(subject.entity_id) || party.entity_id === subject.entity_id;
}

/** The subject's country for a transaction side: a person's residence (else nationality), a business's incorporation country. */
function subjectCountry(subject: StrSubject): string {
  if (subject.kind === 'person') return text(subject.residence) || text(subject.nationality) || '-';
  return text(subject.incorporation_country) || '-';
}

const completeAddress = (a: StrAddress | null): a is StrAddress => a !== null && !blank(a.street) && !blank(a.city) && !blank(a.country);

class Writer {
  readonly lines: string[] = [];
  readonly paths: string[] = [];
  private depth = 0;

  private push(line: string, path: string) {
    // A value with line breaks spans several lines of the document; each keeps the value's path.
    const parts = line.split('\n');
    for (const part of parts) {
      this.lines.push(part);
      this.paths.push(path);
    }
  }

  open(name: string, path: string) {
    this.push(`${'  '.repeat(this.depth)}<${name}>`, path);
    this.depth++;
  }

  close(name: string, path: string) {
    this.depth--;
    this.push(`${'  '.repeat(this.depth)}</${name}>`, path);
  }

  el(name: string, value: string, path: string) {
    const pad = '  '.repeat(this.depth);
    this.push(value === '' ? `${pad}<${name}></${name}>` : `${pad}<${name}>${escapeXmlText(value)}</${name}>`, path);
  }
}

function writePhone(w: Writer, phone: string | null, path: string) {
  const parts = splitPhone(phone);
  w.open('phones', path);
  w.open('phone', path);
  w.el('tph_contact_type', '-', path);
  w.el('tph_communication_type', '-', path);
  w.el('tph_country_prefix', parts?.prefix ?? '', path);
  w.el('tph_number', parts?.number ?? text(phone), path);
  w.close('phone', path);
  w.close('phones', path);
}

function writeAddress(w: Writer, name: string, a: StrAddress | null, path: string) {
  w.open(name, path);
  w.el('address_type', '-', path);
  w.el('address', text(a?.street), `${path}.street`);
  w.el('city', text(a?.city), `${path}.city`);
  w.el('country_code', text(a?.country), `${path}.country`);
  w.close(name, path);
}

function writeSubject(w: Writer, side: 'from' | 'to', subject: StrSubject) {
  if (subject.kind === 'person') {
    const tag = `${side}_person`;
    w.open(tag, 'subject');
    w.el('first_name', text(subject.first_name), 'subject.first_name');
    w.el('last_name', text(subject.last_name), 'subject.last_name');
    w.el('birthdate', sqlDate(subject.birth_date), 'subject.birth_date');
    w.el('ssn', text(subject.id_number), 'subject.id_number');
    w.el('nationality1', text(subject.nationality), 'subject.nationality');
    w.el('residence', text(subject.residence), 'subject.residence');
    writePhone(w, subject.phone, 'subject.phone');
    if (completeAddress(subject.address)) {
      w.open('addresses', 'subject.address');
      writeAddress(w, 'address', subject.address, 'subject.address');
      w.close('addresses', 'subject.address');
    }
    w.el('occupation', text(subject.occupation), 'subject.occupation');
    w.close(tag, 'subject');
    return;
  }
  const tag = `${side}_entity`;
  w.open(tag, 'subject');
  w.el('name', text(subject.name), 'subject.name');
  w.el('commercial_name', text(subject.name), 'subject.name');
  w.el('incorporation_legal_form', '-', 'subject');
  w.el('incorporation_number', text(subject.registration_number), 'subject.registration_number');
  w.el('business', '', 'subject');
  writePhone(w, subject.phone, 'subject.phone');
  if (completeAddress(subject.address)) {
    w.open('addresses', 'subject.address');
    writeAddress(w, 'address', subject.address, 'subject.address');
    w.close('addresses', 'subject.address');
  }
  w.el('incorporation_country_code', text(subject.incorporation_country), 'subject.incorporation_country');
  w.open('director_id', 'subject');
  w.el('first_name', text(subject.director_first_name), 'subject.director_first_name');
  w.el('last_name', text(subject.director_last_name), 'subject.director_last_name');
  w.el('role', '-', 'subject');
  w.close('director_id', 'subject');
  w.el('incorporation_date', sqlDate(subject.incorporation_date), 'subject.incorporation_date');
  w.close(tag, 'subject');
}

function writeSide(w: Writer, side: 'from' | 'to', t: StrTransaction, at: string, subject: StrSubject, currencyLocal: string) {
  const party = t[side];
  const path = `${at}.${side}`;
  const mine = isSubjectSide(party, subject);
  const tag = mine ? `t_${side}_my_client` : `t_${side}`;
  w.open(tag, path);
  w.el(`${side}_funds_code`, '-', path);
  if (side === 'from' && t.currency !== currencyLocal && typeof t.amount_local === 'number' && t.amount > 0) {
    w.open('from_foreign_currency', `${at}.currency`);
    w.el('foreign_currency_code', t.currency, `${at}.currency`);
    w.el('foreign_amount', sqlDecimal(t.amount), `${at}.amount`);
    w.el('foreign_exchange_rate', sqlDecimal(Math.round((t.amount_local / t.amount) * 1e6) / 1e6), `${at}.amount_local`);
    w.close('from_foreign_currency', `${at}.currency`);
  }
  if (mine) {
    writeSubject(w, side, subject);
    w.el(`${side}_country`, subjectCountry(subject), subject.kind === 'person' ? 'subject.residence' : 'subject.incorporation_country');
  } else {
    w.open(`${side}_entity`, path);
    w.el('name', text(party.name) || text(party.entity_id), `${path}.name`);
    w.close(`${side}_entity`, path);
    w.el(`${side}_country`, '-', path);
  }
  w.close(tag, path);
}

/** The goAML document of an STR draft under a filing header; see the file's comment for the mapping. */
export function buildStrDocument(draft: StrDraft, header: StrFilingHeader): StrDocument {
  const w = new Writer();
  w.lines.push('<?xml version="1.0" encoding="UTF-8"?>');
  w.paths.push('document');
  w.open('report', 'document');
  w.el('rentity_id', header.entity_id === null ? '' : String(header.entity_id), 'header.entity_id');
  w.el('rentity_branch', text(header.institution) || '-', 'header.institution');
  w.el('submission_code', 'E', 'document');
  w.el('report_code', 'STR', 'document');
  w.el('entity_reference', header.reference, 'header.reference');
  w.el('submission_date', sqlDate(header.submission_date), 'header.submission_date');
  w.el('currency_code_local', header.currency_local, 'header.currency_local');
  w.open('reporting_person', 'header.reporting_person');
  w.el('first_name', text(header.reporting_person.first_name), 'header.reporting_person');
  w.el('last_name', text(header.reporting_person.last_name), 'header.reporting_person');
  w.close('reporting_person', 'header.reporting_person');
  writeAddress(w, 'location', draft.subject.address, 'subject.address');
  w.el('reason', draft.reason ?? '', 'reason');
  if (!blank(draft.action)) w.el('action', draft.action, 'action');

  draft.transactions.forEach((t, i) => {
    const at = `transactions[${i}]`;
    w.open('transaction', at);
    w.el('transactionnumber', t.event_id, `${at}.event_id`);
    w.el('transaction_location', '', at);
    w.el('transaction_description', t.description ?? '', `${at}.description`);
    w.el('date_transaction', sqlDate(t.date), `${at}.date`);
    w.el('transmode_code', '-', `${at}.rail`);
    if (!blank(t.rail)) w.el('transmode_comment', t.rail.trim().slice(0, 50), `${at}.rail`);
    const local = t.currency === header.currency_local ? t.amount : (t.amount_local ?? t.amount);
    w.el('amount_local', sqlDecimal(local), t.currency === header.currency_local ? `${at}.amount` : `${at}.amount_local`);
    writeSide(w, 'from', t, at, draft.subject, header.currency_local);
    writeSide(w, 'to', t, at, draft.subject, header.currency_local);
    w.close('transaction', at);
  });

  w.open('report_indicators', 'indicators');
  draft.indicators.forEach((code, j) => w.el('indicator', code, `indicators[${j}]`));
  w.close('report_indicators', 'indicators');
  w.close('report', 'document');
  return { xml: `${w.lines.join('\n')}\n`, linePaths: w.paths };
}

/** The document's bytes (UTF-8), as `GET .../xml` serves them and the filing sends them. */
export function buildStrXml(draft: StrDraft, header: StrFilingHeader): string {
  return buildStrDocument(draft, header).xml;
}
