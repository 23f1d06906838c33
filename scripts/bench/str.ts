/**
 * An STR with 1,000 transactions (a person subject on one side of each, both directions, some in a foreign currency):
 * building its goAML document and running all checks (schema with xmllint-wasm against the goAML 5.0.1 XSD, rules,
 * data), as GET /v1/reports/str/{id} does. Prints p50/p95/max in milliseconds over the timed runs after a warm-up;
 * the last line on stdout is one JSON line. Goal: p95 under 200 ms.
 *
 *   npm run bench -- str [--transactions N] [--runs N] [--schema PATH]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFilingSchema } from '../../lib/filing/schema';
import { checkStr } from '../../lib/reports/str/checks';
import type { StrDraft, StrFilingHeader, StrTransaction } from '../../lib/reports/str/types';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? (args[i + 1] as string) : fallback;
};
const transactions = Number(option('transactions', '1000'));
const runs = Number(option('runs', '50'));
const warmup = 5;
const schemaPath = path.resolve(option('schema', path.resolve(here, '../../../shared/data/filing/goaml-5.0.1.xsd')));

const start = Date.UTC(2026, 9, 1);
const draft: StrDraft = {
  subject: {
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
  },
  transactions: Array.from({ length: transactions }, (_, i): StrTransaction => {
    const outgoing = i % 2 === 0;
    const foreign = i % 10 === 0;
    const subject = { entity_id: 'cust-1', name: 'Anna Borg', my_client: true };
    const other = { entity_id: `cp-${i % 37}`, name: `Counterparty ${i % 37} Ltd`, my_client: false };
    const date = new Date(start + i * 3_600_000).toISOString();
    return {
      index: i,
      event_id: `evt-${String(i).padStart(6, '0')}`,
      date,
      source_date: date,
      amount: 4_000 + ((i * 37) % 990) + 0.5,
      currency: foreign ? 'USD' : 'EUR',
      amount_local: foreign ? 3_700 + ((i * 37) % 900) : null,
      rail: ['sepa', 'swift', 'card', 'cash'][i % 4] as string,
      from: outgoing ? subject : other,
      to: outgoing ? other : subject,
      description: `Payment ${i} <ref & "note">`,
    };
  }),
  reason: 'Repeated transfers just under the reporting threshold to and from unrelated counterparties.',
  action: 'Account placed under enhanced monitoring.',
  indicators: ['-'],
  attachments: [{ key: 'statement', name: 'statement.pdf', type: 'application/pdf', size: 1_200_000, sha256: 'a'.repeat(64) }],
};
const header: StrFilingHeader = {
  entity_id: 1001,
  institution: 'Example Bank',
  licence: 'L-001',
  regulator: 'FIAU',
  reference: 'STR-1',
  submission_date: '2026-11-25T10:00:00Z',
  currency_local: 'EUR',
  reporting_person: { first_name: 'Maria', last_name: 'Officer' },
};

const schema = await loadFilingSchema(schemaPath);
const now = new Date('2026-11-25T12:00:00Z');
let errors = 0;
for (let i = 0; i < warmup; i++) await checkStr(draft, header, { schema, now });
const samples: number[] = [];
let bytes = 0;
for (let i = 0; i < runs; i++) {
  const t0 = process.hrtime.bigint();
  const result = await checkStr(draft, header, { schema, now });
  samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
  errors += result.checks.filter((c) => c.severity === 'error').length;
  bytes = Buffer.byteLength(result.document.xml);
}
samples.sort((a, b) => a - b);
const q = (p: number) => Math.round((samples[Math.min(samples.length - 1, Math.floor(p * samples.length))] as number) * 10) / 10;
console.log(`${transactions} transactions, ${bytes} bytes of XML: p50 ${q(0.5)} ms, p95 ${q(0.95)} ms over ${runs} runs (goal < 200 ms)`);
console.log(
  JSON.stringify({ bench: 'str', transactions, runs, xml_bytes: bytes, p50_ms: q(0.5), p95_ms: q(0.95), max_ms: q(1), error_checks: errors, goal_ms: 200, ok: q(0.95) < 200 && errors === 0 }),
);
