/**
 * The goAML `<report>` of a CTR batch (schema 5.0.1 layout, `report_code` `CTR`): the header as an STR's, then one
 * `<transaction>` per row filed, the customer on its `t_to_my_client` side for cash paid in and on its
 * `t_from_my_client` side for cash taken out, with the customer's details from the entity's attributes (the same
 * fields as an STR subject's). The other side is the event's other party by name when it names one, else `Cash`.
 * The same input always gives the same bytes: fixed element order, two-space indentation, `\n` line ends.
 *
 * Where goAML and DESIGN leave it open:
 * - `location` (required) is the reporting institution: DESIGN gives it no address, so `address` is the institution's
 *   name and city and country are unknown (`-`).
 * - The customer ID has no element of its own on a person or a business in 5.0.1; it goes to the transaction's
 *   `comments` as `customer_id <id>`.
 * - Code lists the regulator sets (funds, conduction, contact, legal form, role) are `-`; `cash` is the funds comment
 *   and the transmode comment.
 * - No rate source exists, so a row in another currency than `currency_code_local` states its own amount in
 *   `amount_local` and its currency in the description.
 */
import { escapeXmlText, splitPhone, sqlDate, sqlDecimal } from '@/lib/reports/str/build-xml';
import type { StrAddress, StrSubject } from '@/lib/reports/str/types';

export interface CtrFilingHeader {
  entity_id: number | null;
  institution: string | null;
  /** `CTR-<number>`. */
  reference: string;
  submission_date: string;
  currency_local: string;
  reporting_person: { first_name: string; last_name: string };
  /** The UTC day reported. */
  date: string;
}

/** One row as filed: the row, the event's type and the other party, and the customer's details. */
export interface CtrDocumentRow {
  eventId: string;
  occurredAt: Date;
  direction: 'in' | 'out';
  amount: number;
  currency: string;
  customerId: string;
  type: string | null;
  /** The event's other party by name (or id); null when the event names none. */
  otherParty: string | null;
  customer: StrSubject;
}

const blank = (v: string | null | undefined): v is null | undefined => v === null || v === undefined || v.trim() === '';
const text = (v: string | null | undefined): string => (blank(v) ? '' : v.trim());
const completeAddress = (a: StrAddress | null): a is StrAddress => a !== null && !blank(a.street) && !blank(a.city) && !blank(a.country);

class Writer {
  readonly lines: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  private depth = 0;

  open(name: string) {
    this.lines.push(`${'  '.repeat(this.depth)}<${name}>`);
    this.depth++;
  }

  close(name: string) {
    this.depth--;
    this.lines.push(`${'  '.repeat(this.depth)}</${name}>`);
  }

  el(name: string, value: string) {
    const pad = '  '.repeat(this.depth);
    this.lines.push(...(value === '' ? `${pad}<${name}></${name}>` : `${pad}<${name}>${escapeXmlText(value)}</${name}>`).split('\n'));
  }

  toString() {
    return `${this.lines.join('\n')}\n`;
  }
}

function writePhone(w: Writer, phone: string | null) {
  const parts = splitPhone(phone);
  w.open('phones');
  w.open('phone');
  w.el('tph_contact_type', '-');
  w.el('tph_communication_type', '-');
  w.el('tph_country_prefix', parts?.prefix ?? '');
  w.el('tph_number', parts?.number ?? text(phone));
  w.close('phone');
  w.close('phones');
}

function writeAddresses(w: Writer, a: StrAddress | null) {
  if (!completeAddress(a)) return;
  w.open('addresses');
  w.open('address');
  w.el('address_type', '-');
  w.el('address', text(a.street));
  w.el('city', text(a.city));
  w.el('country_code', text(a.country));
  w.close('address');
  w.close('addresses');
}

function writeCustomer(w: Writer, side: 'from' | 'to', c: StrSubject) {
  if (c.kind === 'person') {
    w.open(`${side}_person`);
    w.el('first_name', text(c.first_name));
    w.el('last_name', text(c.last_name));
    w.el('birthdate', sqlDate(c.birth_date));
    w.el('ssn', text(c.id_number));
    w.el('nationality1', text(c.nationality));
    w.el('residence', text(c.residence));
    writePhone(w, c.phone);
    writeAddresses(w, c.address);
    w.el('occupation', text(c.occupation));
    w.close(`${side}_person`);
    w.el(`${side}_country`, text(c.residence) || text(c.nationality) || '-');
    return;
  }
  w.open(`${side}_entity`);
  w.el('name', text(c.name));
  w.el('commercial_name', text(c.name));
  w.el('incorporation_legal_form', '-');
  w.el('incorporation_number', text(c.registration_number));
  w.el('business', '');
  writePhone(w, c.phone);
  writeAddresses(w, c.address);
  w.el('incorporation_country_code', text(c.incorporation_country));
  w.open('director_id');
  w.el('first_name', text(c.director_first_name));
  w.el('last_name', text(c.director_last_name));
  w.el('role', '-');
  w.close('director_id');
  w.el('incorporation_date', sqlDate(c.incorporation_date));
  w.close(`${side}_entity`);
  w.el(`${side}_country`, text(c.incorporation_country) || '-');
}

function writeSide(w: Writer, side: 'from' | 'to', row: CtrDocumentRow) {
  // Cash in: the money goes to the customer; cash out: it comes from the customer.
  const mine = (row.direction === 'in') === (side === 'to');
  w.open(mine ? `t_${side}_my_client` : `t_${side}`);
  w.el(`${side}_funds_code`, '-');
  w.el(`${side}_funds_comment`, 'cash');
  if (mine) writeCustomer(w, side, row.customer);
  else {
    w.open(`${side}_entity`);
    w.el('name', text(row.otherParty) || 'Cash');
    w.close(`${side}_entity`);
    w.el(`${side}_country`, '-');
  }
  w.close(mine ? `t_${side}_my_client` : `t_${side}`);
}

/** The CTR document of the rows filed (included, with a customer ID) under a filing header. */
export function buildCtrXml(header: CtrFilingHeader, rows: readonly CtrDocumentRow[]): string {
  const w = new Writer();
  w.open('report');
  w.el('rentity_id', header.entity_id === null ? '' : String(header.entity_id));
  w.el('rentity_branch', text(header.institution) || '-');
  w.el('submission_code', 'E');
  w.el('report_code', 'CTR');
  w.el('entity_reference', header.reference);
  w.el('submission_date', sqlDate(header.submission_date));
  w.el('currency_code_local', header.currency_local);
  w.open('reporting_person');
  w.el('first_name', text(header.reporting_person.first_name));
  w.el('last_name', text(header.reporting_person.last_name));
  w.close('reporting_person');
  w.open('location');
  w.el('address_type', '-');
  w.el('address', text(header.institution) || '-');
  w.el('city', '-');
  w.el('country_code', '-');
  w.close('location');
  w.el('reason', `Cash transactions of ${header.date} (UTC) of customers whose cash in or cash out that day reached the reporting threshold`);
  for (const row of rows) {
    w.open('transaction');
    w.el('transactionnumber', row.eventId);
    w.el('transaction_location', '');
    const what = row.direction === 'in' ? 'Cash in' : 'Cash out';
    w.el('transaction_description', `${what}${blank(row.type) ? '' : ` (${row.type.trim()})`}: ${sqlDecimal(row.amount)} ${row.currency}`);
    w.el('date_transaction', sqlDate(row.occurredAt.toISOString()));
    w.el('transmode_code', '-');
    w.el('transmode_comment', 'cash');
    w.el('amount_local', sqlDecimal(row.amount));
    writeSide(w, 'from', row);
    writeSide(w, 'to', row);
    w.el('comments', `customer_id ${row.customerId}`);
    w.close('transaction');
  }
  w.open('report_indicators');
  // The goAML code for "unknown": a CTR is filed for its amounts, not for an indicator of suspicion.
  w.el('indicator', '-');
  w.close('report_indicators');
  w.close('report');
  return w.toString();
}
