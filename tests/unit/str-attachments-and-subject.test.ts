import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from '@/lib/http/content-disposition';
import { attachmentTypeOf } from '@/lib/reports/attachment-type';
import { attachmentName } from '@/lib/reports/str/attach-file';
import { subjectFromAttributes } from '@/lib/reports/str/draft-from-case';
import { fillSubject } from '@/lib/reports/str/fill-subject-from-kyc';
import type { StrBusinessSubject, StrPersonSubject } from '@/lib/reports/str/types';

const bytes = (...parts: (number[] | string)[]): Uint8Array =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('attachmentTypeOf judges a file by its first bytes', () => {
  it('knows PDF, PNG and JPEG', () => {
    expect(attachmentTypeOf(bytes('%PDF-1.4\n%âãÏÓ\n'))).toBe('application/pdf');
    expect(attachmentTypeOf(bytes('%PDF-2.0\n'))).toBe('application/pdf');
    expect(attachmentTypeOf(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR', [0, 0, 0, 1]))).toBe('image/png');
    expect(attachmentTypeOf(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF'))).toBe('image/jpeg');
    expect(attachmentTypeOf(bytes([0xff, 0xd8, 0xff, 0xe1], 'Exif'))).toBe('image/jpeg');
  });

  it('refuses anything else, near misses included', () => {
    for (const b of [
      bytes(''),
      bytes('%PDF'),
      bytes('%PDF-x.4'),
      bytes(' %PDF-1.4'),
      bytes('GIF89a'),
      bytes('PK\u0003\u0004'),
      bytes('<html>%PDF-1.4'),
      bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IDAT'),
      bytes([0xff, 0xd8]),
    ]) {
      expect(attachmentTypeOf(b), Buffer.from(b).toString('latin1')).toBeNull();
    }
  });
});

describe('attachment names', () => {
  it('keeps the uploaded name without folders, control characters or surrounding spaces, else the key', () => {
    expect(attachmentName('statement.pdf', 'k')).toBe('statement.pdf');
    expect(attachmentName('../../etc/passwd', 'k')).toBe('passwd');
    expect(attachmentName('C:\\scans\\a b.png', 'k')).toBe('a b.png');
    expect(attachmentName('bad\u0000name\u001f.pdf', 'k')).toBe('badname.pdf');
    expect(attachmentName('   ', 'k')).toBe('k');
    expect(attachmentName(null, 'k')).toBe('k');
    expect([...attachmentName('é'.repeat(300), 'k')]).toHaveLength(255);
  });

  it('writes Content-Disposition with a safe ASCII fallback and the exact name in filename*', () => {
    expect(attachmentDisposition('report.pdf')).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    expect(attachmentDisposition('a"b\\c.pdf')).toBe(`attachment; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`);
    expect(attachmentDisposition("Ärger (1)'s.png")).toBe(`attachment; filename="_rger (1)_s.png"; filename*=UTF-8''%C3%84rger%20%281%29%27s.png`);
    expect(attachmentDisposition('x\r\nSet-Cookie: a=b')).not.toMatch(/[\r\n]/);
  });
});

describe('fillSubject copies only what the draft lacks', () => {
  const person: StrPersonSubject = {
    kind: 'person',
    entity_id: 'e1',
    first_name: 'Maria',
    last_name: null,
    birth_date: ' ',
    id_number: null,
    nationality: 'IT',
    residence: null,
    occupation: null,
    address: { street: '2 Main St', city: null, country: null },
    phone: null,
    customer_id: 'C-9',
  };

  it('fills a person’s missing fields and address parts and keeps the filled ones', () => {
    const record = subjectFromAttributes('e1', 'person', {
      first_name: 'Marija',
      last_name: 'Borg',
      birth_date: '1980-04-02',
      nationality: 'MT',
      address: { street: '1 Triq il-Kbira', city: 'Valletta', country: 'MT' },
      customer_id: 'C-1',
      registration_number: 'C 123',
    });
    const { subject, copied } = fillSubject(person, record);
    expect(copied).toEqual(['last_name', 'birth_date', 'address.city', 'address.country']);
    expect(subject).toMatchObject({ first_name: 'Maria', last_name: 'Borg', birth_date: '1980-04-02', nationality: 'IT', customer_id: 'C-9' });
    expect(subject.address).toEqual({ street: '2 Main St', city: 'Valletta', country: 'MT' });
    expect(subject).not.toHaveProperty('registration_number');
  });

  it('fills a business’s fields, an address the draft did not have, and copies nothing the record lacks', () => {
    const business: StrBusinessSubject = {
      kind: 'business',
      name: 'Borg Trading Ltd',
      registration_number: null,
      incorporation_country: null,
      incorporation_date: null,
      director_first_name: null,
      director_last_name: null,
      address: null,
      phone: null,
      customer_id: null,
    };
    const record = subjectFromAttributes('b1', 'business', { name: 'Other name', registration_number: 'C 123', incorporation_country: 'MT', address: { city: 'Mosta' }, first_name: 'x' });
    const { subject, copied } = fillSubject(business, record);
    expect(copied).toEqual(['registration_number', 'incorporation_country', 'address.city']);
    expect(subject).toMatchObject({ name: 'Borg Trading Ltd', registration_number: 'C 123', incorporation_country: 'MT', address: { street: null, city: 'Mosta', country: null } });
    expect(fillSubject(subject, record).copied).toEqual([]);
    expect(fillSubject(business, subjectFromAttributes('b1', 'business', {})).copied).toEqual([]);
  });
});
