import { describe, expect, inject, it } from 'vitest';
import { getDb } from '@/db/client';
import { systemActor } from '@/lib/auth/actor';
import { createKey } from '@/lib/keys/create-key';
import { newOrg } from '../support/api';
import { freePort, startService, stopProcess, waitFor } from '../support/processes';

/** Activations reach other instances within the interface's 30 seconds. */
const PROPAGATION_LIMIT_MS = 30_000;

/** Waits for the service to answer, failing at once (with its output) if the process ends first. */
async function serving(service: ReturnType<typeof startService>, port: number, timeoutMs: number): Promise<void> {
  const exited = new Promise<never>((_, reject) =>
    service.once('exit', (code) => reject(new Error(`the service exited with ${code} before serving:\n${service.output()}`))),
  );
  await Promise.race([waitFor(`http://127.0.0.1:${port}/healthz`, timeoutMs), exited]);
}

describe('rule activation across instances', () => {
  it(
    'an activation through one service process scores events on another within 30 seconds',
    async () => {
      const org = await newOrg('propagation');
      const { secret: approverKey } = await createKey(getDb(), systemActor(org.orgId), { name: 'approver' });
      const env = (port: number) => ({ SERVICE_DATABASE_URL: inject('databaseUrl'), PORT: String(port), SERVICE_LOG_LEVEL: 'warn' });
      const [portA, portB] = [await freePort(), await freePort()];
      // One after the other: the first start builds the application if its sources changed.
      const a = startService(env(portA));
      let b: ReturnType<typeof startService> | undefined;
      let codes: (number | null)[] = [];
      try {
        await serving(a, portA, 400_000);
        b = startService(env(portB));
        await serving(b, portB, 400_000);

        const request = async (port: number, method: string, path: string, key: string, body?: unknown) => {
          const r = await fetch(`http://127.0.0.1:${port}${path}`, {
            method,
            headers: { authorization: `Bearer ${key}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          const text = await r.text();
          return { status: r.status, text, json: text.startsWith('{') ? JSON.parse(text) : undefined };
        };
        let n = 0;
        const scoreOnB = () =>
          request(portB, 'POST', '/v1/events?mode=sync', org.key, {
            type: 'transfer',
            idempotency_key: `propagation-${Date.now()}-${n++}`,
            occurred_at: new Date().toISOString(),
            amount: { value: 7.77, currency: 'EUR' },
            source: { entity_id: `sender-${n}` },
            destination: { entity_id: 'receiver' },
          });

        // B has scored with the built-in pack, so its cache holds a rule set to be replaced.
        const warm = await scoreOnB();
        expect(warm.status, warm.text).toBe(200);
        expect(warm.json.reasons).toEqual([]);

        const drafted = await request(portA, 'POST', '/v1/rules', org.key, {
          key: 'propagation_probe',
          expr: 'amount == 7.77',
          weight: 50,
          detail: 'propagation probe',
        });
        expect(drafted.status, drafted.text).toBe(201);
        const activated = await request(portA, 'POST', `/v1/rules/${drafted.json.id}/activate`, approverKey);
        expect(activated.status, activated.text).toBe(200);
        const started = Date.now();

        // The list reads the database, so both instances show the activation at once.
        for (const port of [portA, portB]) {
          const listed = await request(port, 'GET', '/v1/rules?status=active', org.key);
          expect(listed.json.rules.map((r: { key: string }) => r.key)).toEqual(['propagation_probe']);
        }

        let reasons: { rule: string }[] = [];
        while (Date.now() - started < PROPAGATION_LIMIT_MS) {
          const scored = await scoreOnB();
          expect(scored.status, scored.text).toBe(200);
          reasons = scored.json.reasons;
          if (reasons.some((r) => r.rule === 'propagation_probe')) break;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        expect(reasons.map((r) => r.rule)).toEqual(['propagation_probe']);
        expect(Date.now() - started).toBeLessThan(PROPAGATION_LIMIT_MS);
      } finally {
        codes = await Promise.all([stopProcess(a), b ? stopProcess(b) : Promise.resolve(0)]);
      }
      // Reached only when the test passed: both processes then stop cleanly.
      expect(codes, `${a.output()}\n${b?.output() ?? ''}`).toEqual([0, 0]);
    },
    600_000,
  );
});
