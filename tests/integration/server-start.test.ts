import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, runCli, startService, stopProcess, waitFor } from '../support/processes';

describe('npm start', () => {
  it(
    'starts on the embedded PostgreSQL from an empty data dir, serves /healthz, /readyz and /v1 with a CLI-made key',
    async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'aml-start-'));
      await fs.chmod(dataDir, 0o755);
      const port = await freePort();
      const env = { SERVICE_DATABASE_URL: undefined, SERVICE_DATA_DIR: dataDir, PORT: String(port) };
      const service = startService(env);
      try {
        const started = performance.now();
        await waitFor(`http://127.0.0.1:${port}/healthz`, 240_000);
        expect(performance.now() - started).toBeGreaterThan(0);
        const ready = await waitFor(`http://127.0.0.1:${port}/readyz`, 30_000);
        expect(await ready.json()).toMatchObject({ ready: true, database: 'ok' });

        // The CLI joins the embedded server the service started.
        const org = await runCli(['orgs', 'create', '-name', 'Demo'], env);
        expect(org.code).toBe(0);
        const key = await runCli(['keys', 'create', '-org', 'Demo', '-name', 'first'], env);
        expect(key.code).toBe(0);
        const secret = JSON.parse(key.stdout).key as string;
        const list = await fetch(`http://127.0.0.1:${port}/v1/keys`, { headers: { authorization: `Bearer ${secret}` } });
        expect(list.status).toBe(200);
        expect((await list.json()).keys[0].name).toBe('first');
        expect(list.headers.get('x-request-id')).toBeTruthy();

        // Event ingest is served without Next's router (lib/http/node-route.ts); what it stores, the
        // routed listing reads, and its requests count under the route's metric label.
        const sent = await fetch(`http://127.0.0.1:${port}/v1/events?mode=sync`, {
          method: 'POST',
          headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            type: 'transfer',
            idempotency_key: 'start-1',
            occurred_at: new Date().toISOString(),
            amount: { value: 12.5, currency: 'EUR' },
            source: { entity_id: 'start-src' },
            destination: { entity_id: 'start-dst' },
          }),
        });
        expect(sent.status).toBe(200);
        const decision = await sent.json();
        const listed = await fetch(`http://127.0.0.1:${port}/v1/events`, { headers: { authorization: `Bearer ${secret}` } });
        expect((await listed.json()).events.map((e: { id: string }) => e.id)).toEqual([decision.event_id]);
        const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
        expect(metrics).toMatch(/aml_http_requests_total\{method="POST",route="\/v1\/events",status="200"\} 1\b/);

        // Over the network the chunked body limit holds too.
        const big = await fetch(`http://127.0.0.1:${port}/v1/keys`, {
          method: 'POST',
          headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'x', pad: 'y'.repeat(1024 * 1024 + 10) }),
        });
        expect(big.status).toBe(413);
      } finally {
        const code = await stopProcess(service);
        expect(code, service.output()).toBe(0);
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    },
    300_000,
  );
});
