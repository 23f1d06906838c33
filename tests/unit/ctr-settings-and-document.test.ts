// The CTR settings as parsed, and the CTR document builder: the client side by direction, escaping, and the same bytes
// for the same input.
import { describe, expect, it } from 'vitest';
import { parseSettings, SettingsError } from '@/lib/config';
import { buildCtrXml, type CtrDocumentRow, type CtrFilingHeader } from '@/lib/reports/ctr/build-xml';
import { isCalendarDay } from '@/lib/reports/ctr/schemas';
import { subjectFromAttributes } from '@/lib/reports/str/draft-from-case';

describe('CTR settings', () => {
  it('default to 10000 and 01:00 UTC', () => {
    const s = parseSettings({});
    expect(s.ctrThreshold).toBe(10_000);
    expect(s.ctrAtMinutes).toBe(60);
  });

  it('read SERVICE_CTR_AT as HH:MM and SERVICE_CTR_THRESHOLD as a whole number of at least 1', () => {
    expect(parseSettings({ SERVICE_CTR_AT: '23:59', SERVICE_CTR_THRESHOLD: '15000' })).toMatchObject({ ctrAtMinutes: 23 * 60 + 59, ctrThreshold: 15_000 });
    expect(parseSettings({ SERVICE_CTR_AT: '00:00' }).ctrAtMinutes).toBe(0);
    for (const bad of ['24:00', '1:00', '01:60', '0100', 'noon']) expect(() => parseSettings({ SERVICE_CTR_AT: bad }), bad).toThrow(/SERVICE_CTR_AT/);
    for (const bad of ['0', '-5', '10.5', 'ten']) expect(() => parseSettings({ SERVICE_CTR_THRESHOLD: bad }), bad).toThrow(SettingsError);
  });
});

describe('CTR dates', () => {
  it('are real calendar days written YYYY-MM-DD', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-1-01', '2026-01-01T00:00:00Z', '']) expect(isCalendarDay(bad), bad).toBe(false);
  });
});

describe('CTR document', () => {
  const header: CtrFilingHeader = {
    entity_id: 1001,
    institution: 'Example Bank',
    reference: 'CTR-7',
    submission_date: '2026-11-21T01:00:00.000Z',
    currency_local: 'EUR',
    reporting_person: { first_name: 'Maria', last_name: 'Officer' },
    date: '2026-11-20',
  };
  const customer = subjectFromAttributes('cust-1', 'person', { first_name: 'Anna', last_name: 'Borg & Co', customer_id: 'C-1' });
  const rows: CtrDocumentRow[] = [
    { eventId: 'evt-1', occurredAt: new Date('2026-11-20T09:00:00Z'), direction: 'in', amount: 6000, currency: 'EUR', customerId: 'C-1', type: 'cash_deposit', otherParty: null, customer },
    { eventId: 'evt-2', occurredAt: new Date('2026-11-20T10:00:00Z'), direction: 'out', amount: 4000.5, currency: 'USD', customerId: 'C-1', type: 'payment', otherParty: 'Corner Shop', customer },
  ];

  it('puts the customer on the receiving side of cash in and the paying side of cash out, the same bytes every time', () => {
    const xml = buildCtrXml(header, rows);
    expect(xml).toBe(buildCtrXml(header, rows));
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<report>\n')).toBe(true);
    expect(xml).toContain('<report_code>CTR</report_code>');
    expect(xml).toContain('<entity_reference>CTR-7</entity_reference>');
    expect(xml).toContain('<submission_date>2026-11-21T01:00:00</submission_date>');
    const [first, second] = xml.split('<transaction>').slice(1);
    expect(first).toMatch(/<t_from>[\s\S]*<name>Cash<\/name>[\s\S]*<\/t_from>\s*<t_to_my_client>[\s\S]*<to_person>/);
    expect(first).toContain('<transaction_description>Cash in (cash_deposit): 6000.00 EUR</transaction_description>');
    expect(second).toMatch(/<t_from_my_client>[\s\S]*<from_person>[\s\S]*<\/t_from_my_client>\s*<t_to>[\s\S]*<name>Corner Shop<\/name>/);
    expect(second).toContain('<amount_local>4000.50</amount_local>');
    expect(second).toContain('<comments>customer_id C-1</comments>');
    expect(xml).toContain('<last_name>Borg &amp; Co</last_name>');
  });
});
