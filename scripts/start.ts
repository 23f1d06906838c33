import './project';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import next from 'next';
import { closeDb, getDb } from '../db/client';
import { settings, SettingsError } from '../lib/config';
import { prepareDatabase } from './database';
import { ensureAuthSecret } from '../lib/auth/auth-secret';
import { bootstrapAdmin } from '../lib/setup/bootstrap-admin';
import { licencePublicKey } from '../lib/setup/installation';
import { CLIENT_ADDRESS_HEADER, clientAddressOf } from '../lib/http/client-address';
import { serveWithRoute } from '../lib/http/node-route';
import { loadSampleListIfNone } from '../lib/screening/sample-list';
import { startFilingWorker } from '../lib/filing/worker';
import { startCtrNightly } from '../lib/reports/ctr/nightly';
import { PROJECT_ROOT } from './project';

const progress = (line: string) => process.stderr.write(`[start] ${line}\n`);

function newestSourceTime(): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const dir of ['app', 'components', 'lib', 'db']) {
    const full = path.join(PROJECT_ROOT, dir);
    if (existsSync(full)) walk(full);
  }
  for (const file of ['next.config.ts', 'proxy.ts', 'instrumentation.ts', 'package.json', 'postcss.config.mjs', 'tsconfig.json']) {
    const full = path.join(PROJECT_ROOT, file);
    if (existsSync(full)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** The path of a request target, without its query. */
const pathOf = (url: string | undefined): string => (url ?? '').split('?', 1)[0] ?? '';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Builds the application when there is no build yet or the sources changed since the last one.
 * A lock directory makes concurrent starts of one checkout (tests, several instances) build once:
 * the others wait for it and then use that build.
 */
async function ensureBuild(): Promise<void> {
  // AML_NEXT_DIST_DIR (read by next.config.ts too) lets browser tests build beside the usual `.next`.
  const distDir = process.env.AML_NEXT_DIST_DIR || '.next';
  const buildId = path.join(PROJECT_ROOT, distDir, 'BUILD_ID');
  const fresh = () => existsSync(buildId) && statSync(buildId).mtimeMs >= newestSourceTime();
  if (fresh()) return;
  const lock = path.join(PROJECT_ROOT, `${distDir}.build-lock`);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another start is building; a lock older than 15 minutes is left over from a killed build.
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 15 * 60_000) rmSync(lock, { recursive: true, force: true });
      progress('waiting for another start to finish building');
      await sleep(2_000);
      if (fresh()) return;
    }
  }
  try {
    if (fresh()) return;
    progress('building the application (first start or changed sources; this takes a minute or two)');
    // `next build` points next-env.d.ts at the directory it builds; a side build leaves it pointing at `.next`.
    const nextEnv = path.join(PROJECT_ROOT, 'next-env.d.ts');
    const keptNextEnv = process.env.AML_NEXT_DIST_DIR && existsSync(nextEnv) ? readFileSync(nextEnv, 'utf8') : undefined;
    const result = spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'node_modules/next/dist/bin/next'), 'build'], {
      cwd: PROJECT_ROOT,
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    });
    if (keptNextEnv !== undefined) writeFileSync(nextEnv, keptNextEnv);
    if (result.status !== 0) throw new Error('the application build failed (see above)');
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  let config;
  try {
    config = settings();
  } catch (err) {
    if (err instanceof SettingsError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const dev = process.env.AML_DEV === '1';
  const embedded = await prepareDatabase(progress);
  if (config.screeningSample) {
    // SERVICE_SCREENING_SAMPLE: a synthetic list, only when no list is loaded at all.
    const sample = await loadSampleListIfNone(getDb());
    if (sample) progress(`loaded the synthetic sample screening list "${sample.descriptor.code}" (${sample.descriptor.entries} entries)`);
  }
  // People's session secret (unless SERVICE_AUTH_SECRET is set), and the first admin from the bootstrap settings.
  if (!config.authSecret) await ensureAuthSecret(getDb());
  licencePublicKey(); // an unusable SERVICE_LICENCE_PUBLIC_KEY stops the start with a message naming it
  const bootstrap = await bootstrapAdmin(getDb(), config);
  if (bootstrap.status === 'created') progress(`created the first admin ${bootstrap.email} in organisation "${bootstrap.orgName}" (bootstrap settings)`);
  if (!dev) await ensureBuild();
  // The built server's chunks come with source maps, which Node would read and keep for every chunk it loads (the
  // source maps tsx turns on): about 145 MB of the service's heap, which every full collection marks. A production
  // service does without them; its stack traces name the built chunks.
  if (!dev) process.setSourceMapsEnabled(false);

  const app = next({ dev, dir: PROJECT_ROOT, hostname: '0.0.0.0', port: config.port, quiet: !dev });
  const handle = app.getRequestHandler();
  await app.prepare();
  // Event ingest is served by its route handler without Next.js's router (lib/http/node-route.ts).
  const { POST: ingestRoute } = await import('../app/v1/events/route');
  const server = http.createServer((req, res) => {
    // Always overwritten, so the per-address setup limit counts the real client, not what a client claims.
    req.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf({
      remoteAddress: req.socket.remoteAddress,
      forwardedFor: req.headers['x-forwarded-for'],
      trustedProxies: config.trustedProxies,
    });
    if (req.method === 'POST' && pathOf(req.url) === '/v1/events') void serveWithRoute(ingestRoute, req, res);
    else void handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(config.port, resolve));
  progress(
    `listening on http://localhost:${config.port} (${embedded ? 'embedded PostgreSQL' : 'SERVICE_DATABASE_URL'}; ready in ${Math.round(performance.now() - started)} ms)`,
  );

  // Sends queued filings and polls filed ones (one instance at a time, by an advisory lock); idle while
  // SERVICE_FILING_URL is unset.
  const filingWorker = startFilingWorker();
  // Builds the previous UTC day's CTR batches at SERVICE_CTR_AT (one instance at a time), and a missed day on start.
  const ctrNightly = startCtrNightly();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    progress(`${signal}: stopping`);
    server.close();
    server.closeAllConnections();
    await filingWorker.stop().catch(() => undefined);
    await ctrNightly.stop().catch(() => undefined);
    await app.close?.().catch(() => undefined);
    await closeDb().catch(() => undefined);
    if (embedded?.started) await embedded.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(`[start] failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
