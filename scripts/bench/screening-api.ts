// Benchmark of POST /v1/screenings in the service, in-process.
//
//   npm run bench -- screening-api [-list PATH] [-n 400]
//
// Creates a fresh database (createTestDatabase: SERVICE_DATABASE_URL's server, else 127.0.0.1:5432,
// else an embedded PostgreSQL), loads the OFAC SDN 2024 list into it the way `service-admin screening
// load` does, builds this process's screening index, then times POST /v1/screenings through the route
// handler (authentication, validation, matching, the stored screening, the alert and the audit rows)
// one request after another for a few hundred names: listed names with a typo, reordered or shortened,
// and made-up names. Progress on stderr; one JSON line on stdout (request latency p50/p95/p99, requests
// per second one at a time, the matcher's own p50/p99 on the same names, list load and index build
// times). The database is dropped at the end.

import '../project';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '../../tests/support/database';
import { percentile } from './_load';

const DEFAULT_LIST = fileURLToPath(new URL('../../../shared/data/lists/ofac-sdn-2024-05-03.json', import.meta.url));
const progress = (line: string) => process.stderr.write(`[screening-api] ${line}\n`);

function flag(name: string, fallback: string): string {
  const args = process.argv.slice(2);
  const i = args.findIndex((a) => a === `-${name}` || a === `--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? (args[i + 1] as string) : fallback;
}

// Small deterministic generator (mulberry32), so every run screens the same names.
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Anna', 'James', 'Maria', 'Wei', 'Olga', 'Pedro', 'Fatima', 'Lars', 'Aisha', 'Tomasz', 'Keiko', 'Liam'];
const LAST = ['Whitfield', 'Okonkwo', 'Lindqvist', 'Baranowski', 'Castellanos', 'Nakamura', 'Hollister', 'Dubois', 'Marchetti', 'Oyelaran'];

function typo(word: string, rnd: () => number): string {
  if (word.length < 5) return word;
  const i = 1 + Math.floor(rnd() * (word.length - 2));
  return rnd() < 0.5 ? word.slice(0, i) + word.slice(i + 1) : word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

async function main(): Promise<void> {
  const listPath = flag('list', DEFAULT_LIST);
  const total = Number(flag('n', '400'));
  const warmup = 30;

  progress('creating a fresh database');
  const database = await createTestDatabase(progress);
  process.env.SERVICE_DATABASE_URL = database.url;
  process.env.SERVICE_LOG_LEVEL = 'silent';
  process.env.SERVICE_RATE_LIMIT = '0';
  // Imported only now, so every module reads the settings of the fresh database.
  const { closeDb, getDb } = await import('../../db/client');
  const { reloadSettings } = await import('../../lib/config');
  reloadSettings();
  const { createOrganisation } = await import('../../lib/orgs/create-organisation');
  const { createKey } = await import('../../lib/keys/create-key');
  const { systemActor } = await import('../../lib/auth/actor');
  const { readListFile } = await import('../../lib/screening/list-file');
  const { loadScreeningList } = await import('../../lib/screening/load-list');
  const { refreshScreeningIndex } = await import('../../lib/screening/list-index');
  const screenings = await import('../../app/v1/screenings/route');

  try {
    const org = await createOrganisation(getDb(), { name: `bench-${Date.now()}` });
    const { secret } = await createKey(getDb(), systemActor(org.id), { name: 'bench' });

    let started = performance.now();
    const file = await readListFile(listPath);
    const checkMs = performance.now() - started;
    progress(`${file.code} ${file.version}: ${file.entries.length} entries checked in ${Math.round(checkMs)} ms`);
    started = performance.now();
    await loadScreeningList(getDb(), file);
    const loadMs = performance.now() - started;
    progress(`loaded in ${Math.round(loadMs)} ms`);
    started = performance.now();
    const index = await refreshScreeningIndex(getDb());
    const indexMs = performance.now() - started;
    progress(`index of ${index.size} entries read and built in ${Math.round(indexMs)} ms`);

    const rnd = random(20240503);
    const names: Array<{ name: string; kind?: 'person' | 'business' }> = [];
    for (let i = 0; i < total + warmup; i++) {
      if (i % 3 === 2) {
        const pick = <T>(a: T[]) => a[Math.floor(rnd() * a.length)] as T;
        names.push({ name: `${pick(FIRST)} ${pick(LAST)}`, kind: 'person' });
        continue;
      }
      const entry = file.entries[Math.floor(rnd() * file.entries.length)]!;
      const words = entry.name.replace(/,/g, ' ').split(/\s+/).filter(Boolean);
      const variant = rnd();
      const changed =
        variant < 0.4 ? words.map((w) => (rnd() < 0.5 ? typo(w, rnd) : w)) : variant < 0.7 ? [...words].reverse() : words.slice(0, Math.max(1, words.length - 1));
      names.push({ name: changed.join(' ').slice(0, 200), ...(rnd() < 0.7 ? { kind: entry.kind } : {}) });
    }

    const send = (body: unknown) =>
      screenings.POST(
        new Request('http://localhost/v1/screenings', {
          method: 'POST',
          headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    for (const q of names.slice(0, warmup)) await (await send(q)).text();
    progress(`warmed up with ${warmup} screenings; timing ${total}`);

    const latencies: number[] = [];
    let potential = 0;
    const statuses: Record<string, number> = {};
    const wall = performance.now();
    for (const q of names.slice(warmup)) {
      const t0 = performance.now();
      const response = await send(q);
      const body = (await response.json()) as { status?: string };
      latencies.push(performance.now() - t0);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      if (body.status === 'potential_match') potential++;
    }
    const seconds = (performance.now() - wall) / 1000;
    latencies.sort((a, b) => a - b);
    // The matcher alone on the same names, to tell matching from the request's database work.
    const matching: number[] = [];
    for (const q of names.slice(warmup)) {
      const t0 = performance.now();
      index.screen(q, { threshold: 80, floor: 50, maxCandidates: 25 });
      matching.push(performance.now() - t0);
    }
    matching.sort((a, b) => a - b);
    const result = {
      screening_api: {
        list: `${file.code}@${file.version}`,
        entries: file.entries.length,
        requests: latencies.length,
        statuses,
        potential_matches: potential,
        p50_ms: percentile(latencies, 50),
        p95_ms: percentile(latencies, 95),
        p99_ms: percentile(latencies, 99),
        per_s: Math.round((latencies.length / seconds) * 10) / 10,
        match_p50_ms: percentile(matching, 50),
        match_p99_ms: percentile(matching, 99),
        load_ms: Math.round(loadMs),
        index_build_ms: Math.round(indexMs),
      },
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await closeDb();
    await database.drop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`[screening-api] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
