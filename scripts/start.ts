import './project';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import next from 'next';
import { closeDb } from '../db/client';
import { settings, SettingsError } from '../lib/config';
import { prepareDatabase } from './database';
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
  for (const file of ['next.config.ts', 'package.json', 'postcss.config.mjs', 'tsconfig.json']) {
    const full = path.join(PROJECT_ROOT, file);
    if (existsSync(full)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the application when there is no build yet or the sources changed since the last one. */
function ensureBuild(): void {
  const buildId = path.join(PROJECT_ROOT, '.next', 'BUILD_ID');
  if (existsSync(buildId) && statSync(buildId).mtimeMs >= newestSourceTime()) return;
  progress('building the application (first start or changed sources; this takes a minute or two)');
  const result = spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'node_modules/next/dist/bin/next'), 'build'], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error('the application build failed (see above)');
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
  const dev = process.env.SERVICE_DEV === '1';
  const embedded = await prepareDatabase(progress);
  if (!dev) ensureBuild();

  const app = next({ dev, dir: PROJECT_ROOT, hostname: '0.0.0.0', port: config.port });
  const handle = app.getRequestHandler();
  await app.prepare();
  const server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(config.port, resolve));
  progress(
    `listening on http://localhost:${config.port} (${embedded ? 'embedded PostgreSQL' : 'SERVICE_DATABASE_URL'}; ready in ${Math.round(performance.now() - started)} ms)`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    progress(`${signal}: stopping`);
    server.close();
    server.closeAllConnections();
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
