// The STR's goAML document (lib/reports/str/build-xml.ts) and its checks (lib/reports/str/checks.ts), against the
// goAML 5.0.1 XSD with xmllint-wasm in-process and with Debian's xmllint as an independent check.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseSettings } from '@/lib/config';
import { loadFilingSchema, xsdEnumeration, type FilingSchema } from '@/lib/filing/schema';
import { buildStrDocument, buildStrXml, escapeXmlText, sqlDate, sqlDecimal, splitPhone } from '@/lib/reports/str/build-xml';
import { checkStr, dataChecks, limitChecks, ruleChecks, schemaChecks, schemaErrorPath, STR_CHECK_CODES as C } from '@/lib/reports/str/checks';
import type { StrBusinessSubject, StrCheck, StrDraft, StrFilingHeader, StrPersonSubject } from '@/lib/reports/str/types';

const here = path.dirname(fileURLToPath(import.meta.url));
const SCHEMA = path.resolve(here, '../../../shared/data/filing/goaml-5.0.1.xsd');
const PERSON_FIXTURE = path.join(here, 'fixtures/str-person.xml');
const NOW = new Date('2026-11-25T12:00:00Z');
const XMLLINT = '/usr/bin/xmllint';

const person: StrPersonSubject = {
  kind: 'person',
  entity_id: 'cust-1',
  first_name: 'Anna',
  last_name: 'Borg',
  birth_date: '1980-04-23',
  id_number: '123456M',
  nationality: 'MT',
  residence: 'MT',
  occupation: 'Trader',
  address: { street: '12 Triq il-Kbira', city: 'Valletta', country: 'MT' },
  phone: '+356 7900 1234',
  customer_id: 'C-1',
};

const business: StrBusinessSubject = {
  kind: 'business',
  entity_id: 'cust-2',
  name: 'Harbour Trading Ltd',
  registration_number: 'C 81234',
  incorporation_country: 'MT',
  incorporation_date: '2014-06-02',
  director_first_name: 'Joseph',
  director_last_name: 'Camilleri',
  address: { street: '1 Marina Street', city: 'Sliema', country: 'MT' },
  phone: '+356 2133 4455',
  customer_id: 'B-7',
};

/** Three transactions: out to a counterparty, in from one in US dollars, and out again by card, the subject as `entityId`. */
function transactionsOf(entityId: string, name: string): StrDraft['transactions'] {
  const me = () => ({ entity_id: entityId, name, my_client: true });
  return [
    {
      index: 0,
      event_id: 'evt-0001',
      date: '2026-11-20T09:30:00+01:00',
      source_date: '2026-11-20T09:30:00+01:00',
      amount: 4900,
      currency: 'EUR',
      rail: 'sepa',
      from: me(),
      to: { entity_id: 'cp-1', name: 'Nordic Shell Holdings', my_client: false },
      description: 'Invoice 77 "consulting" <urgent> & confidential',
    },
    {
      index: 1,
      event_id: 'evt-0002',
      date: '2026-11-21T14:05:10Z',
      source_date: '2026-11-21T14:05:10Z',
      amount: 12_500.75,
      currency: 'USD',
      amount_local: 11_530.2,
      rail: 'swift',
      from: { entity_id: 'cp-2', name: 'Offshore Co. (BVI)', my_client: false },
      to: me(),
      description: 'Loan repayment\nsecond line of the note',
    },
    {
      index: 2,
      event_id: 'evt-0003',
      date: '2026-11-22T23:59:59Z',
      source_date: null,
      amount: 4_999.99,
      currency: 'EUR',
      rail: 'card',
      from: me(),
      to: { entity_id: 'cp-3', name: 'Casino Royale Online', my_client: false },
      description: null,
    },
  ];
}

const personDraft = (): StrDraft => ({
  subject: structuredClone(person),
  transactions: transactionsOf('cust-1', 'Anna Borg'),
  reason: 'Three payments just under the reporting threshold within three days, to and from unrelated offshore counterparties.',
  action: 'Account placed under enhanced monitoring; relationship under review.',
  indicators: ['-'],
  attachments: [{ key: 'statement', name: 'statement.pdf', type: 'application/pdf', size: 182_331, sha256: 'ab'.repeat(32) }],
});

const businessDraft = (): StrDraft => ({
  ...personDraft(),
  subject: structuredClone(business),
  transactions: transactionsOf('cust-2', 'Harbour Trading Ltd'),
  action: null,
});

const header = (over: Partial<StrFilingHeader> = {}): StrFilingHeader => ({
  entity_id: 1001,
  institution: 'Example Bank plc',
  licence: 'C-0042',
  regulator: 'FIAU',
  reference: 'STR-12',
  submission_date: '2026-11-25T10:00:00Z',
  currency_local: 'EUR',
  reporting_person: { first_name: 'Maria', last_name: 'Officer' },
  ...over,
});

function debianXmllint(xml: string): { status: number | null; output: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'str-xml-'));
  const file = path.join(dir, 'report.xml');
  writeFileSync(file, xml);
  const result = spawnSync(XMLLINT, ['--noout', '--schema', SCHEMA, file], { encoding: 'utf8' });
  if (result.error) {
    throw new Error(
      `${XMLLINT} could not be run (${(result.error as NodeJS.ErrnoException).code}): install Debian's libxml2-utils (apt-get install libxml2-utils); it is the independent check of the STR documents`,
    );
  }
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const codes = (checks: StrCheck[]) => checks.map((c) => `${c.code} ${c.path}`);

let schema: FilingSchema;
beforeAll(async () => {
  schema = await loadFilingSchema(SCHEMA);
});

describe('STR goAML document', { timeout: 30_000 }, () => {
  it.each([
    ['a person subject', personDraft],
    ['a business subject', businessDraft],
  ])('with %s validates against the XSD with xmllint-wasm and with Debian xmllint, and passes every check', async (_, draft) => {
    const xml = buildStrXml(draft(), header());
    expect(await schema.validate(xml)).toEqual({ valid: true, errors: [] });
    const cli = debianXmllint(xml);
    expect(cli.output).toContain('validates');
    expect(cli.status).toBe(0);
    const { checks, document } = await checkStr(draft(), header(), { schema, now: NOW });
    expect(checks).toEqual([]);
    expect(document.xml).toBe(xml);
  });

  it('puts the subject on the client side of each transaction, in both directions, and counterparties by name', () => {
    const xml = buildStrXml(personDraft(), header());
    const txs = xml.split('<transaction>').slice(1);
    expect(txs).toHaveLength(3);
    expect(txs[0]).toMatch(/<t_from_my_client>[\s\S]*<from_person>[\s\S]*<first_name>Anna<\/first_name>[\s\S]*<\/t_from_my_client>\s*<t_to>\s*<to_funds_code>-<\/to_funds_code>\s*<to_entity>\s*<name>Nordic Shell Holdings<\/name>/);
    expect(txs[1]).toMatch(/<t_from>[\s\S]*<from_foreign_currency>\s*<foreign_currency_code>USD<\/foreign_currency_code>\s*<foreign_amount>12500.75<\/foreign_amount>\s*<foreign_exchange_rate>0.922361<\/foreign_exchange_rate>/);
    expect(txs[1]).toMatch(/<amount_local>11530.20<\/amount_local>/);
    expect(txs[1]).toMatch(/<t_to_my_client>[\s\S]*<to_person>[\s\S]*<ssn>123456M<\/ssn>/);
    expect(txs[2]).toContain('<t_from_my_client>');
    expect(xml).toContain('<date_transaction>2026-11-20T08:30:00</date_transaction>');
    expect(xml).toContain('<rentity_id>1001</rentity_id>');
    expect(xml).toContain('<rentity_branch>Example Bank plc</rentity_branch>');
    expect(xml).toContain('<entity_reference>STR-12</entity_reference>');
    const biz = buildStrXml(businessDraft(), header());
    expect(biz).toMatch(/<t_from_my_client>\s*<from_funds_code>-<\/from_funds_code>\s*<from_entity>\s*<name>Harbour Trading Ltd<\/name>/);
    expect(biz).toMatch(/<director_id>\s*<first_name>Joseph<\/first_name>\s*<last_name>Camilleri<\/last_name>\s*<role>-<\/role>/);
    expect(biz).not.toContain('<action>');
  });

  it('is byte-identical for the same draft, whatever the order of its keys, and matches the stored fixture', () => {
    const a = buildStrXml(personDraft(), header());
    const reordered = JSON.parse(JSON.stringify(personDraft(), (_k, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v))) as StrDraft;
    expect(buildStrXml(reordered, header())).toBe(a);
    expect(buildStrXml(personDraft(), header())).toBe(a);
    expect(a).toBe(readFileSync(PERSON_FIXTURE, 'utf8'));
    expect(Buffer.from(a, 'utf8').equals(readFileSync(PERSON_FIXTURE))).toBe(true);
  });

  it('escapes text and leaves out characters XML cannot hold, and the document still validates', async () => {
    expect(escapeXmlText('a & b < c > d "e"\r\n\u0001f\uD800')).toBe('a &amp; b &lt; c &gt; d &quot;e&quot;&#13;\nf');
    const draft = personDraft();
    draft.subject = { ...person, last_name: 'Borg & <Sons> "Ltd"\u0007' };
    draft.reason = 'Cash & cheques <b>not</b> "declared"\r\nsee ]]> notes';
    const xml = buildStrXml(draft, header());
    expect(xml).toContain('<last_name>Borg &amp; &lt;Sons&gt; &quot;Ltd&quot;</last_name>');
    expect(xml).toContain('<reason>Cash &amp; cheques &lt;b&gt;not&lt;/b&gt; &quot;declared&quot;&#13;\nsee ]]&gt; notes</reason>');
    expect(await schema.validate(xml)).toEqual({ valid: true, errors: [] });
    expect(debianXmllint(xml).status).toBe(0);
  });

  it('writes dates in UTC, decimals without exponents, and phones as prefix and number', () => {
    expect(sqlDate('2026-11-20T09:30:00+01:00')).toBe('2026-11-20T08:30:00');
    expect(sqlDate('1980-04-23')).toBe('1980-04-23T00:00:00');
    expect(sqlDate('not a date')).toBe('not a date');
    expect(sqlDecimal(4900)).toBe('4900.00');
    expect(sqlDecimal(0.000001)).toBe('0.000001');
    expect(sqlDecimal(1e15)).toBe('1000000000000000.00');
    expect(sqlDecimal(11_530.2)).toBe('11530.20');
    expect(sqlDecimal(0.1 + 0.2)).toBe('0.30');
    expect(sqlDecimal(1e-7)).toBe('0.0000001');
    expect(sqlDecimal(0.12345678901234)).toBe('0.1234567890123');
    expect(splitPhone('+356 7900 1234')).toEqual({ prefix: '356', number: '79001234' });
    expect(splitPhone('0044-20-7946-0000')).toEqual({ prefix: '44', number: '2079460000' });
    expect(splitPhone('79001234')).toBeNull();
  });

  it('validates a case of 1,000 transactions', async () => {
    const draft = personDraft();
    const base = draft.transactions;
    draft.transactions = Array.from({ length: 1000 }, (_, i) => ({ ...(base[i % 3] as StrDraft['transactions'][number]), index: i, event_id: `evt-${i}` }));
    const { checks } = await checkStr(draft, header(), { schema, now: NOW });
    expect(checks).toEqual([]);
  });
});

describe('STR rule checks', () => {
  const rules = (draft: StrDraft, h = header()) => ruleChecks(draft, h, schema.indicators, NOW);

  it('a reason of 1 to 4000 characters', () => {
    const d = personDraft();
    d.reason = '   ';
    expect(rules(d)).toEqual([{ severity: 'error', source: 'rule', code: 'reason_missing', path: 'reason', message: 'the reason for suspicion is missing' }]);
    d.reason = null;
    expect(codes(rules(d))).toEqual(['reason_missing reason']);
    d.reason = 'x'.repeat(4001);
    expect(codes(rules(d))).toEqual(['reason_too_long reason']);
    d.reason = '€'.repeat(4000);
    expect(rules(d)).toEqual([]);
  });

  it('at least one transaction and one indicator, and indicators the schema knows', () => {
    const d = personDraft();
    d.transactions = [];
    d.indicators = [];
    expect(codes(rules(d))).toEqual(['transactions_missing transactions', 'indicators_missing indicators']);
    const e = personDraft();
    e.indicators = ['-', 'ZZ9'];
    expect(rules(e)).toEqual([{ severity: 'error', source: 'rule', code: C.indicatorUnknown, path: 'indicators[1]', message: '"ZZ9" is not an indicator code of the filing schema' }]);
    // Without a schema the codes are not judged.
    expect(ruleChecks(e, header(), null, NOW)).toEqual([]);
  });

  it('a client side on every transaction; a client that is not the subject is a warning', () => {
    const d = personDraft();
    (d.transactions[1] as StrDraft['transactions'][number]).to.my_client = false;
    d.transactions[2]!.from = { entity_id: 'cust-9', name: 'Another Client', my_client: true };
    expect(rules(d).map((c) => [c.severity, c.code, c.path])).toEqual([
      ['error', 'transaction_no_client_side', 'transactions[1]'],
      ['warning', 'transaction_client_not_subject', 'transactions[2]'],
    ]);
    // That other client is then sent as a counterparty, and the document stays valid.
    expect(buildStrXml(d, header())).toContain('<name>Another Client</name>');
  });

  it('no date in the future, and a date must be one', () => {
    const d = personDraft();
    d.transactions[0]!.date = '2026-11-25T12:00:01Z';
    d.transactions[2]!.date = '22/11/2026';
    expect(rules(d)).toEqual([
      { severity: 'error', source: 'rule', code: 'transaction_date_future', path: 'transactions[0].date', message: 'the date of transaction evt-0001 is in the future' },
      {
        severity: 'error',
        source: 'rule',
        code: 'transaction_date_invalid',
        path: 'transactions[2].date',
        message: 'the date of transaction evt-0003 must be a date and time such as 2026-11-20T09:30:00Z',
      },
    ]);
    d.transactions[0]!.date = '2026-11-25T12:00:00Z';
    d.transactions[2]!.date = '2026-11-22T23:59:59Z';
    expect(rules(d)).toEqual([]);
  });

  it('an amount, and the local amount of a foreign-currency transaction', () => {
    const d = personDraft();
    d.transactions[1]!.amount_local = null;
    d.transactions[0]!.amount = -1;
    expect(codes(rules(d))).toEqual(['transaction_amount_invalid transactions[0].amount', 'transaction_amount_local_missing transactions[1].amount_local']);
    d.transactions[0]!.amount = 8e15;
    expect(codes(rules(d))[0]).toBe('transaction_amount_invalid transactions[0].amount');
  });

  it('a counterparty with a name, and dates the schema can hold', () => {
    const d = personDraft();
    d.transactions[0]!.to = { entity_id: null, name: ' ', my_client: false };
    d.transactions[1]!.date = '1700-01-01T00:00:00Z';
    expect(codes(rules(d))).toEqual(['transaction_party_name_missing transactions[0].to.name', 'transaction_date_invalid transactions[1].date']);
    // A counterparty known only by its entity id goes by that id.
    d.transactions[0]!.to = { entity_id: 'cp-77', name: null, my_client: false };
    expect(buildStrXml(d, header())).toContain('<name>cp-77</name>');
  });

  it('the subject fields a client side needs: a person', () => {
    const d = personDraft();
    d.subject = { ...person, occupation: null, birth_date: '', phone: '79001234', address: { street: '12 Triq il-Kbira', city: null, country: 'MT' } };
    expect(codes(rules(d))).toEqual(['subject_field_missing subject.birth_date', 'subject_field_missing subject.occupation', 'subject_field_missing subject.address.city', 'subject_phone_invalid subject.phone']);
    const missing = rules(d)[1] as StrCheck;
    expect(missing.message).toBe("the subject's occupation is missing; goAML needs it of a client person");
    d.subject = { ...person, birth_date: '1980-02-30' };
    expect(codes(rules(d))).toEqual(['subject_date_invalid subject.birth_date']);
  });

  it('the subject fields a client side needs: a business', () => {
    const d = businessDraft();
    d.subject = { ...business, registration_number: null, director_last_name: ' ', incorporation_date: undefined, address: null };
    expect(codes(rules(d))).toEqual([
      'subject_field_missing subject.registration_number',
      'subject_field_missing subject.incorporation_date',
      'subject_field_missing subject.director_last_name',
      'subject_field_missing subject.address.street',
      'subject_field_missing subject.address.city',
      'subject_field_missing subject.address.country',
    ]);
  });

  it('attachments of at most 20 MB', () => {
    const d = personDraft();
    d.attachments = [
      { key: 'a', name: 'a.pdf', type: 'application/pdf', size: 20 * 1024 * 1024, sha256: '0'.repeat(64) },
      { key: 'scan', name: 'scan.png', type: 'image/png', size: 20 * 1024 * 1024 + 1, sha256: '1'.repeat(64) },
    ];
    expect(rules(d)).toEqual([{ severity: 'error', source: 'rule', code: 'attachment_too_large', path: 'attachments[1].size', message: 'scan.png is 20.0 MB; attachments may be at most 20 MB' }]);
  });

  it('lengths and code lists of the schema', () => {
    const d = personDraft();
    d.subject = { ...person, id_number: '1'.repeat(26), nationality: 'XX', address: { street: 's'.repeat(101), city: 'Valletta', country: 'MT' } };
    d.transactions[0]!.event_id = 'e'.repeat(101);
    d.transactions[1]!.currency = 'ABC';
    expect(codes(limitChecks(d, header(), schema))).toEqual([
      'field_too_long subject.id_number',
      'field_too_long subject.address.street',
      'field_too_long transactions[0].event_id',
      'country_unknown subject.nationality',
      'currency_unknown transactions[1].currency',
    ]);
    expect(codes(limitChecks(d, header({ currency_local: 'EURO' }), schema))).toContain('currency_unknown header.currency_local');
  });
});

describe('a draft that passes the rules gives a valid document', () => {
  it('over 60 drafts varied at random (seeded), person and business', { timeout: 60_000 }, async () => {
    let seed = 7;
    const rand = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
    const texts = ['', ' ', 'Ünïcödé ✓ 𝄞', 'a & b <c> "d"', 'x'.repeat(101), 'y'.repeat(300), 'line\nbreak\r\nhere', '\u0001ctl', null];
    const mutations: ((d: StrDraft) => void)[] = [
      (d) => ((d.subject as unknown as Record<string, unknown>)[pick(['first_name', 'last_name', 'name', 'id_number', 'occupation', 'registration_number', 'director_last_name'])] = pick(texts)),
      (d) => ((d.subject as unknown as Record<string, unknown>)[pick(['nationality', 'residence', 'incorporation_country'])] = pick(['MT', 'DE', 'XX', '', 'mt', null])),
      (d) => ((d.subject as unknown as Record<string, unknown>)[pick(['birth_date', 'incorporation_date'])] = pick(['1990-01-31', '1990-13-01', '1600-01-01', '', null])),
      (d) => (d.subject.phone = pick(['+356 7900 1234', '79001234', '+1 ' + '5'.repeat(60), '', null])),
      (d) => (d.subject.address = pick([null, { street: pick(texts), city: 'Valletta', country: pick(['MT', 'ZZ']) }])),
      (d) => (d.reason = pick(['ok', '', 'r'.repeat(4001), 'a & b'])),
      (d) => (d.action = pick([null, '', 'a'.repeat(8001), 'Closed'])),
      (d) => (d.indicators = pick([[], ['-'], ['-', 'X']])),
      (d) => {
        const t = pick(d.transactions);
        t.date = pick(['2026-11-01T00:00:00Z', '2027-01-01T00:00:00Z', '1700-01-01T00:00:00Z', 'yesterday']);
      },
      (d) => {
        const t = pick(d.transactions);
        t.event_id = pick(['evt-x', 'e'.repeat(101), 'evt & <1>']);
      },
      (d) => {
        const t = pick(d.transactions);
        t.currency = pick(['EUR', 'USD', 'QQQ']);
        t.amount_local = pick([null, 10, -1]);
      },
      (d) => {
        const t = pick(d.transactions);
        t[pick(['from', 'to'] as const)] = pick([
          { entity_id: null, name: null, my_client: false },
          { entity_id: 'cp-9', name: pick(texts), my_client: false },
          { entity_id: 'other-client', name: 'Other', my_client: true },
        ]);
      },
      (d) => (pick(d.transactions).description = pick(texts)),
      (d) => (pick(d.transactions).rail = pick(texts)),
    ];
    let passed = 0;
    let refused = 0;
    for (let i = 0; i < 60; i++) {
      const d = i % 2 === 0 ? personDraft() : businessDraft();
      const n = 1 + Math.floor(rand() * 3);
      for (let k = 0; k < n; k++) pick(mutations)(d);
      const errors = [...ruleChecks(d, header(), schema.indicators, NOW), ...limitChecks(d, header(), schema)].filter((c) => c.severity === 'error');
      const result = await schema.validate(buildStrXml(d, header()));
      if (errors.length === 0) {
        passed++;
        expect({ draft: i, errors: result.errors }).toEqual({ draft: i, errors: [] });
      } else {
        refused++;
      }
    }
    expect(passed).toBeGreaterThan(5);
    expect(refused).toBeGreaterThan(5);
  });
});

describe('STR data checks', () => {
  it('a missing SERVICE_FILING_ENTITY_ID is an error', () => {
    expect(dataChecks(header({ entity_id: null }))).toEqual([
      {
        severity: 'error',
        source: 'data',
        code: 'entity_id_missing',
        path: 'header.entity_id',
        message: "the reporting entity's id at the filing unit is not set; set SERVICE_FILING_ENTITY_ID",
      },
    ]);
  });

  it('a missing institution, licence or regulator is a warning naming the field and where to set it', async () => {
    const h = header({ institution: null, licence: '  ', regulator: 'FIAU' });
    expect(dataChecks(h)).toEqual([
      { severity: 'warning', source: 'data', code: 'filing_detail_missing', path: 'header.institution', message: "the organisation's institution (institution) is not set; set it in /settings/organisation" },
      { severity: 'warning', source: 'data', code: 'filing_detail_missing', path: 'header.licence', message: "the organisation's licence number (licence) is not set; set it in /settings/organisation" },
    ]);
    // Warnings only: the document is still valid, its branch a placeholder until the institution is set.
    const { checks, document } = await checkStr(personDraft(), h, { schema, now: NOW });
    expect(checks.every((c) => c.severity === 'warning')).toBe(true);
    expect(document.xml).toContain('<rentity_branch>-</rentity_branch>');
  });

  it('all three layers together, schema first, then rules, then data', async () => {
    const d = personDraft();
    d.reason = '';
    const { checks } = await checkStr(d, header({ entity_id: null, regulator: null }), { schema, now: NOW });
    expect(checks.map((c) => `${c.source} ${c.code} ${c.path}`)).toEqual([
      'schema schema_invalid header.entity_id',
      'rule reason_missing reason',
      'data entity_id_missing header.entity_id',
      'data filing_detail_missing header.regulator',
    ]);
  });
});

describe('STR schema checks', () => {
  it('without a configured schema: a warning that none is configured', async () => {
    const { checks } = await checkStr(personDraft(), header(), { schema: null, now: NOW });
    expect(checks).toEqual([
      { severity: 'warning', source: 'schema', code: 'schema_not_configured', path: 'document', message: 'no filing schema is configured (SERVICE_FILING_SCHEMA); the document is not validated' },
    ]);
  });

  it("maps xmllint's errors to the draft's fields by line", async () => {
    const d = personDraft();
    d.subject = { ...person, id_number: '1'.repeat(30), nationality: 'XX' };
    d.transactions[2]!.event_id = 'e'.repeat(120);
    const checks = await schemaChecks(buildStrDocument(d, header()), schema);
    expect(checks.map((c) => [c.severity, c.source, c.code, c.path])).toEqual([
      ['error', 'schema', 'schema_invalid', 'subject.id_number'],
      ['error', 'schema', 'schema_invalid', 'subject.nationality'],
      ['error', 'schema', 'schema_invalid', 'subject.id_number'],
      ['error', 'schema', 'schema_invalid', 'subject.nationality'],
      ['error', 'schema', 'schema_invalid', 'transactions[2].event_id'],
      ['error', 'schema', 'schema_invalid', 'subject.id_number'],
      ['error', 'schema', 'schema_invalid', 'subject.nationality'],
    ]);
    expect(checks[0]!.message).toMatch(/^line \d+: .*Element 'ssn'.*length/);
  });

  it('maps a missing element to the subject field it is written from', async () => {
    const d = personDraft();
    d.subject = { ...person, occupation: null };
    const doc = buildStrDocument(d, header());
    // An empty occupation breaks its length facet; with the element gone, xmllint says it expected it.
    const without = doc.xml.split('\n');
    const at = without.findIndex((l) => l.includes('<occupation>'));
    without.splice(at, 1);
    const paths = [...doc.linePaths];
    paths.splice(at, 1);
    const checks = await schemaChecks({ xml: without.join('\n'), linePaths: paths }, schema);
    expect(checks[0]!.path).toBe('subject.occupation');
    expect(checks[0]!.message).toMatch(/Missing child element.*occupation/);
    expect(schemaErrorPath({ line: null, message: 'whatever' }, doc)).toBe('document');
    expect(schemaErrorPath({ line: 10_000, message: 'whatever' }, doc)).toBe('document');
  });
});

describe('filing schema and settings', () => {
  it('reads the indicator codes from the XSD once, at load', () => {
    expect(schema.indicators).toEqual(['-']);
    expect(schema.enumeration('country_type')).toContain('MT');
    expect(schema.enumeration('no_such_type')).toEqual([]);
    const xsd = '<xs:simpleType name="report_indicator_type"><xs:restriction base="xs:string"><xs:enumeration value="1001M" /><xs:enumeration value="A&amp;B" /></xs:restriction></xs:simpleType>';
    expect(xsdEnumeration(xsd, 'report_indicator_type')).toEqual(['1001M', 'A&B']);
  });

  it('SERVICE_FILING_SCHEMA and SERVICE_FILING_ENTITY_ID', () => {
    const s = parseSettings({ SERVICE_FILING_SCHEMA: 'schemas/goaml.xsd', SERVICE_FILING_ENTITY_ID: '1001' });
    expect(s.filingSchema).toBe(path.resolve('schemas/goaml.xsd'));
    expect(s.filingEntityId).toBe(1001);
    const unset = parseSettings({ SERVICE_FILING_SCHEMA: '', SERVICE_FILING_ENTITY_ID: '' });
    expect(unset.filingSchema).toBeUndefined();
    expect(unset.filingEntityId).toBeUndefined();
    expect(() => parseSettings({ SERVICE_FILING_ENTITY_ID: 'RE-1001' })).toThrow('SERVICE_FILING_ENTITY_ID: must be the whole number the filing unit gave the reporting entity (1 to 2147483647)');
    expect(() => parseSettings({ SERVICE_FILING_ENTITY_ID: '0' })).toThrow('SERVICE_FILING_ENTITY_ID');
  });
});
