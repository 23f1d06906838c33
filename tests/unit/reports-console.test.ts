import { describe, expect, it } from 'vitest';
import { editorFieldIds, fieldId, targetOf } from '@/components/reports/field-ids';
import { attachmentKey, shownMessage } from '@/components/reports/text';
import { strAttachmentKey } from '@/lib/reports/str/schemas';
import { indicatorDescriptions } from '@/lib/reports/str/indicator-choices';

describe('STR editor field ids', () => {
  const known = editorFieldIds(
    {
      subject: { kind: 'person' },
      transactions: [{ currency: 'EUR' }, { currency: 'USD' }, { currency: 'EUR' }],
      indicators: ['1001'],
      attachments: [{}, {}],
    },
    'EUR',
  );

  it('derives one id per check path', () => {
    expect(fieldId('subject.first_name')).toBe('str-subject-first_name');
    expect(fieldId('subject.address.city')).toBe('str-subject-address-city');
    expect(fieldId('transactions[2].date')).toBe('str-transactions-2-date');
    expect(fieldId('indicators[0]')).toBe('str-indicators-0');
  });

  it('leads a check to its field, else to the nearest field or row that stands for it, else nowhere', () => {
    expect(targetOf('subject.first_name', known)).toBe('str-subject-first_name');
    expect(targetOf('subject.address.city', known)).toBe('str-subject-address-city');
    expect(targetOf('transactions[2].date', known)).toBe('str-transactions-2-date');
    expect(targetOf('transactions[1].amount_local', known)).toBe('str-transactions-1-amount_local');
    // Only a transaction in another currency has a local amount box; the row stands for the others.
    expect(targetOf('transactions[0].amount_local', known)).toBe('str-transactions-0');
    expect(targetOf('transactions[2].from.name', known)).toBe('str-transactions-2');
    expect(targetOf('transactions[7].date', known)).toBe('str-transactions');
    expect(targetOf('indicators[0]', known)).toBe('str-indicators-0');
    expect(targetOf('indicators[3]', known)).toBe('str-indicators');
    expect(targetOf('attachments[1].size', known)).toBe('str-attachments-1-size');
    expect(targetOf('reason', known)).toBe('str-reason');
    expect(targetOf('subject.name', known)).toBe('str-subject');
    expect(targetOf('document', known)).toBeNull();
    expect(targetOf('header.entity_id', known)).toBeNull();
  });
});

describe('STR editor text', () => {
  it('shortens xmllint’s messages for the checks panel', () => {
    expect(shownMessage("line 18: Schemas validity error : Element 'country_code': [facet 'enumeration'] The value '' is not an element of the set {'-', 'AC', 'AD'}.")).toBe(
      "line 18: Element 'country_code': [facet 'enumeration'] The value '' is not one of the 3 values the schema allows.",
    );
    expect(shownMessage('the reason for suspicion is missing')).toBe('the reason for suspicion is missing');
  });

  it('keys an upload by its file name, as the attachment route accepts keys, unique on the report', () => {
    const cases: [string, string[], string][] = [
      ['Bank statement.PNG', [], 'bank-statement.png'],
      ['Résumé (final).pdf', [], 'resume-final-.pdf'],
      ['scan.jpg', ['scan.jpg', 'scan-2.jpg'], 'scan-3.jpg'],
      ['...', [], 'attachment'],
      ['契約書.pdf', [], 'pdf'],
      [`${'a'.repeat(100)}.pdf`, [], 'a'.repeat(60)],
    ];
    for (const [name, taken, key] of cases) {
      expect(attachmentKey(name, taken)).toBe(key);
      expect(strAttachmentKey.safeParse(key).success).toBe(true);
    }
  });
});

describe('indicator descriptions from the filing schema', () => {
  it('reads the documentation of each code of report_indicator_type, and nothing of other types', () => {
    const xsd = `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
      <xs:simpleType name="country_type"><xs:restriction base="xs:string">
        <xs:enumeration value="MT"><xs:annotation><xs:documentation>Malta</xs:documentation></xs:annotation></xs:enumeration>
      </xs:restriction></xs:simpleType>
      <xs:simpleType name="report_indicator_type"><xs:restriction base="xs:string">
        <xs:enumeration value="1001"><xs:annotation><xs:documentation>Structuring &amp; smurfing,
          below the threshold</xs:documentation></xs:annotation></xs:enumeration>
        <xs:enumeration value="1002" />
        <xs:enumeration value="1003"></xs:enumeration>
      </xs:restriction></xs:simpleType>
    </xs:schema>`;
    expect([...indicatorDescriptions(xsd)]).toEqual([['1001', 'Structuring & smurfing, below the threshold']]);
    expect([...indicatorDescriptions('<xs:schema/>')]).toEqual([]);
  });
});
