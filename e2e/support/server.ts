import type { ChildProcess } from 'node:child_process';
import { createTestDatabase } from '../../tests/support/database';
import { freePort, startService, stopProcess, waitFor } from '../../tests/support/processes';
import { E2E_DIST_DIR } from './build';

export interface RunningService {
  baseUrl: string;
  databaseUrl: string;
  output(): string;
  stop(): Promise<void>;
  /** Stops the service only, for a restart on the same database. */
  stopKeepingDatabase(): Promise<void>;
}

/** The service as `npm start` runs it, on a fresh database and a free port, from the browser tests' build. */
export async function startTestService(
  env: Record<string, string | undefined> = {},
  /** Start on the database of an earlier service (a restart); that service's stop() drops it. */
  reuse?: RunningService,
): Promise<RunningService> {
  const database = reuse
    ? { url: reuse.databaseUrl, drop: async () => undefined }
    : await createTestDatabase((line) => process.stderr.write(`[e2e db] ${line}\n`));
  const port = await freePort();
  let child: (ChildProcess & { output: () => string }) | undefined;
  try {
    child = startService({
      SERVICE_DATABASE_URL: database.url,
      AML_NEXT_DIST_DIR: E2E_DIST_DIR,
      PORT: String(port),
      SERVICE_LOG_LEVEL: 'warn',
      SERVICE_AUTH_SECRET: undefined,
      SERVICE_BOOTSTRAP_ADMIN_EMAIL: undefined,
      SERVICE_BOOTSTRAP_ADMIN_PASSWORD: undefined,
      SERVICE_LICENCE_PUBLIC_KEY: undefined,
      ...env,
    });
    const started = child;
    const exited = new Promise<never>((_, reject) => started.once('exit', (code) => reject(new Error(`the start script exited with ${code}`))));
    exited.catch(() => undefined); // the normal stop later is not a failure
    await Promise.race([waitFor(`http://127.0.0.1:${port}/healthz`, 120_000), exited]);
  } catch (err) {
    const output = child?.output() ?? '';
    if (child) await stopProcess(child);
    await database.drop();
    throw new Error(`the service did not start: ${String(err)}\n${output}`);
  }
  const running = child;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    databaseUrl: database.url,
    output: () => running.output(),
    stop: async () => {
      await stopProcess(running);
      await database.drop();
    },
    stopKeepingDatabase: async () => {
      await stopProcess(running);
    },
  };
}
