import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/client-address';
import { createTestDatabase } from '../support/database';
import { freePort, startService, stopProcess, waitFor } from '../support/processes';

/** POST /v1/setup over a real connection from `localAddress` (any 127/8 address reaches the loopback). */
function postSetup(port: number, localAddress: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, localAddress, method: 'POST', path: '/v1/setup', headers: { 'content-type': 'application/json', ...headers } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end('{}');
  });
}

describe("setup attempt limit behind the service's own HTTP server", () => {
  it(
    "counts the connection's address: a new X-Forwarded-For or a forged internal header per request does not escape it",
    async () => {
      const database = await createTestDatabase();
      const port = await freePort();
      const service = startService({
        SERVICE_DATABASE_URL: database.url,
        PORT: String(port),
        SERVICE_TRUSTED_PROXIES: '0',
        SERVICE_LOG_LEVEL: 'warn',
        SERVICE_LICENCE_PUBLIC_KEY: undefined,
        SERVICE_BOOTSTRAP_ADMIN_EMAIL: undefined,
        SERVICE_BOOTSTRAP_ADMIN_PASSWORD: undefined,
      });
      try {
        await waitFor(`http://127.0.0.1:${port}/healthz`, 280_000);
        const statuses: number[] = [];
        for (let i = 1; i <= 21; i++) {
          // Each attempt claims another client, both in X-Forwarded-For and in the header the server stamps.
          statuses.push(await postSetup(port, '127.0.0.1', { 'x-forwarded-for': `198.51.100.${i}`, [CLIENT_ADDRESS_HEADER]: `203.0.113.${i}` }));
        }
        // `{}` is refused on its fields (400) until the limit; the 21st attempt is over it.
        expect(statuses.slice(0, 20)).toEqual(Array.from({ length: 20 }, () => 400));
        expect(statuses[20]).toBe(429);
        // Another connection address is another client, with its own count.
        expect(await postSetup(port, '127.0.0.2', { 'x-forwarded-for': '198.51.100.1' })).toBe(400);
      } finally {
        const code = await stopProcess(service);
        await database.drop();
        expect(code, service.output()).toBe(0);
      }
    },
    300_000,
  );
});
